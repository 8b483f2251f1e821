"""The digital table's view and intents: play a choice, the advisor, close
the round's summary, deal the next round."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.app.intents import Intents, Result
from companion.app.observable import Notice
from companion.app.refusal import NO_GAME
from companion.app.views.digital import DigitalView, digital_of
from companion.i18n import _

if TYPE_CHECKING:
    from companion.app.digital_table import DigitalTable
    from companion.app.session import AppState


@dataclass(frozen=True, slots=True)
class DigitalScreenView:
    table: DigitalView
    notice: Notice | None


def digital_screen_of(state: AppState) -> DigitalScreenView | None:
    """None: no digital round on the open game (or no game)."""
    view = digital_of(state)
    return None if view is None else DigitalScreenView(view, state.notice)


class DigitalIntents(Intents):
    def _table(self) -> DigitalTable | None:
        return self._state.table

    async def play(self, choice: str) -> Result:
        table = self._table()
        return _(NO_GAME) if table is None else await self._do(table.play, choice)

    async def set_advisor(self, on: bool) -> Result:
        table = self._table()
        return _(NO_GAME) if table is None else await self._do(table.set_advisor, on)

    async def close_summary(self) -> Result:
        """Put away the finished round's summary (its scores are saved)."""
        table = self._table()
        return _(NO_GAME) if table is None else await self._do(table.close_summary)

    async def deal(self) -> Result:
        """Deal a new digital round (the next one, or the first)."""
        table = self._table()
        return _(NO_GAME) if table is None else await self._do(table.start)

    async def next_round(self) -> Result:
        """Close the summary, then deal the next round."""
        await self.close_summary()
        return await self.deal()
