"""The score sheet as words and numbers: one column per player shown (a
player who left stays while they have rounds), each round's cell with its
marks, the totals, the leader, who deals next, and the legend of the marks.

Why here and not in the ui: which players stand on the sheet, who leads,
how a late player's start is shown so her column adds up, and what the
legend explains are the sheet's rules, tested without a page; the ui only
measures the words to size the columns (``ui/parts/score_table.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.i18n import _, signed
from companion.rules import Player, RoundRecord, Sheet
from companion.share.stats import late_start

STARTS = "▸"  # marks a late player's starting total in her column


@dataclass(frozen=True, slots=True)
class Cell:
    """A round's cell in a player's column: its text, a small mark before
    it (:data:`STARTS` for a late player's start) and whether it is red."""

    text: str
    red: bool = False
    mark: str = ""
    label: str | None = None  # what a screen reader says instead

    @property
    def empty(self) -> bool:
        """No entry for the player in that round ("·")."""
        return self.text == "·"


@dataclass(frozen=True, slots=True)
class SheetColumn:
    pid: str
    name: str  # the player's own name (the column's accessible name)
    heading: str  # "Ann", or "Ann (left)"
    cells: tuple[Cell, ...]  # one a round
    total: int
    leads: bool  # the leader (a seated player with the best total)
    deals_next: bool


@dataclass(frozen=True, slots=True)
class SheetView:
    columns: tuple[SheetColumn, ...]
    rounds: int
    marks: tuple[str, ...]  # what the marks shown mean ("✎ typed", …)

    def legend(self, editable: bool) -> str:
        """The marks' meanings, and how to correct a round once there is
        one on an ``editable`` sheet ("" when there is nothing to explain)."""
        parts = list(self.marks)
        if editable and self.rounds:
            parts.append(_("tap R1, R2… to correct"))
        return "   ".join(parts)


def score_cell(sheet: Sheet, rec: RoundRecord, pid: str) -> Cell:
    """``pid``'s cell in round ``rec``: the score with ✎ (typed) and ✗
    (busted) marks, red when busted or below 0; "·" with no entry."""
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
    cells = [score_cell(sheet, rec, p.id) for rec in sheet.rounds]
    late = late_start(sheet, p.id)
    if late is not None and late.before:
        label = _("{name} joined at {total}").format(
            name=p.name, total=signed(late.start)
        )
        cells[late.before - 1] = Cell(signed(late.start), late.start < 0, STARTS, label)
    return cells


def marks(sheet: Sheet) -> tuple[str, ...]:
    """What the sheet's marks mean, only those it shows."""
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
    return tuple(parts)


def legend(sheet: Sheet, editable: bool) -> str:
    """:meth:`SheetView.legend` of ``sheet``."""
    return sheet_view(sheet).legend(editable)


def sheet_view(sheet: Sheet) -> SheetView:
    """The sheet's columns: every seated player, and one who left while
    they have rounds on it; the leaders are seated players with the best
    total once a round is played."""
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
    columns = tuple(
        SheetColumn(
            p.id,
            p.name,
            p.name if p.seated else _("{name} (left)").format(name=p.name),
            tuple(round_cells(sheet, p)),
            totals[p.id],
            p.id in leaders,
            p.id == next_dealer,
        )
        for p in players
    )
    return SheetView(columns, len(sheet.rounds), marks(sheet))
