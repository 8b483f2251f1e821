"""The files the store moved aside, as the host may see them: listed on
"Your games", downloaded, removed (companion.store.aside says why)."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from companion.i18n import _
from companion.store import GameStore
from companion.store.aside import AsideFile, aside_files, read_aside, remove_aside

from .live import LiveSeat
from .refusal import Refusal, could_not_save


class SetAside:
    """The moved-aside files of the store's folder (none in memory)."""

    def __init__(self, store: GameStore, seat: LiveSeat) -> None:
        self.store = store
        self.seat = seat

    def files(self) -> list[AsideFile]:
        """What a session may see: the host all, a guest's phone none."""
        if not self.seat.host or self.store.path is None:
            return []
        return aside_files(self.store.path)

    def download(self, name: str) -> tuple[str, bytes]:
        """The file's own name and its bytes, to save as they are."""
        self.seat.check_host()
        try:
            data = read_aside(self._root(), name)
        except OSError as exc:
            raise Refusal(_("That file is no longer there.")) from exc
        return PurePosixPath(name).name, data

    def remove(self, name: str) -> str:
        """Delete one moved-aside file for good (the screen asks first)."""
        self.seat.check_host()
        try:
            remove_aside(self._root(), name)
        except FileNotFoundError as exc:
            raise Refusal(_("That file is no longer there.")) from exc
        except OSError as exc:
            raise could_not_save(exc) from exc
        return _("{file} was removed.").format(file=PurePosixPath(name).name)

    def _root(self) -> Path:
        if self.store.path is None:
            raise Refusal(_("That file is no longer there."))
        return self.store.path
