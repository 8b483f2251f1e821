"""A caption under the saved QR image: what the game was, when, who won.

A saved or printed QR PNG is a square of dots until someone scans it; the
caption (title, date, winner, totals) says at a glance which game it is.
Only the saved PNG gets it: on screen the same text stands beside the QR.
The QR itself is untouched, so every reader still scans it. Where Pillow is
missing (the browser app) the saved PNG is the QR alone.
"""

from __future__ import annotations

from collections.abc import Sequence

import companion.machine.runtime as runtime
from companion.rules import Sheet

from .meta import ShareMeta
from .summary import _result_line, ranked


def caption_lines(sheet: Sheet, meta: ShareMeta) -> list[str]:
    """Title, date (when not already in the title), result, then totals."""
    heading = meta.heading()
    lines = [heading]
    day = meta.day_text()
    if day and day not in heading:
        lines.append(day)
    names = {p.id: p.name for p in sheet.players}
    lines.append(_result_line(sheet, names))
    if sheet.rounds:
        lines.append(" · ".join(f"{p.name} {total}" for _, p, total in ranked(sheet)))
    return lines


def captioned(png: bytes, lines: Sequence[str]) -> bytes:
    """``png`` with ``lines`` centred in a white band below it, black text
    (the first line bold and larger); ``png`` itself without Pillow."""
    if not runtime.has_pillow():
        return png
    from .caption_band import draw_band  # Pillow: absent in the browser

    return draw_band(png, lines)
