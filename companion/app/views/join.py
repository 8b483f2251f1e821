"""The join screen's view: "Who are you?" — a button per free seat, the
seats other phones hold, and whether a newcomer may join late.

Why a value: which seats a phone may take (not a computer player's, not
one another connected phone holds; its own again after a reload) is
decided from the shared game state and this session's holder key, and
tested here without a page; the screen only draws the buttons.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.app.open_game import GameState

if TYPE_CHECKING:
    from companion.app.session import AppState


@dataclass(frozen=True, slots=True)
class JoinSeat:
    """A seated person; ``taken``: another connected phone holds it."""

    pid: str
    name: str
    taken: bool


@dataclass(frozen=True, slots=True)
class JoinView:
    seats: tuple[JoinSeat, ...]  # computer players are nobody's to take
    late_joins: bool  # the host lets newcomers add themselves


def join_view(state: GameState, holder: str) -> JoinView:
    """The seats of ``state`` as the phone holding key ``holder`` sees them."""
    seats, bots = state.seats, set(state.digital.bots)
    return JoinView(
        tuple(
            JoinSeat(p.id, p.name, seats.present(p.id) and seats.holder(p.id) != holder)
            for p in state.sheet.seated
            if p.id not in bots
        ),
        seats.late_joins,
    )


def join_of(session: AppState) -> JoinView | None:
    """The join screen of the game a session shows (None: no game open)."""
    watch = session.watch
    return None if watch is None else join_view(watch.state, session.seat.holder)
