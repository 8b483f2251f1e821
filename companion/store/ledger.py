"""What a device remembers of its backups (``backups.json`` beside the index).

Why a file of its own: a backup is a download the app never sees again, so
to say "the last backup was on 3 Dec, 4 games changed since" and to decide,
at the next restore, whether a game here is the one a backup already
carries, the device keeps per game the "updated" stamp it had at the last
backup or restore and its checkpoints (content hashes, see
:mod:`companion.store.backup`). Writing it never touches a game file, so a
backup changes no game and moves no "updated" stamp.

Losing it (a damaged file is moved aside like any other) loses nothing
else: a restore then keeps the game here and the backup's as a copy where
it cannot tell them apart, and the status says "no backup yet".
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tinydb import TinyDB

from .games import GameStore
from .storage import CorruptFileError

NAME = "backups.json"
_TABLE, _DOC = "backups", "1"


@dataclass(frozen=True, slots=True)
class Mark:
    """One game at its last backup or restore here."""

    updated: str  # the game's "updated" stamp then
    seen: tuple[str, ...]  # its checkpoints, newest last


@dataclass(frozen=True, slots=True)
class Ledger:
    """The whole record: when the last backup was made here, and each game."""

    last: str | None = None
    games: Mapping[str, Mark] = field(default_factory=dict)

    def to_doc(self) -> dict[str, Any]:
        return {
            "last": self.last,
            "games": {
                gid: {"updated": m.updated, "seen": list(m.seen)}
                for gid, m in sorted(self.games.items())
            },
        }

    @classmethod
    def from_doc(cls, doc: Any) -> Ledger:
        """Leniently: what cannot be read is left out (it only makes the
        next restore more careful)."""
        if type(doc) is not dict:
            return cls()
        last = doc.get("last")
        games: dict[str, Mark] = {}
        raw = doc.get("games")
        for gid, mark in raw.items() if type(raw) is dict else ():
            if type(mark) is not dict:
                continue
            updated, seen = mark.get("updated"), mark.get("seen")
            if (
                type(updated) is str
                and type(seen) is list
                and all(type(h) is str for h in seen)
            ):
                games[gid] = Mark(updated, tuple(seen))
        return cls(last if type(last) is str else None, games)


class BackupLedger:
    """The ledger of one store: read whole, written whole (one atomic write)."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self._db: TinyDB | None = None
        self._lock = threading.Lock()

    def _file(self) -> TinyDB:
        if self._db is None:
            self._db = self.store.own_file(NAME, "the record of backups")
        return self._db

    def read(self) -> Ledger:
        with self._lock:
            try:
                tables = self._file().storage.read() or {}
            except CorruptFileError as exc:
                self.store.warnings.append(exc.args[0])
                return Ledger()
            return Ledger.from_doc(tables.get(_TABLE, {}).get(_DOC))

    def write(self, ledger: Ledger) -> None:
        """Keep ``ledger``; OSError (a full or read-only disk) is the caller's.
        Games no longer stored are left out."""
        if not self.store.writable:
            return  # the folder cannot be written: the store says so itself
        stored = {s.id for s in self.store.list_games()}
        kept = {gid: m for gid, m in ledger.games.items() if gid in stored}
        doc = Ledger(ledger.last, kept).to_doc()
        with self._lock:
            self._file().storage.write({_TABLE: {_DOC: doc}})
