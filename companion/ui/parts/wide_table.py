"""A table wider than the screen, shared by the score sheet and the player
stats: the first column (rounds, or players) stays put while the others
scroll sideways, and a line above the table says which part is shown and
how many columns are out of sight, with a button on each side to page there.

A person on a phone saw four of seven players and no sign of the rest, and
long names cut to "Comput…". So widths are decided here from the text,
measured in the app's bundled font: a column is as wide as its widest word
(names and headers wrap at spaces onto a second line, never mid-word), and
the hint and its buttons always tell what lies beyond the edge.
"""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import flet as ft

from companion.i18n import _, ngettext
from companion.machine import runtime
from companion.ui.textscale import text_scale
from companion.ui.widgets import use_lazy_state

if TYPE_CHECKING:
    from PIL import ImageFont

FONTS = Path(__file__).resolve().parents[2] / "assets" / "fonts"
PAD = 16  # room left and right of a cell's text
PAGE_WIDTH = 760  # the app's widest content (app.MAX_WIDTH), for a first guess


def room() -> float:
    """The width a table likely has on this page (the table measures it)."""
    try:
        width = float(ft.context.page.width or PAGE_WIDTH)
    except (AttributeError, RuntimeError):  # drawn outside a page (a test)
        width = PAGE_WIDTH
    return min(width, PAGE_WIDTH) - SCREEN_PAD


SCREEN_PAD = 32  # the screens' list padding, both sides
SCROLLBAR = 12  # room under the columns for the scrollbar's thumb


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | None:
    if not runtime.has_pillow():  # the browser: widths are estimated
        return None
    from PIL import ImageFont  # optional: Pillow has no build for the browser

    try:
        font = FONTS / "DejaVuSans.ttf"  # i18n: not shown (a file name)
        return ImageFont.truetype(str(font), size)
    except OSError:  # a trimmed installation: fall back to an estimate
        return None


def text_width(text: str, size: int, bold: bool = False) -> float:
    """``text``'s width in px as the app draws it: DejaVu Sans, made bold by
    Flutter (measured: 3.5 % wider than the regular advances). Characters
    drawn from the fallback fonts (CJK, emoji) count a little over 1 em."""
    # better a hair too wide; drawn larger at the device's text scale
    return _advances(text, size) * (1.06 if bold else 1.03) * text_scale()


@lru_cache(maxsize=8192)
def _advances(text: str, size: int) -> float:
    """The sum of ``text``'s advances at ``size``: the same names, scores and
    labels are measured by every session at every render (a score sheet's
    layout measured each cell several times over, per page: about a fifth
    of the server's time at a live table's save, issue 25)."""
    font = _font(size)
    if font is None:  # the browser: the font's own advances (issue 37)
        from .advances import ADVANCES, EM
    total = 0.0
    for ch in text:
        if ord(ch) >= 0x2E80:
            total += size * 1.25
        elif font is None:
            units = ADVANCES.get(ord(ch))
            total += size * 0.62 if units is None else units * size / EM
        else:
            total += float(font.getlength(ch))
    return total


def fitting_size(text: str, size: int, width: float, bold: bool = False) -> int:
    """The largest font size up to ``size`` at which every word of ``text``
    fits ``width`` (at the device's text scale): a title may wrap between
    words, never inside one ("Companio/n" at 200 % text)."""
    longest = max(text.split() or [""], key=lambda w: text_width(w, size, bold))
    while size > 12 and text_width(longest, size, bold) > width:
        size -= 1
    return size


def two_line_width(text: str, size: int, bold: bool = False) -> float:
    """The narrowest width holding ``text`` in at most two lines broken at
    spaces (one line when it has no space): no word is ever cut."""
    words = text.split()
    best = text_width(text, size, bold)
    for cut in range(1, len(words)):
        first = text_width(" ".join(words[:cut]), size, bold)
        second = text_width(" ".join(words[cut:]), size, bold)
        best = min(best, max(first, second))
    return best


