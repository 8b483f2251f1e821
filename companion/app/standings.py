"""Read-only views of a Sheet that several screens show: standings, the
end-of-game banner and the news after a round. Pure functions, so the
wording is unit-tested once."""

from __future__ import annotations

from dataclasses import dataclass

from companion.i18n import N_, _, names_list
from companion.i18n.said import Said
from companion.rules import Player, Sheet


@dataclass(frozen=True, slots=True)
class Standing:
    """One row of the standings; ``place`` is shared by equal totals (1, 1, 3)."""

    player: Player
    total: int
    place: int


def standings(sheet: Sheet) -> list[Standing]:
    totals = sheet.totals()
    rows = sorted(sheet.seated, key=lambda p: -totals[p.id])
    out: list[Standing] = []
    for i, p in enumerate(rows):
        same = out and out[-1].total == totals[p.id]
        out.append(Standing(p, totals[p.id], out[-1].place if same else i + 1))
    return out


def banner(sheet: Sheet) -> str | None:
    """The game's headline after a round: winner, shared win or tie-break."""
    end = sheet.end()
    totals = sheet.totals()
    if end.over:
        winners = [p.name for p in sheet.winners()]
        top = totals[sheet.winners()[0].id]
        if len(winners) == 1:
            return _("{name} wins with {total}!").format(name=winners[0], total=top)
        return _("{names} share the win with {total}!").format(
            names=names_list(winners), total=top
        )
    if end.tie_break:
        tied = [sheet.seated[i] for i in end.tie_break]
        return _(
            "Tie at {total}: {names} play a tie-break round; the others sit it out."
        ).format(total=totals[tied[0].id], names=names_list([p.name for p in tied]))
    return None


def after_round(sheet: Sheet) -> str:
    """What the table is told once a round is in the sheet, however it was
    scored (tapped in or dealt): the :func:`banner`, or who deals next (a
    :class:`~companion.i18n.said.Said`, so every phone words it in its own
    language)."""
    return banner(sheet) or Said(
        N_("{name} deals next."), name=sheet.next_dealer().name
    )
