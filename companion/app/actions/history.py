"""History's intents: the games found by a name as it is typed (a read),
their plays logged in one file, and every game backed up."""

from __future__ import annotations

from companion.app.playlog import PlayLogView
from companion.app.views.history import HistoryView, history_of
from companion.i18n import _

from .games import GamesIntents


class HistoryIntents(GamesIntents):
    def find(self, query: str = "") -> HistoryView:
        """History's view for the name typed: the screen holds the query."""
        return history_of(self._state, query)

    async def log_plays(self, query: str = "") -> PlayLogView | None:
        """Every finished game listed for ``query`` as one play file (None:
        none can be logged, and the notice says why)."""
        log = self._state.library.history_log(query)
        if isinstance(log, str):
            await self.tell(_(log), error=True)
            return None
        return log
