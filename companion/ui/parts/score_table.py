"""The score sheet: one column per player, one row per round, totals in big
numerals at the bottom, the leader in the accent colour, who deals next, and
a banner for tie-break rounds or the winner. Readable across a table: the
round column stays put while a big table's players scroll sideways
(wide_table.py), and a name is never cut (it wraps onto two lines)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from companion.i18n import _, signed
from companion.rules import Player, RoundRecord, Sheet
from companion.share.stats import late_start
from companion.ui.textscale import text_scale
from companion.ui.theme import ACCENT, BIG_NUMBER, DANGER
from companion.ui.widgets import awaiting

from .wide_table import (
    PAD,
    Col,
    WideTable,
    room,
    scaled,
    text_width,
    two_line_width,
)

CELL = 84
NARROW = 68  # four or more players: each column as wide as its text needs
SNUG = 52  # the least a column is given before the sheet scrolls sideways
SMALLER_NUMBER = 24  # totals, when the big ones would push a column off a phone
FIRST = 64
WIDEST = 170  # a column never grows past this; a longer name wraps mid-word
NAME_SIZE = 15
LEADS, MARK = "★", 16  # the leader's mark beside the total, and its size
STARTS = "▸"  # marks a late player's starting total in her column
HEAD, ROW, RULE, FOOT = 40, 40, 1, 52  # row heights; HEAD doubles for two lines


def _cell(
    text: str,
    *,
    bold: bool = False,
    size: int = 18,
    colour: str | None = None,
    bg: str | None = None,
    tooltip: str | None = None,
    label: str | None = None,
    lines: int = 1,
    mark: str = "",
) -> ft.Control:
    """A cell's text, centred, after a small ``mark``; the table gives it its
    width and height."""
    return ft.Container(
        bgcolor=bg,
        alignment=ft.Alignment.CENTER,
        tooltip=tooltip,
        padding=ft.Padding.symmetric(horizontal=4),
        content=ft.Text(
            "" if mark else text,
            spans=[ft.TextSpan(mark, ft.TextStyle(size=MARK)), ft.TextSpan(text)]
            if mark
            else None,
            size=size,
            color=colour,
            no_wrap=lines == 1,
            max_lines=lines,
            text_align=ft.TextAlign.CENTER,
            weight=ft.FontWeight.BOLD if bold else None,
            overflow=ft.TextOverflow.ELLIPSIS,
            semantics_label=label,
        ),
    )


def _width(needs: list[float], least: int) -> int:
    return max(least, min(WIDEST, math.ceil(max(needs)) + PAD))


@dataclass(frozen=True, slots=True)
class Cell:
    """A round's cell in a player's column: its text, a small mark before
    it (:data:`STARTS` for a late player's start) and whether it is red."""

    text: str
    red: bool = False
    mark: str = ""
    label: str | None = None  # what a screen reader says instead


def _score(sheet: Sheet, rec: RoundRecord, pid: str) -> Cell:
    entry = rec.entry(pid)
    if entry is None:
        return Cell("·")
    score = entry.score(sheet.rules)
    mark = "✎" if entry.typed is not None else ""
    mark += "✗" if entry.busted else ""
    text = f"{signed(score)}{' ' + mark if mark else ''}"
    return Cell(text, entry.busted or score < 0)


def round_cells(sheet: Sheet, p: Player) -> list[Cell]:
    """``p``'s cell in each round; a late player's start stands, marked, in
    the round before she joined (her total after it), so her column adds up
    to her total (issue 37: "· ·" then 30 0 8 0 under 65)."""
    cells = [_score(sheet, rec, p.id) for rec in sheet.rounds]
    late = late_start(sheet, p.id)
    if late is not None and late.before:
        label = _("{name} joined at {total}").format(
            name=p.name, total=signed(late.start)
        )
        cells[late.before - 1] = Cell(signed(late.start), late.start < 0, STARTS, label)
    return cells


def _player_cells(
    name: str,
    lines: list[Cell],
    leads: bool,
    deals_next: bool,
) -> list[ft.Control]:
    """A player's column: name, one cell a round, a rule (then the total)."""
    bg = ft.Colors.with_opacity(0.15, ACCENT) if leads else None
    cells = [
        _cell(
            name,
            bold=True,
            size=NAME_SIZE,
            bg=bg,
            lines=2,
            tooltip=_("Deals next") if deals_next else None,
        )
    ]
    cells += [
        _cell(
            c.text,
            colour=DANGER if c.red else None,
            bg=bg,
            mark=c.mark,
            label=c.label,
        )
        if c.text != "·"
        else _cell(c.text, colour=ft.Colors.OUTLINE)
        for c in lines
    ]
    cells.append(ft.Container(bgcolor=ft.Colors.OUTLINE_VARIANT))
    return cells  # the total follows, at the layout's size


def _total_cell(p: Player, total: int, leads: bool, size: int) -> ft.Control:
    bg = ft.Colors.with_opacity(0.15, ACCENT) if leads else None
    return _cell(
        signed(total),
        mark=LEADS if leads else "",
        bold=True,
        size=size,
        colour=ACCENT if leads else None,
        bg=bg,
        label=_("{name}: {total} in total").format(name=p.name, total=signed(total)),
    )


def _total_width(total: int, leads: bool, size: int = BIG_NUMBER) -> float:
    """The leader's total is marked, not only coloured: a small ★ before it."""
    star = text_width(LEADS, MARK) if leads else 0.0
    return star + text_width(signed(total), size, True)


@dataclass(frozen=True, slots=True)
class Layout:
    """How the sheet's columns are drawn on a page ``room`` px wide: the
    round column's width, each player's, and the totals' size."""

    first: int
    widths: list[int]
    total_size: int

    @property
    def width(self) -> int:
        return self.first + sum(self.widths)


def layout(
    names: list[str],
    scores: list[list[str]],
    totals: list[int],
    leads: list[bool],
    room: float,
) -> Layout:
    """The widest layout that fits ``room``, trying in turn: names on one
    line; totals a size smaller (four players with three-digit totals, the
    leader's ★ among them, fit a 390 px phone); columns no wider than their
    text needs ("Computer 1" beside three short names); names on two lines.
    What still does not fit scrolls sideways (wide_table.py)."""
    # "Round", "Total": wider where a translation needs it ("Összesen")
    label = max(text_width(_("Round"), 14, True), text_width(_("Total"), 14, True))
    first = math.ceil(max(FIRST * text_scale(), label + PAD))  # label is scaled
    least = CELL if len(names) <= 3 else NARROW

    def tried(one_line: bool, size: int, floor: int) -> Layout:
        fit = text_width if one_line else two_line_width
        widths = [
            _width(
                [fit(name, NAME_SIZE, True)]
                + [text_width(t, 18) for t in lines]
                + [_total_width(total, lead, size)],
                floor,
            )
            for name, lines, total, lead in zip(
                names, scores, totals, leads, strict=True
            )
        ]
        return Layout(first, widths, size)

    tries = [
        (True, BIG_NUMBER, least),
        (True, SMALLER_NUMBER, least),
        (True, SMALLER_NUMBER, SNUG),
        (False, SMALLER_NUMBER, SNUG),
    ]
    for one_line, size, floor in tries[:-1]:
        found = tried(one_line, size, floor)
        if found.width <= room:
            return found
    return tried(*tries[-1])


def _round_column(
    rounds: int, on_edit: Callable[[int], object] | None
) -> list[ft.Control]:
    """The fixed column: R1, R2… (tap one to correct it), then Total."""
    first: list[ft.Control] = [_cell(_("Round"), bold=True, size=14)]
    for i in range(rounds):
        label: ft.Control = ft.Text(f"R{i + 1}", size=14)
        if on_edit is not None:
            label = ft.TextButton(
                f"R{i + 1}",
                on_click=awaiting(lambda _e, i=i, edit=on_edit: edit(i)),
                tooltip=_("Edit round {n}").format(n=i + 1),
            )
        first.append(ft.Container(alignment=ft.Alignment.CENTER, content=label))
    first.append(ft.Container(bgcolor=ft.Colors.OUTLINE_VARIANT))
    first.append(_cell(_("Total"), bold=True, size=14))
    return first


def _sized(cells: list[ft.Control], width: int, heights: list[int]) -> None:
    """Give each cell its column's width and its row's height (as the table
    scales it), so the table draws it as it is instead of in a box of that
    size (``wide_table._cell``): a third fewer controls in the sheet, which
    every page builds, diffs and is sent afresh after each save (issue 25)."""
    for cell, height in zip(cells, scaled(heights), strict=True):
        if isinstance(cell, ft.Container):
            cell.width, cell.height = width, height


def legend(sheet: Sheet, editable: bool) -> str:
    """What the sheet's marks mean, only those it shows, and how to correct
    a round once there is one ("" when there is nothing to explain)."""
    entries = [entry for rec in sheet.rounds for _pid, entry in rec.entries]
    parts = []
    if any(entry.typed is not None for entry in entries):
        parts.append(_("✎ typed"))
    if any(entry.busted for entry in entries):
        parts.append(_("✗ busted"))
    for p in sheet.players:
        late = late_start(sheet, p.id)
        if late is not None and late.before:
            parts.append(
                _("{mark} {name} joined at {total}").format(
                    mark=STARTS, name=p.name, total=signed(late.start)
                )
            )
    if editable and sheet.rounds:
        parts.append(_("tap R1, R2… to correct"))
    return "   ".join(parts)


def score_table(sheet: Sheet, on_edit: Callable[[int], object] | None) -> ft.Control:
    """The sheet; ``on_edit=None`` shows it read-only (past games)."""
    players = [
        p
        for p in sheet.players
        if p.seated or any(rec.entry(p.id) for rec in sheet.rounds)
    ]
    totals = sheet.totals()
    seated_totals = [totals[p.id] for p in sheet.seated]
    best = max(seated_totals) if seated_totals and sheet.rounds else None
    leaders = {p.id for p in sheet.seated if totals[p.id] == best}
    next_dealer = sheet.next_dealer().id if not sheet.over else None
    names = [
        p.name if p.seated else _("{name} (left)").format(name=p.name) for p in players
    ]
    scores = [round_cells(sheet, p) for p in players]
    shape = layout(
        names,
        [[c.mark + c.text for c in lines] for lines in scores],
        [totals[p.id] for p in players],
        [p.id in leaders for p in players],
        room(),
    )
    first_width, widths = shape.first, shape.widths
    columns: list[Col] = []
    two_lines = False
    for p, name, width, lines in zip(players, names, widths, scores, strict=True):
        two_lines |= text_width(name, NAME_SIZE, True) > width - PAD
        cells = _player_cells(name, lines, p.id in leaders, p.id == next_dealer)
        cells.append(_total_cell(p, totals[p.id], p.id in leaders, shape.total_size))
        columns.append(Col(p.name, width, cells))
    first = _round_column(len(sheet.rounds), on_edit)
    heights = [HEAD + (12 if two_lines else 0)]
    heights += [ROW] * len(sheet.rounds) + [RULE, FOOT]
    _sized(first, first_width, heights)
    for col in columns:
        _sized(col.cells, col.width, heights)
    table = WideTable(first, first_width, columns, heights, ("player", "players"))
    words = legend(sheet, on_edit is not None)
    if not words:
        return table
    return ft.Column(
        [
            table,
            ft.Semantics(
                container=True,  # its own line, not merged into the table's
                content=ft.Text(words, size=12),
            ),
        ],
        spacing=4,
    )
