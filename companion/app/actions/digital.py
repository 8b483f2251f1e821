"""The digital table's view and intents: play a choice, the advisor, close
the round's summary, deal the next round."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.app.intents import Intents, Result
from companion.app.observable import Notice
from companion.app.views.digital import DigitalView, digital_of
from companion.app.views.mirror_digital import mirror_digital_view

if TYPE_CHECKING:
    from companion.app.session import AppState


@dataclass(frozen=True, slots=True)
class DigitalScreenView:
    table: DigitalView
    notice: Notice | None


def digital_screen_of(state: AppState) -> DigitalScreenView | None:
    """None: no digital round on the open game (or no game)."""
    link, watch = state.link, state.watch
    if link is None:
        view = digital_of(state)
    elif watch is None:
        view = None
    else:  # a guest of a table of phones: the host's table, face up
        view = mirror_digital_view(link.table, watch.state, state.seat)
    return None if view is None else DigitalScreenView(view, state.notice)


class DigitalIntents(Intents):
    async def play(self, choice: str) -> Result:
        return await self._on(self._state.table, lambda t: t.play, choice)

    async def set_advisor(self, on: bool) -> Result:
        return await self._on(self._state.table, lambda t: t.set_advisor, on)

    async def close_summary(self) -> Result:
        """Put away the finished round's summary (its scores are saved)."""
        return await self._on(self._state.table, lambda t: t.close_summary)

    async def deal(self) -> Result:
        """Deal a new digital round (the next one, or the first)."""
        return await self._on(self._state.table, lambda t: t.start)

    async def next_round(self) -> Result:
        """Close the summary, then deal the next round."""
        await self.close_summary()
        return await self.deal()