def fit_width(
    texts: Sequence[tuple[str, int, bool]],
    least: int,
    most: int = 10_000,
    *,
    one_line: bool = False,
) -> int:
    """A column's width: each (text, size, bold) fits in two lines at most
    (one with ``one_line``), within ``least`` and ``most`` px."""
    measure = text_width if one_line else two_line_width
    need = max((measure(t, s, b) for t, s, b in texts), default=0.0)
    return max(least, min(most, math.ceil(need) + PAD))


@dataclass(frozen=True)
class Col:
    """One scrolling column: its name (said in the hint), its width and one
    cell per row (the table sizes each cell to its row's height)."""

    name: str
    width: int
    cells: list[ft.Control]


def shown(
    starts: list[int], widths: list[int], offset: float, view: float
) -> tuple[int, int]:
    """First and last column wholly inside the view (with one px of slack);
    when the view is narrower than a column, the column under its middle."""
    whole = [
        i
        for i, (s, w) in enumerate(zip(starts, widths, strict=True))
        if s >= offset - 1 and s + w <= offset + view + 1
    ]
    if whole:
        return whole[0], whole[-1]
    middle = offset + view / 2
    i = max((i for i, s in enumerate(starts) if s <= middle), default=0)
    return i, i


def _plural(n: int, noun: tuple[str, str]) -> str:
    """Say "2 more players" (``noun``: ("player", "players") or ("column", …))."""
    if noun[0] == "player":
        text = ngettext("{n} more player", "{n} more players", n)
    else:
        text = ngettext("{n} more column", "{n} more columns", n)
    return text.format(n=n)


def _where(noun: tuple[str, str], a: int, b: int, count: int) -> str:
    """Say "Players 1–4 of 6", or "Player 3 of 6" when one column fills it."""
    player = noun[0] == "player"
    if a == b:
        text = _("Player {a} of {n}") if player else _("Column {a} of {n}")
    else:
        text = _("Players {a}–{b} of {n}") if player else _("Columns {a}–{b} of {n}")
    return text.format(a=a + 1, b=b + 1, n=count)


def scaled(heights: list[int]) -> list[int]:
    """Row heights grown with the device's text scale (a 1 px rule stays)."""
    scale = text_scale()
    return [h if h <= 1 else math.ceil(h * scale) for h in heights]


@ft.component
def WideTable(
    first: list[ft.Control],
    first_width: int,
    columns: list[Col],
    heights: list[int],
    noun: tuple[str, str],
    lines: bool = False,
) -> ft.Control:
    """``first`` is the fixed column's cells, one per row of ``heights``;
    ``noun`` names the scrolling columns ("player", "players") in the hint;
    ``lines`` draws a rule under every row."""
    heights = scaled(heights)
    guess = room() - first_width
    view, set_view = ft.use_state(guess)
    offset = ft.use_ref(0.0)
    widths = [c.width for c in columns]
    starts = [sum(widths[:i]) for i in range(len(widths))]
    total = sum(widths)
    # the first and last column wholly in view
    window, set_window = use_lazy_state(lambda: shown(starts, widths, 0, guess))
    scroller: ft.Ref[ft.Row] = ft.Ref()

    def follow(pixels: float, width: float) -> None:
        offset.current = pixels
        set_view(width)
        set_window(shown(starts, widths, pixels, width))

    def resized(e: ft.LayoutSizeChangeEvent[ft.LayoutControl]) -> None:
        follow(offset.current or 0.0, float(e.width))

    def scrolled(e: ft.OnScrollEvent) -> None:
        follow(float(e.pixels), float(e.viewport_dimension))

    async def go(to: float) -> None:
        to = max(0.0, min(float(to), total - view))
        if scroller.current is not None:
            await scroller.current.scroll_to(offset=to, duration=250)
        follow(to, view)

    scrolling = ft.Container(
        expand=True,
        on_size_change=resized,
        size_change_interval=100,
        content=ft.Row(
            [_body(columns, heights, lines, *window)],
            ref=scroller,
            spacing=0,
            scroll=ft.Scrollbar(thumb_visibility=True, interactive=True),
            scroll_interval=100,
            on_scroll=scrolled,
        ),
    )
    fixed = _fixed(first, first_width, heights, lines)
    table = ft.Row(
        [fixed, scrolling], spacing=0, vertical_alignment=ft.CrossAxisAlignment.START
    )
    if total <= view + 1 or not columns:
        return table
    bar = _position_bar(columns, noun, window, starts, view, go)
    return ft.Column([bar, table], spacing=0)


