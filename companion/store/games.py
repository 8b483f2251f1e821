"""The game repository: one small index plus one file per game.

Why this shape: saving a round must cost the same with 1 or 1,000 games on
disk, and a killed app must lose no acknowledged round. So each game lives in
its own TinyDB file (``games/<id>.json``), written atomically on every save;
the index (``index.json``) is a *cache* of per-game summaries for the home
screen. A save rewrites the index only when something the list shows changes
(names, finished, winners); the round count and "updated" stamp of a game
still in play are kept in memory and written on the next index write or
:meth:`GameStore.flush`. After a crash the index heals itself on open: games
still in play, files missing from the index and index lines without a file
are re-read from the game files, which are the truth.

Nothing here imports Flet; the app state calls this API.
"""

from __future__ import annotations

import errno
import functools
import os
import re
import secrets
import threading
from collections import Counter
from collections.abc import Callable, Iterator, MutableMapping
from contextlib import contextmanager, suppress
from dataclasses import replace
from datetime import UTC, datetime
from enum import Enum
from pathlib import Path
from typing import ParamSpec, TypeVar

from tinydb import TinyDB
from tinydb.table import Document, Table

from companion.i18n import N_
from companion.i18n.said import Said
from companion.rules import Sheet
from companion.rules.names import name_fault
from companion.rules.sheet import MAX_NAME

from .records import (
    INVITE_VERSION,
    GameRecord,
    GameSummary,
    JSONDict,
    invite_token,
    summarize,
)
from .stamps import file_stamp, line_stamp, text_stamp
from .storage import (
    AtomicJSONStorage,
    CorruptFileError,
    DocumentError,
    MemoryJSONStorage,
    NewerDocumentError,
    changed,
    game_label,
    held_changes,
    move_aside,
    remove_temp_files,
    temp_file,
)

P = ParamSpec("P")
R = TypeVar("R")
GAME_DOC = 1  # each game file holds one document in table "game"
_DAY = re.compile(r"\d{4}-\d\d-\d\d")


class GameNotFound(KeyError):
    """No game with that id in this store."""


class StoreReadOnly(OSError):
    """A write refused because the data folder cannot be written; its
    ``strerror`` is the message every write path shows."""

    def __init__(self, message: str) -> None:
        super().__init__(errno.EROFS, message)


class _Unusable(Exception):
    """The data folder cannot be used at all (a file, a folder as index...)."""


class _Keep(Enum):
    KEEP = "keep"


KEEP = _Keep.KEEP
"""Pass for a blob you do not want :meth:`GameStore.save` to change."""


def _locked(method: Callable[P, R]) -> Callable[P, R]:
    """Run a store method under the store's lock: the sessions of a server
    call it from worker threads (``companion/server/flet_workers.py``) and the
    computer players from timer threads, and TinyDB's tables are not safe
    to share between threads. What every screen reads while it draws (the
    list of games, an invite token) is read without the lock, from memory,
    so a slow write never holds up the server's event loop (issue 25)."""

    @functools.wraps(method)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        store = args[0]
        assert isinstance(store, GameStore)
        with store._lock:
            return method(*args, **kwargs)

    return run


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


