"""Home's view: the stored games, the offer to continue the unfinished one,
and what went wrong on its own (a folder the app cannot write, files moved
aside, a game deleted elsewhere).

Why a value: which games Home lists, which one "Continue round 4" opens
and how its names are cut are decided here and tested without a page; the
screen draws them and keeps only which game it is asking to delete.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.app.observable import Notice
from companion.i18n import _
from companion.store.records import GameSummary

from .games import GameLine, game_line

if TYPE_CHECKING:
    from companion.app.session import AppState

NAMES_SHOWN = 90  # characters of the unfinished game's names under its button


@dataclass(frozen=True, slots=True)
class Offer:
    """ "Continue round 4", and whose game it is (cut, never the round)."""

    game_id: str
    label: str
    names: str


@dataclass(frozen=True, slots=True)
class HomeView:
    games: tuple[GameLine, ...]
    offer: Offer | None
    heading: str  # "Past games", or "No games yet"
    alerts: tuple[str, ...]  # shown in red, the folder's problem first
    can_restore: bool  # "Undo delete"
    notice: Notice | None = None  # the answer to the last intent

    def game(self, game_id: str) -> GameLine | None:
        """The listed game ``game_id`` (None once it is gone)."""
        return next((g for g in self.games if g.id == game_id), None)


def short(text: str, limit: int = NAMES_SHOWN) -> str:
    """Cut here, not by Flutter: its ellipsis drew the names without the
    bundled CJK/emoji fallback fonts."""
    return text if len(text) <= limit else text[: limit - 1].rstrip(", ") + "…"


def home_view(
    games: Sequence[GameSummary],
    days: Mapping[str, str],
    unfinished: GameSummary | None,
    *,
    alerts: Sequence[str] = (),
    can_restore: bool = False,
    notice: Notice | None = None,
) -> HomeView:
    """Home from the store's summaries (latest played first), the day each
    was played (by id) and the game to continue."""
    offer = None
    if unfinished is not None:
        offer = Offer(
            unfinished.id,
            _("Continue round {n}").format(n=unfinished.rounds + 1),
            short(", ".join(unfinished.players)),
        )
    lines = tuple(game_line(g, days, titled=False) for g in games)
    return HomeView(
        lines,
        offer,
        _("Past games") if lines else _("No games yet"),
        tuple(alerts),
        can_restore,
        notice,
    )


def home_of(session: AppState) -> HomeView:
    """Home as a session shows it (a guest's phone lists no games)."""
    library = session.library
    games = library.games()
    problem = session.folder_problem
    return home_view(
        games,
        library.days(games),
        library.unfinished(),
        alerts=([] if problem is None else [problem]) + session.alerts,
        can_restore=session.deletions.can_restore,
        notice=session.notice,
    )
