"""What a joined phone's score sheet shows: who this phone is, the winner
when there is one, and the round being played — who deals, whose line is
still out, and this phone's step (its own line, the digital table, or a
scorer's way in to tap every line).

Why a value: the same reasons as the host's sheet
(:mod:`companion.app.views.game`); a phone's sheet differs in what it may
do, decided here from the session's seat and tested without a browser.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.app.digital import in_progress
from companion.app.entry_values import waiting_for
from companion.app.live import LiveSeat
from companion.app.open_game import GameState
from companion.app.standings import banner
from companion.app.views.sheet import SheetView, sheet_view

if TYPE_CHECKING:
    from companion.app.session import AppState


@dataclass(frozen=True, slots=True)
class GuestRound:
    """The round being played, as a phone sees it.

    ``waiting``: names whose line is not in (shown once the round is under
    way, ``under_way``); ``my_line``: None when this phone has no line in
    the round, else whether it is in; ``scorer``: may enter every line."""

    number: int
    dealer: str
    digital: bool
    under_way: bool
    waiting: tuple[str, ...]
    my_line: bool | None
    scorer: bool


@dataclass(frozen=True)
class GuestGameView:
    """The score sheet of a joined phone."""

    sheet: SheetView
    me: str | None  # this phone's player's name (None: watching)
    banner: str | None
    round: GuestRound | None  # None once the game is over


def guest_game_view(state: GameState, seat: LiveSeat) -> GuestGameView:
    sheet, draft = state.sheet, state.draft
    names = sheet.names()
    mine = seat.mine
    rnd = None
    if not sheet.over:
        rnd = GuestRound(
            number=len(sheet.rounds) + 1,
            dealer=sheet.next_dealer().name,
            digital=in_progress(sheet, state.digital),
            under_way=(draft.editing is None and not draft.empty) or bool(draft.done),
            waiting=tuple(waiting_for(state)),
            my_line=None if mine not in draft.players else draft.is_in(mine),
            scorer=seat.scorer,
        )
    return GuestGameView(
        sheet=sheet_view(sheet),
        me=names.get(mine) if mine is not None else None,
        banner=banner(sheet),
        round=rnd,
    )


def guest_game_of(session: AppState) -> GuestGameView | None:
    """The sheet of the game a phone shows (None: no game open)."""
    watch = session.watch
    return None if watch is None else guest_game_view(watch.state, session.seat)
