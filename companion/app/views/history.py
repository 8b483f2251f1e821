"""History's view: every stored game, found by a player's name as typed.

Why a value: which games a search finds, and the heading that says how
many of how many (or that no player is called so), are decisions tested
here without a page; the screen draws the lines and keeps only the query.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from companion.app.observable import Notice
from companion.i18n import _
from companion.share.stats import name_key
from companion.store.records import GameSummary

from .games import GameLine, game_line


class Shelf(Protocol):
    """What History reads of the stored games (``Library``, without
    importing it: the library imports :func:`matches` from here)."""

    def games(self) -> list[GameSummary]: ...
    def history(self, query: str = "") -> list[GameSummary]: ...
    def days(self, games: Iterable[GameSummary]) -> dict[str, str]: ...


class HasShelf(Protocol):
    @property
    def library(self) -> Shelf: ...
    @property
    def notice(self) -> Notice | None: ...


@dataclass(frozen=True, slots=True)
class HistoryView:
    query: str
    heading: str
    games: tuple[GameLine, ...]
    notice: Notice | None = None  # the answer to the last intent


def matches(summary: GameSummary, query: str) -> bool:
    """A game matches when one of its players' names contains the query,
    ignoring case and extra spaces; an empty query matches every game."""
    q = name_key(query)
    return not q or any(q in name_key(n) for n in summary.players)


def heading(shown: int, everything: int, query: str) -> str:
    if not everything:
        return _("No games yet")
    if not shown:
        return _("No game with a player called “{name}”").format(name=query.strip())
    if query.strip():
        return _("Games ({shown} of {count})").format(shown=shown, count=everything)
    return _("Games ({count})").format(count=everything)


def history_view(
    games: Sequence[GameSummary], days: Mapping[str, str], query: str = ""
) -> HistoryView:
    """The games (every stored one, latest first) whose players match
    ``query``; ``days``: the day each was played, by id."""
    found = [g for g in games if matches(g, query)]
    return HistoryView(
        query,
        heading(len(found), len(games), query),
        tuple(game_line(g, days, titled=True) for g in found),
    )


def history_of(session: HasShelf, query: str = "") -> HistoryView:
    """History as a session shows it, for the name typed (``query``)."""
    library = session.library
    games = library.games()
    view = history_view(games, library.days(library.history(query)), query)
    return replace(view, notice=session.notice)
