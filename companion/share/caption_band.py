"""The caption band drawn under a saved QR image, with Pillow.

Apart from :mod:`.caption` because Pillow is optional: the browser app has
none (no Pyodide build on PyPI), and there the saved PNG is the bare QR.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONTS = Path(__file__).resolve().parents[1] / "assets" / "fonts"
_LATIN = "DejaVuSans.ttf"  # i18n: not shown
_LATIN_BOLD = "DejaVuSans-Bold.ttf"  # i18n: not shown
# the fallback font: Chinese, Japanese, Korean and more
_WIDE = "DroidSansFallbackFull.ttf"  # i18n: not shown


@cache
def _font(name: str, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.truetype(str(FONTS / name), size)
    except OSError:  # a trimmed installation: Pillow's own font still reads
        return ImageFont.load_default(size)


def _is_wide(ch: str) -> bool:
    """A character DejaVu lacks (CJK, Thai…): drawn with the fallback font."""
    return ord(ch) >= 0x0E00 and not 0x1E00 <= ord(ch) < 0x2E00


def _runs(text: str, size: int, bold: bool) -> list[tuple[str, ImageFont.FreeTypeFont]]:
    """``text`` cut into runs of one font each: DejaVu for Latin, Greek,
    Cyrillic, Hebrew, Arabic…; the fallback font for the scripts DejaVu lacks."""
    latin = _font(_LATIN_BOLD if bold else _LATIN, size)
    wide = _font(_WIDE, size)
    runs: list[tuple[str, ImageFont.FreeTypeFont]] = []
    for ch in text:
        font = wide if _is_wide(ch) else latin
        if runs and runs[-1][1] is font:
            runs[-1] = (runs[-1][0] + ch, font)
        else:
            runs.append((ch, font))  # type: ignore[arg-type]
    return runs


def _length(text: str, size: int, bold: bool) -> float:
    return sum(font.getlength(part) for part, font in _runs(text, size, bold))


def _wrap(text: str, size: int, bold: bool, width: int) -> list[str]:
    """Break at spaces to fit ``width`` px; a word too long is cut with "…"."""
    out: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if _length(trial, size, bold) <= width or not line:
            line = trial
        else:
            out.append(line)
            line = word
        if _length(line, size, bold) > width:
            cut = len(line) - 1
            while cut > 1 and _length(line[:cut] + "…", size, bold) > width:
                cut -= 1
            out.append(line[:cut] + "…")
            line = ""
    if line:
        out.append(line)
    return out


def draw_band(png: bytes, lines: Sequence[str]) -> bytes:
    """``png`` with ``lines`` centred in a white band below it, black text
    (the first line bold and larger), about 1/30 of the width tall each."""
    qr = Image.open(io.BytesIO(png)).convert("RGB")
    width = qr.width
    size = max(14, width // 30)
    margin = size
    rows: list[tuple[str, int, bool]] = []
    for i, text in enumerate(lines):
        big, bold = (round(size * 1.3), True) if i == 0 else (size, False)
        rows += [
            (part, big, bold) for part in _wrap(text, big, bold, width - 2 * margin)
        ]
    gap = size // 2
    heights = [int(big * 1.25) for _, big, _ in rows]
    band = sum(heights) + gap * max(0, len(rows) - 1) + margin
    out = Image.new("RGB", (width, qr.height + band), "white")
    out.paste(qr, (0, 0))
    draw = ImageDraw.Draw(out)
    y = qr.height
    for (text, big, bold), h in zip(rows, heights, strict=True):
        x = (width - _length(text, big, bold)) / 2
        for part, font in _runs(text, big, bold):
            draw.text((x, y), part, fill="black", font=font)
            x += font.getlength(part)
        y += h + gap
    buf = io.BytesIO()
    out.save(buf, format="PNG")
    return buf.getvalue()
