"""A phone at a live table picks its seat: claim one, just watch, join as
a late player; and the seat it holds, for the device to remember."""

from __future__ import annotations

from dataclasses import dataclass

from companion.app.intents import Intents, Result
from companion.app.observable import Notice
from companion.app.views.join import JoinView, join_of


@dataclass(frozen=True, slots=True)
class JoinScreenView:
    join: JoinView
    notice: Notice | None


@dataclass(frozen=True, slots=True)
class SeatNow:
    """What the device remembers of this phone's seat, per game."""

    game_id: str  # the game its invite is for ("" when none)
    guest: bool  # a phone invited to one game (the host remembers nothing)
    mine: str | None  # the seat it holds
    watching: bool  # it chose to watch without a seat


class JoinIntents(Intents):
    def view(self) -> JoinScreenView | None:
        """None: the game is gone (or none is open)."""
        join = join_of(self._state)
        return None if join is None else JoinScreenView(join, self._state.notice)

    def seat(self) -> SeatNow:
        seat = self._state.seat
        access = seat.access
        return SeatNow(access.game_id, access.guest, seat.mine, seat.watching)

    async def claim(self, pid: str) -> Result:
        return await self._do(self._state.seat.claim, pid)

    async def watch(self) -> Result:
        """Watch without a seat (letting go of one held)."""
        self._state.seat.watching = True
        return await self._do(self._state.seat.leave)

    async def join_late(self, name: str) -> Result:
        return await self._on(self._state.fixes, lambda f: f.join_late, name)
