"""Import's intents: a pasted share code or a chosen share file goes into
the history; a paste too large is refused at once (and the field emptied)."""

from __future__ import annotations

from companion.app.intents import Intents
from companion.app.views.import_game import ImportView, import_view


class ImportIntents(Intents):
    def view(self, done: str) -> ImportView:
        """The screen's view; ``done``: the id its last import gave."""
        return import_view(self._state.notice, done)

    async def check_paste(self, value: str) -> bool:
        """Whether ``value`` may stay in the field; a paste too large is
        refused here, and the notice says why."""
        refused = self._state.library.paste_refusal(value)
        if refused is None:
            return True
        await self.tell(refused, error=True)
        return False

    async def import_code(self, text: str) -> str | None:
        """Import a pasted code: the game's id, or None when refused."""
        library = self._state.library
        if await self._do(library.import_code, text) is not None:
            return None
        return library.imported_id or ""

    async def import_file(self, data: bytes | None) -> str | None:
        """Import a chosen file's bytes: the game's id, or None when refused."""
        library = self._state.library
        if await self._do(library.import_file, data) is not None:
            return None
        return library.imported_id or ""
