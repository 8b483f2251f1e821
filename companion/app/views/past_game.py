"""One past game's view: its title, its headline (who won, or who leads),
the day it was played with its target, and the sheet to draw read-only.

Why a value: a game that cannot be read (gone, damaged, not the host's)
and one not started yet say so in words decided here; the screen draws
the headline, the running-totals chart and the sheet it is given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.app.standings import banner, standings
from companion.i18n import _
from companion.rules import Sheet
from companion.share.stats import Series, running_totals
from companion.store import GameRecord

from .share import played_day
from .sheet import SheetView, sheet_view

if TYPE_CHECKING:
    from companion.app.session import AppState


@dataclass(frozen=True, slots=True)
class PastGameView:
    """``sheet`` is None when the game cannot be shown; ``problem`` says why."""

    game_id: str
    title: str
    head: str = ""
    played: str = ""
    sheet: SheetView | None = None  # the score sheet, as words and numbers
    problem: str | None = None
    chart: TotalsChart | None = None  # the running totals after each round


@dataclass(frozen=True, slots=True)
class TotalsChart:
    """The running-totals chart: each player's totals, round by round."""

    series: tuple[Series, ...]
    rounds: int
    target: int


def totals_chart_of(sheet: Sheet) -> TotalsChart:
    return TotalsChart(
        tuple(running_totals(sheet)), len(sheet.rounds), sheet.rules.target
    )


def past_game_view(game_id: str, record: GameRecord | str) -> PastGameView:
    """``record``: the stored game, or the message saying why it cannot be read."""
    if isinstance(record, str):
        return PastGameView(game_id, _("Past game"), problem=record)
    sheet = record.sheet
    title = str(record.meta.get("title") or ", ".join(p.name for p in sheet.seated))
    head = banner(sheet) if sheet.over else None
    if head is None and sheet.rounds:
        leader = standings(sheet)[0]
        head = _("In progress · {name} leads with {total}").format(
            name=leader.player.name, total=leader.total
        )
    played = _("Played {day} · target {target}").format(
        day=played_day(record), target=sheet.rules.target
    ) + (" · " + _("Brutal") if sheet.rules.brutal else "")
    return PastGameView(
        game_id,
        title,
        head or _("Not started yet"),
        played,
        sheet_view(sheet),
        chart=totals_chart_of(sheet),
    )


def past_game_of(session: AppState, game_id: str) -> PastGameView:
    """Stored game ``game_id`` as a session may see it."""
    return past_game_view(game_id, session.library.load_game(game_id))
