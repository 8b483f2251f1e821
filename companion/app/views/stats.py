"""The stats screen's view: one row of figures per player over every
stored game, in the table's column order, worded in the session's numbers.

Why a value: what each cell says ("50%", "12.5", "–" for no best round
yet) is decided here and tested without a page; the screen lays the rows
out (its widths depend on the page) and charts the statistic chosen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.i18n import N_, one_decimal, rate
from companion.share.stats import PlayerStats

if TYPE_CHECKING:
    from companion.app.session import AppState

# Worded by the screen with _() (the headers wrap at its widths).
COLUMNS: tuple[str, ...] = (N_("Player"), N_("Games"), N_("Wins"), N_("Win rate"))
COLUMNS += (N_("Mean round"), N_("Bust rate"), N_("Flip 7s"), N_("Best round"))


@dataclass(frozen=True, slots=True)
class StatsView:
    rows: tuple[tuple[str, ...], ...]  # one per player, in COLUMNS' order
    players: tuple[PlayerStats, ...]  # the same players, for the chart


def stats_row(s: PlayerStats) -> tuple[str, ...]:
    best = "–" if s.best_round is None else str(s.best_round)
    return (
        s.name,
        str(s.games),
        str(s.wins),
        rate(s.win_rate),
        one_decimal(s.mean_round),
        rate(s.bust_rate),
        str(s.flip7s),
        best,
    )


def stats_view(stats: Sequence[PlayerStats]) -> StatsView:
    """``stats``: each player's record, in the order the table lists them."""
    return StatsView(tuple(stats_row(s) for s in stats), tuple(stats))


def stats_of(session: AppState) -> StatsView:
    """Every stored game's players, as a session may see them."""
    return stats_view(session.library.stats())
