"""One stored game as a line of a list (Home and History): its heading, and
whether it is won or in progress, its rounds and the day it was played.

Why apart: both lists word a game the same way, and the words are made
here once, from the store's summary, for the screens to draw as tiles.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.i18n import _, names_list, ngettext
from companion.store.records import GameSummary


@dataclass(frozen=True, slots=True)
class GameLine:
    """``heading``: Home shows the players, History the game's title;
    ``names``: the players, for "Delete game Ann, Bob"."""

    id: str
    heading: str
    names: str
    status: str


def game_status(game: GameSummary, day: str) -> str:
    """ "Won by Ann · 3 rounds · 15 Mar 2024", or "In progress · …"."""
    if game.finished and game.winners:
        status = _("Won by {names}").format(names=names_list(game.winners))
    else:
        status = _("In progress")
    rounds = ngettext("{n} round", "{n} rounds", game.rounds).format(n=game.rounds)
    return f"{status} · {rounds} · {day}"


def game_line(game: GameSummary, days: Mapping[str, str], *, titled: bool) -> GameLine:
    """The line of ``game``; ``days``: the day each game was played, by id
    (the store's day when the game's own is not known)."""
    names = ", ".join(game.players)
    day = days.get(game.id, game.created[:10])
    return GameLine(
        game.id, game.title if titled else names, names, game_status(game, day)
    )