class GameStore:
    """Games on disk (``GameStore(path)``) or in memory (``GameStore.memory()``).

    ``warnings`` collects problems found without being asked (an unreadable
    index or game file moved aside while opening); :meth:`load` raises
    :class:`CorruptFileError` for the game it was asked for.
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        files: MutableMapping[str, str] | None = None,
        clock: Callable[[], str] = utc_now,
    ) -> None:
        self.path = Path(path) if path is not None else None
        self._files: MutableMapping[str, str] = {} if files is None else files
        self._clock = clock
        self._lock = threading.RLock()
        self.warnings: list[str] = []
        self._games: dict[str, TinyDB] = {}
        self._summaries: dict[str, GameSummary] = {}
        self._invites: dict[str, str | None] = {}  # tokens read so far
        self._doc_ids: dict[str, int] = {}
        self._dirty: set[str] = set()
        self._batch: set[str] | None = None  # files opened in batch() (None: none)
        self._gone: list[int] = []  # index lines to remove when the batch ends
        # Why the folder cannot be written (None: it can); every write raises
        # StoreReadOnly with it and Home shows it for as long as it holds.
        self.folder_problem: str | None = None
        self._index_in_memory = False  # index.json is a folder: list from games
        if self.path is not None:
            try:
                self._prepare_folder(self.path)
            except _Unusable as exc:
                self.folder_problem = Said(
                    N_(
                        "The games folder {path} cannot be used ({reason}). "
                        "The app works, but no game can be started, imported or "
                        "changed until that is fixed."
                    ),
                    path=str(self.path),
                    reason=exc.args[0] if exc.args else "",
                )
                self.path = None  # read and write nothing there
        self._index = (
            TinyDB(self._files, "index.json", storage=MemoryJSONStorage)
            if self._index_in_memory
            else self._open("index.json")
        )
        self._load_index()

    @classmethod
    def memory(
        cls,
        files: MutableMapping[str, str] | None = None,
        clock: Callable[[], str] = utc_now,
    ) -> GameStore:
        """A store kept as JSON text in ``files`` (share the dict to "restart")."""
        return cls(None, files={} if files is None else files, clock=clock)

    # --- games --------------------------------------------------------------
    @_locked
    def create(
        self,
        sheet: Sheet,
        meta: JSONDict | None = None,
        *,
        draft: JSONDict | None = None,
        digital: JSONDict | None = None,
    ) -> str:
        """Store a new game and return its id."""
        game_id = f"{datetime.now(UTC):%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"
        now = self._clock()
        record = GameRecord(game_id, sheet, now, now, dict(meta or {}), draft, digital)
        self._write_record(record)
        return game_id

    @_locked
    def restore(self, record: GameRecord) -> None:
        """Put back a game returned by :meth:`delete` (undo of a delete)."""
        if record.id in self._summaries:
            raise ValueError(f"game {record.id} already exists")
        self._write_record(record)

    @_locked
    def replace(self, record: GameRecord) -> None:
        """Write a whole game over the stored one with its id, in one atomic
        write (a restore from a backup, and its undo): never a moment with
        neither. Raises :class:`GameNotFound` if there is no such game."""
        if record.id not in self._summaries:
            raise GameNotFound(record.id)
        self._write_record(record)
        self._invites[record.id] = record.invite

    @_locked
    def save(
        self,
        game_id: str,
        sheet: Sheet,
        *,
        meta: JSONDict | _Keep = KEEP,
        draft: JSONDict | None | _Keep = KEEP,
        digital: JSONDict | None | _Keep = KEEP,
    ) -> GameSummary:
        """Write the sheet (and any blob given) durably before returning."""
        if game_id not in self._summaries:
            raise GameNotFound(game_id)
        self._check_writable()
        table = self._table(game_id)
        current = table.get(doc_id=GAME_DOC)
        if not isinstance(current, dict):
            raise GameNotFound(game_id)
        fields: JSONDict = {"sheet": sheet.to_dict(), "updated": self._clock()}
        for key, value in (("meta", meta), ("draft", draft), ("digital", digital)):
            if value is not KEEP:
                fields[key] = value
        table.update(fields, doc_ids=[GAME_DOC])
        summary = summarize(
            game_id,
            sheet,
            dict(fields.get("meta", current.get("meta")) or {}),
            self._summaries[game_id].created,
            fields["updated"],
        )
        self._set_summary(summary)
        return summary

    @_locked
    def save_draft(self, game_id: str, draft: JSONDict | None) -> None:
        """Keep the round being tapped in (None clears it)."""
        self._save_blob(game_id, "draft", draft)

    @_locked
    def save_digital(self, game_id: str, blob: JSONDict | None) -> None:
        """Keep a digital round in progress (None clears it)."""
        self._save_blob(game_id, "digital", blob)

    def invite(self, game_id: str) -> str | None:
        """The game's invite token (None: none yet, or a damaged one), read
        without loading the sheet: it is asked on every guest's render, so
        once read it is kept in memory and answered without the lock."""
        if game_id not in self._summaries:
            raise GameNotFound(game_id)
        known = self._invites.get(game_id, KEEP)
        if known is not KEEP:
            return known
        return self._read_invite(game_id)

    @_locked
    def _read_invite(self, game_id: str) -> str | None:
        doc = self._doc(game_id)
        if not isinstance(doc, dict):
            raise GameNotFound(game_id)
        token = invite_token(doc.get("invite"))
        self._invites[game_id] = token
        return token

    @_locked
    def save_invite(self, game_id: str, token: str) -> None:
        """Keep the game's invite token (replacing, so revoking, the old one)."""
        if invite_token(token) != token:
            raise ValueError("not an invite token")
        if game_id not in self._summaries:
            raise GameNotFound(game_id)
        self._check_writable()
        fields = {"invite": token, "v": INVITE_VERSION}
        if not self._table(game_id).update(fields, doc_ids=[GAME_DOC]):
            raise GameNotFound(game_id)
        self._invites[game_id] = token
        self._dirty.add(game_id)  # the file changed: its line's stamp is old

    @_locked
    def load(self, game_id: str) -> GameRecord:
        """The whole game; :class:`CorruptFileError` if its file is unreadable."""
        if game_id not in self._summaries:
            raise GameNotFound(game_id)
        return self._read(game_id)

    @_locked
    def load_once(self, game_id: str) -> GameRecord:
        """:meth:`load` without keeping the game's file open afterwards (a
        backup reads every game once: 1,000 games are not kept in memory)."""
        kept = game_id in self._games
        try:
            return self.load(game_id)
        finally:
            if not kept:
                self._forget_file(game_id)

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Write or delete many games in a row (a restore from a backup, its
        undo): the index is written once at the end instead of after each
        game, the folders are made to last once at the end (fsynced, copied
        to IndexedDB on a phone: :func:`held_changes`), and the game files
        opened meanwhile are let go of. Safe as it is: each game file is
        still written atomically, nothing is shown as done before the end,
        and the index is a cache the store heals from the game files on open
        (lines without a file dropped, files without a line read)."""
        with self._lock:
            outer = self._batch is not None
            if not outer:
                self._batch = set(self._games)
        with held_changes():  # each folder made to last once, at the end
            try:
                yield
            finally:
                if not outer:
                    self._end_batch()

    @_locked
    def _end_batch(self) -> None:
        opened, self._batch = self._batch or set(), None
        for game_id in set(self._games) - opened:
            self._forget_file(game_id)
        gone, self._gone = self._gone, []
        with suppress(OSError):  # healed from the files on open
            if gone and self.writable:
                self._index.table("games").remove(doc_ids=gone)
        with suppress(OSError):  # still dirty: the next flush
            self.flush()

    def own_file(self, name: str, kind: str) -> TinyDB:
        """A TinyDB file of the app's own beside the index (``backups.json``),
        written like every file here: atomically on disk, or in memory."""
        return self._open(name, kind)

    def load_if_free(self, game_id: str) -> GameRecord | None:
        """:meth:`load`, or None at once while another thread holds the
        store (a slow write): for what a screen draws and can do without."""
        if not self._lock.acquire(blocking=False):
            return None
        try:
            return self.load(game_id)
        finally:
            self._lock.release()

    @_locked
    def delete(self, game_id: str) -> GameRecord | None:
        """Remove a game; returns it (None if unreadable) for :meth:`restore`."""
        if game_id not in self._summaries:
            raise GameNotFound(game_id)
        self._check_writable()
        try:
            record: GameRecord | None = self._read(game_id)
        except CorruptFileError as exc:
            self.warnings.append(exc.args[0])
            record = None
        except NewerDocumentError:
            record = None  # deleted as asked; only a newer app could restore it
        self._drop_file(game_id)
        self._drop_summary(game_id)
        return record

    # --- the index ----------------------------------------------------------
    def list_games(self) -> list[GameSummary]:
        """Every game, the latest played first (from memory, no lock: a
        copy of the dict is taken at once, and summaries are immutable)."""
        return sorted(
            self._summaries.copy().values(),
            key=lambda s: (s.updated, s.created, s.id),
            reverse=True,
        )

    def unfinished(self) -> GameSummary | None:
        """The latest game not yet over, to offer "continue"."""
        return next((s for s in self.list_games() if not s.finished), None)

    def known_names(self, *, min_rounds: int = 0) -> list[str]:
        """Names from earlier games, most frequent first, then most recent;
        only games with at least ``min_rounds`` rounds count."""
        count: Counter[str] = Counter()
        shown: dict[str, str] = {}
        for summary in self.list_games():  # latest first: first spelling wins
            if summary.rounds < min_rounds:
                continue
            for name in summary.players:
                key = name.casefold()
                count[key] += 1
                shown.setdefault(key, name)
        order = {key: i for i, key in enumerate(shown)}
        return [shown[k] for k in sorted(shown, key=lambda k: (-count[k], order[k]))]

    @_locked
    def flush(self) -> None:
        """Write pending index changes (round counts, "updated" stamps)."""
        if self._dirty and self.writable:
            self._write_index(set(self._dirty))

    @_locked
    def close(self) -> None:
        self.flush()
        for db in self._games.values():
            db.close()
        self._games.clear()
        self._index.close()

    @property
    def writable(self) -> bool:
        return self.folder_problem is None

    # --- internals ------------------------------------------------------------
    def _prepare_folder(self, path: Path) -> None:
        """Make the folder if needed; raise _Unusable when it cannot hold
        games at all, set ``folder_problem`` when it can only be read."""
        try:
            path.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise _Unusable(Said(N_("it is a file, not a folder"))) from None
        except OSError as exc:
            raise _Unusable(
                Said(N_("it could not be created: {reason}"), reason=exc.strerror)
            ) from None
        if not path.is_dir():
            raise _Unusable(Said(N_("it is a file, not a folder")))
        index = path / "index.json"
        # Not a file (a folder...): the games are still read from their own
        # files, and nothing is written beside that index until it is fixed.
        self._index_in_memory = index.exists() and not index.is_file()
        games = path / "games"
        if games.exists() and not games.is_dir():
            raise _Unusable(Said(N_("games in it is a file, not a folder")))
        try:
            os.listdir(path)
            if games.exists():
                os.listdir(games)
        except OSError as exc:
            raise _Unusable(
                Said(N_("it cannot be read: {reason}"), reason=exc.strerror)
            ) from None
        try:
            games.mkdir(exist_ok=True)
            for folder in (path, games):
                fd, probe = temp_file(folder / "probe")
                os.close(fd)
                os.unlink(probe)
        except OSError as exc:
            self.folder_problem = Said(
                N_(
                    "The games folder {path} cannot be written ({reason}). "
                    "Games can be opened but not started, imported, changed or "
                    "deleted until that is fixed."
                ),
                path=str(path),
                reason=exc.strerror or str(exc),
            )
            return
        if self._index_in_memory:
            self.folder_problem = Said(
                N_(
                    "The games folder {path} cannot be written ({reason}). "
                    "Games can be opened but not started, imported, changed or "
                    "deleted until that is fixed."
                ),
                path=str(path),
                reason=Said(N_("index.json in it is not a file")),
            )
            return
        self._remove_temp_files()

    def _check_writable(self) -> None:
        if self.folder_problem is not None:
            raise StoreReadOnly(self.folder_problem)

    def _open(self, name: str, kind: str | None = None) -> TinyDB:
        if kind is None:
            kind = "a list of games" if name == "index.json" else "a saved game"
        if self.path is None:
            return TinyDB(self._files, name, storage=MemoryJSONStorage, kind=kind)
        return TinyDB(self.path / name, storage=AtomicJSONStorage, kind=kind)

    def _file(self, game_id: str) -> str:
        return f"games/{game_id}.json"

    def _table(self, game_id: str) -> Table:
        db = self._games.get(game_id)
        if db is None:
            db = self._games[game_id] = self._open(self._file(game_id))
        return db.table("game")

    def _game_ids(self) -> set[str]:
        if self.path is None:
            names = [k[len("games/") :] for k in self._files if k.startswith("games/")]
        else:
            try:
                names = os.listdir(self.path / "games")
            except FileNotFoundError:  # a read-only folder never had one
                names = []
        return {n[: -len(".json")] for n in names if n.endswith(".json")}

    def _remove_temp_files(self) -> None:
        assert self.path is not None
        for folder in (self.path, self.path / "games"):
            remove_temp_files(folder)  # interrupted atomic writes, ours only

    def _read(self, game_id: str) -> GameRecord:
        """The one loader of a game file: its record, or CorruptFileError
        after the file was moved aside (never overwritten, never deleted)."""
        doc = self._doc(game_id)
        try:
            if doc is None:
                if not self._exists(game_id):
                    raise GameNotFound(game_id)
                raise DocumentError("it holds no game")
            record = GameRecord.from_doc(dict(doc))
            if record.id != game_id:
                if self._exists(record.id):
                    raise DocumentError(f"it is a copy of the game in {record.id}.json")
                # A renamed file: the file name is the game's id from now on.
                record = replace(record, id=game_id)
        except NewerDocumentError:
            raise  # not damaged: leave it for a newer app
        except DocumentError as exc:
            reason = Said(N_("not a saved game: {detail}"), detail=str(exc))
            game = self._label(game_id, doc)
            raise self._move_aside(game_id, reason).about(game) from exc
        return record

    def _doc(self, game_id: str) -> Document | None:
        """The game file's raw document; an unreadable file is forgotten
        (it was moved aside) and its CorruptFileError raised, naming the
        game as the index knew it."""
        try:
            return self._table(game_id).get(doc_id=GAME_DOC)
        except CorruptFileError as exc:
            game = self._label(game_id, None)
            self._games.pop(game_id, None)
            self._drop_summary(game_id)
            raise exc.about(game) from None

    def _label(self, game_id: str, doc: Document | None) -> str | None:
        """Who played a damaged game and when it was begun, from the index
        or else from what of its file still reads; None if neither tells."""
        known = self._summaries.get(game_id)
        if known is not None and known.players:
            return game_label(known.players, known.created[:10])
        sheet = doc.get("sheet") if isinstance(doc, dict) else None
        players = sheet.get("players") if isinstance(sheet, dict) else None
        if not isinstance(players, list):
            return None
        names = [p.get("name") for p in players if isinstance(p, dict)]
        shown = [
            n
            for n in names
            if isinstance(n, str) and len(n) <= MAX_NAME and name_fault(n) is None
        ]
        created = doc.get("created") if isinstance(doc, dict) else None
        if not shown or not isinstance(created, str) or not _DAY.match(created):
            return None
        return game_label(shown, created[:10])

    def _exists(self, game_id: str) -> bool:
        if self.path is None:
            return self._file(game_id) in self._files
        return (self.path / self._file(game_id)).exists()

    def _move_aside(self, game_id: str, reason: str) -> CorruptFileError:
        name = self._file(game_id)
        self._forget_file(game_id)
        self._drop_summary(game_id)
        if self.path is None:
            moved = Path(f"{name}.corrupt")
            self._files[str(moved)] = self._files.pop(name)
            return CorruptFileError(Path(name), moved, reason)
        path = self.path / name
        kept = move_aside(path) if self.writable else None
        return CorruptFileError(path, kept, reason)

    def _write_record(self, record: GameRecord) -> None:
        """A new game file in one atomic write (never an empty one first)."""
        self._check_writable()
        self._table(record.id)  # open the file's TinyDB (and its storage)
        doc = record.to_doc()
        self._games[record.id].storage.write({"game": {str(GAME_DOC): doc}})
        self._set_summary(record.summary(), force=True)

    def _save_blob(self, game_id: str, key: str, blob: JSONDict | None) -> None:
        self._check_writable()
        if not self._table(game_id).update({key: blob}, doc_ids=[GAME_DOC]):
            raise GameNotFound(game_id)
        self._dirty.add(game_id)  # the file changed: its line's stamp is old

    def _forget_file(self, game_id: str) -> None:
        db = self._games.pop(game_id, None)
        if db is not None:
            db.close()

    def _drop_file(self, game_id: str) -> None:
        self._forget_file(game_id)
        if self.path is None:
            self._files.pop(self._file(game_id), None)
        else:
            (self.path / self._file(game_id)).unlink(missing_ok=True)
            changed(self.path)

    def _set_summary(self, summary: GameSummary, *, force: bool = False) -> None:
        before = self._summaries.get(summary.id)
        self._summaries[summary.id] = summary
        if self._batch is not None:
            self._dirty.add(summary.id)  # written when the batch ends
        elif force or before is None or before.listing_key() != summary.listing_key():
            self._write_index(self._dirty | {summary.id})
        else:
            self._dirty.add(summary.id)

    def _drop_summary(self, game_id: str) -> None:
        self._summaries.pop(game_id, None)
        self._invites.pop(game_id, None)
        self._dirty.discard(game_id)
        doc_id = self._doc_ids.pop(game_id, None)
        if doc_id is not None and self.writable:
            if self._batch is not None:
                self._gone.append(doc_id)  # removed when the batch ends
            else:
                self._index.table("games").remove(doc_ids=[doc_id])

    def _write_index(self, game_ids: set[str]) -> None:
        if not self.writable:
            self._dirty |= game_ids  # kept in memory only
            return
        table = self._index.table("games")
        new = [gid for gid in sorted(game_ids) if gid not in self._doc_ids]
        for gid in sorted(game_ids - set(new)):
            table.update(self._line(gid), doc_ids=[self._doc_ids[gid]])
        ids = table.insert_multiple(self._line(gid) for gid in new)
        self._doc_ids.update(zip(new, ids, strict=True))
        self._dirty -= game_ids

    def _line(self, game_id: str) -> JSONDict:
        """The index line of a game, stamped with its file as it is now."""
        line = self._summaries[game_id].to_dict()
        return {**line, "stamp": line_stamp(line, self._file_stamp(game_id))}

    def _file_stamp(self, game_id: str) -> str | None:
        if self.path is None:
            return text_stamp(self._files.get(self._file(game_id)))
        return file_stamp(f"{self.path}/games/{game_id}.json")  # 1,000 on open

    def _say_gone(self, gone: list[GameSummary]) -> None:
        """Games the list knew whose files are no longer there: said once
        (the list forgets them), so an emptied or vanished games folder is
        not a Home with no games and no word."""
        if not gone:
            return
        titles = [g.title or ", ".join(g.players) for g in gone]
        shown = "; ".join(titles[:6]) + ("; …" if len(titles) > 6 else "")
        where = self.path / "games" if self.path is not None else Path("games")
        self.warnings.append(
            Said(
                N_(
                    "Not found in the games folder {path} (moved or deleted "
                    "outside the app): {games}."
                ),
                path=str(where),
                games=shown,
            )
        )

    def _load_index(self) -> None:
        table = self._index.table("games")
        try:
            docs = table.all()
        except CorruptFileError as exc:
            self.warnings.append(
                Said(
                    N_("{problem} The list of games is rebuilt from the games."),
                    problem=exc.args[0],
                )
            )
            docs = []
        broken: list[int] = []
        stamps: dict[str, object] = {}
        for doc in docs:
            line = dict(doc)
            stamp = line.pop("stamp", None)
            try:
                summary = GameSummary.from_dict(line)
            except DocumentError:
                broken.append(doc.doc_id)
                continue
            if summary.id in self._summaries:  # a line written twice
                broken.append(doc.doc_id)
                continue
            self._summaries[summary.id] = summary
            self._doc_ids[summary.id] = doc.doc_id
            stamps[summary.id] = stamp
        on_disk = self._game_ids()
        gone = sorted(
            (gid for gid in self._summaries if gid not in on_disk),
            key=lambda gid: self._summaries[gid].created,
        )
        broken += [self._doc_ids.pop(gid) for gid in gone]
        self._say_gone([self._summaries.pop(gid) for gid in gone])
        if broken and self.writable:
            table.remove(doc_ids=broken)
        # Games in play are re-read (their round counts are written lazily);
        # any other line only when its stamp no longer holds (issue 37).
        restamp = {
            gid
            for gid, s in self._summaries.items()
            if stamps[gid] != line_stamp(s.to_dict(), self._file_stamp(gid))
        }
        unsure = restamp | {gid for gid, s in self._summaries.items() if not s.finished}
        stale: set[str] = set()
        for gid in sorted((on_disk - set(self._summaries)) | unsure):
            try:
                summary = self._read(gid).summary()
            except CorruptFileError as exc:
                self.warnings.append(exc.args[0])
                self._summaries.pop(gid, None)
                continue
            except NewerDocumentError:
                # Listed as the index last knew it (if at all), left as it is.
                self.warnings.append(
                    Said(
                        N_(
                            "The game file {file} was saved by a newer version "
                            "of the app: update the app to open it."
                        ),
                        file=f"{gid}.json",
                    )
                )
                continue
            except GameNotFound:
                continue
            finally:
                self._forget_file(gid)  # don't keep 1,000 games in memory
            if self._summaries.get(gid) != summary or gid in restamp:
                self._summaries[gid] = summary
                stale.add(gid)
        if stale:
            self._write_index(stale)
