"""Write companion/ui/parts/advances.py: DejaVu Sans's advance widths, for
measuring text where Pillow is not (the phone app, under Pyodide).

The app draws its text in DejaVu Sans (companion/assets/fonts); the score
sheet and the stats table size their columns from the text's width. On a
server Pillow measures it; in the browser there is no Pillow, and a guess of
0.62 em a character made "Games" too narrow for its column ("Game / s",
issue 37). The font's own advances, read once here, are exact and small.

Run ``uv run python tools/make_advances.py`` after changing the font;
tests/test_text_widths.py fails until you do.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import ImageFont

ROOT = Path(__file__).resolve().parents[1]
FONT = ROOT / "companion" / "assets" / "fonts" / "DejaVuSans.ttf"
OUT = ROOT / "companion" / "ui" / "parts" / "advances.py"
EM = 2048  # DejaVu Sans's units per em: advances are whole numbers
# Latin (every European name and both translations), punctuation, arrows,
# maths (the minus sign), shapes and dingbats (★ ▸ ✎ ✗)
BLOCKS = ((0x20, 0x250), (0x2000, 0x2070), (0x2190, 0x2300), (0x25A0, 0x27C0))


def advances() -> dict[int, int]:
    font = ImageFont.truetype(str(FONT), EM, layout_engine=ImageFont.Layout.BASIC)
    missing = font.getlength("\ue000")  # a private-use code: no glyph
    out = {}
    for lo, hi in BLOCKS:
        for code in range(lo, hi):
            width = font.getlength(chr(code))
            if width != missing or code == 0x20:
                out[code] = round(width)
    return out


def source() -> str:
    rows = []
    items = sorted(advances().items())
    for i in range(0, len(items), 5):
        rows.append(" ".join(f"{c:#06x}: {w}," for c, w in items[i : i + 5]))
    body = "\n".join(f"    {row}" for row in rows)
    return (
        '"""DejaVu Sans advance widths in font units (EM to the em), by code\n'
        "point: text measured in the browser, where there is no Pillow.\n"
        'Written by tools/make_advances.py; do not edit."""\n\n'
        f"EM = {EM}\n"
        "ADVANCES: dict[int, int] = {\n"
        f"{body}\n"
        "}  # fmt: skip\n"
    )


if __name__ == "__main__":
    OUT.write_text(source(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}", file=sys.stderr)
