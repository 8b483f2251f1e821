"""Looking after every game: back up to one file, restore from one, undo
the restore, and the files the app moved aside (download, remove).

Why one object for Home, History and Your games: the three show the same
buttons; each gets these intents and never the session.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.app.intents import Intents, Result
from companion.app.refusal import Refusal
from companion.i18n import ngettext

BACKUP_EXTENSION = "json"


@dataclass(frozen=True, slots=True)
class Download:
    """A file for the screen to hand to the person: its name, bytes, type
    (extension) and what it holds, said after the download."""

    name: str
    data: bytes
    ext: str
    note: str = ""


class GamesIntents(Intents):
    async def backup(self) -> Download | None:
        """The backup of every game (None: refused, and the notice says why)."""
        try:
            made = self._state.backups.export()
        except Refusal as exc:
            await self.tell(exc.message, error=True)
            return None
        held = ngettext("It holds {n} game.", "It holds {n} games.", made.games)
        return Download(
            made.name, made.data, BACKUP_EXTENSION, held.format(n=made.games)
        )

    async def restore(self, data: bytes | None) -> Result:
        """Merge a chosen backup in (no bytes: refused, and said why)."""
        return await self._do(self._state.backups.restore, data)

    async def undo_restore(self) -> Result:
        return await self._do(self._state.backups.undo)

    async def aside_file(self, name: str) -> Download | None:
        """A file moved aside, as it is (None: gone, and the notice says so)."""
        try:
            file, data = self._state.backups.aside.download(name)
        except Refusal as exc:
            await self.tell(exc.message, error=True)
            return None
        return Download(file, data, file.rpartition(".")[2])

    async def remove_aside(self, name: str) -> Result:
        return await self._do(self._state.backups.aside.remove, name)