def _cell(control: ft.Control, width: int, height: int, lines: bool) -> ft.Control:
    """The cell at its column's width and its row's height. A container
    already that size (the score sheet sizes its own: one control fewer a
    cell for every page to build, diff and send) is used as it is."""
    sized = isinstance(control, ft.Container) and (control.width, control.height)
    if not lines and sized == (width, height):
        return control
    rule = ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)
    return ft.Container(
        width=width,
        height=height,
        content=control,
        border=ft.Border.only(bottom=rule) if lines and height > 1 else None,
    )


def _fixed(
    first: list[ft.Control], first_width: int, heights: list[int], lines: bool
) -> ft.Control:
    """Each fixed cell is its own node for screen readers (and tests): left
    alone, Flutter would merge them all into one label with the hint."""
    return ft.Column(
        [
            ft.Semantics(container=True, content=_cell(c, first_width, h, lines))
            for c, h in zip(first, heights, strict=True)
        ],
        spacing=0,
    )


def _body(
    columns: list[Col], heights: list[int], lines: bool, a: int, b: int
) -> ft.Control:
    """The scrolling columns. One not wholly in view (outside ``a``..``b``)
    is out of the screen reader's reach too: Flutter web keeps its texts
    where they would be, unseen (over the padding or the fixed column), so
    they would be read but not seen. The position line and the buttons say
    what is there."""
    stacks = [
        ft.Column(
            [
                _cell(c, col.width, h, lines)
                for c, h in zip(col.cells, heights, strict=True)
            ]
            + [ft.Container(height=SCROLLBAR)],
            spacing=0,
        )
        for col in columns
    ]
    return ft.Row(
        [
            stack
            if a <= i <= b
            else ft.Semantics(exclude_semantics=True, content=stack)
            for i, stack in enumerate(stacks)
        ],
        spacing=0,
    )


def _position_bar(
    columns: list[Col],
    noun: tuple[str, str],
    window: tuple[int, int],
    starts: list[int],
    view: float,
    go: Callable[[float], Awaitable[None]],
) -> ft.Control:
    """Which columns are in view, with a button each way to the next ones."""
    a, b = window
    left, right = a, len(columns) - 1 - b
    where = _where(noun, a, b, len(columns))
    back: ft.Control = ft.Container(width=0)
    if left:
        before = max(0.0, starts[a - 1] + columns[a - 1].width - view)
        snap = min(s for s in starts if s >= before - 1)

        async def go_back(_: object) -> None:
            await go(snap)

        back = ft.TextButton(f"‹ {_plural(left, noun)}", height=48, on_click=go_back)
    more: ft.Control = ft.Container(width=0)
    if right:
        ahead = starts[b + 1]

        async def go_on(_: object) -> None:
            await go(ahead)

        more = ft.TextButton(f"{_plural(right, noun)} ›", height=48, on_click=go_on)
    said = ft.Semantics(
        container=True,
        live_region=True,  # said again as the person scrolls
        expand=True,
        content=ft.Text(where, size=13, text_align=ft.TextAlign.CENTER),
    )
    if text_scale() > 1.25:  # large text: the words above, whole, not squeezed
        buttons = ft.Row([back, more], alignment=ft.MainAxisAlignment.SPACE_BETWEEN)
        return ft.Column([ft.Row([said]), buttons], spacing=0)
    return ft.Row([back, said, more], spacing=4)
