"""TinyDB storages whose writes are never half done.

TinyDB's own ``JSONStorage`` truncates and rewrites its file in place, so a
process killed mid-write leaves half a file and loses the game. Here every
write goes to a temporary file in the same directory, is flushed and fsynced,
then ``os.replace``\\ d over the old file (and the directory is fsynced where
the platform allows): a reader sees the old file or the new one, never a mix.

The storage keeps the parsed data in memory after the first read: the app is
the only writer, so re-reading the file on every TinyDB query would only cost
time. A file that cannot be parsed is moved aside (``*.corrupt-<timestamp>``)
and reported with :class:`CorruptFileError`; it is never overwritten.

``MemoryJSONStorage`` is the same contract without a disk, for tests: it keeps
JSON *text* in a shared dict, so data still makes the JSON round trip and a
second store on the same dict sees what the first one wrote.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator, MutableMapping, Sequence
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from pathlib import Path
from typing import Any, NoReturn, TypeVar

from tinydb.storages import Storage

from companion.i18n import N_
from companion.i18n.said import Said

Tables = dict[str, dict[str, Any]]
T = TypeVar("T")


MAX_FILE = 16 << 20  # bytes; a 2,000-round game is well under 2 MB


class DocumentError(ValueError):
    """A saved document (game, index, draft, digital round) is not one the
    app writes: the one error every loader raises and every caller catches."""


class NewerDocumentError(DocumentError):
    """A document saved by a newer version of the app: refused as it is,
    left where it is (an update of the app will read it)."""


def read_blob(reader: Callable[[Any], T], blob: Any) -> T:
    """The loader of a blob the store keeps for the app (a draft, a digital
    round): ``reader``'s result, or :class:`DocumentError` for anything it
    trips on, so callers catch that one error."""
    try:
        return reader(blob)
    except DocumentError:
        raise
    except (
        KeyError,
        IndexError,
        ValueError,
        TypeError,
        AttributeError,
        RecursionError,
    ) as exc:
        raise DocumentError(f"{type(exc).__name__}: {exc}") from None


class CorruptFileError(DocumentError):
    """A stored file could not be read; it was moved aside, not overwritten
    (``moved_to`` is None when it could not be moved: a folder, a read-only
    disk), and never deleted. ``game`` names the game the file held (its
    players and the day it was begun) when that could still be told: a
    person knows their games by who played, not by a file name."""

    def __init__(
        self, path: Path, moved_to: Path | None, reason: str, game: str | None = None
    ) -> None:
        super().__init__(_corrupt_words(path.name, moved_to, reason, game))
        self.path = path
        self.moved_to = moved_to
        self.reason = reason
        self.game = game

    def about(self, game: str | None) -> CorruptFileError:
        """The same error, naming the game the file held."""
        if game is None or self.game is not None:
            return self
        return CorruptFileError(self.path, self.moved_to, self.reason, game)


def game_label(players: Sequence[str], day: str) -> str:
    """How a damaged file's game is named: "Ann, Bob begun 2026-01-31"."""
    return Said(N_("{players} begun {day}"), players=", ".join(players), day=day)


def _corrupt_words(file: str, moved: Path | None, reason: str, game: str | None) -> str:
    if game is not None and moved is not None:
        return Said(
            N_(
                "The game of {game}: {file} could not be read ({reason}); it "
                "was moved to {moved} and kept untouched, so nothing in it is "
                "overwritten."
            ),
            game=game,
            file=file,
            reason=reason,
            moved=moved.name,
        )
    if game is not None:
        return Said(
            N_(
                "The game of {game}: {file} could not be read ({reason}); it "
                "was left and kept untouched, so nothing in it is overwritten."
            ),
            game=game,
            file=file,
            reason=reason,
        )
    if moved is not None:
        return Said(
            N_(
                "{file} could not be read ({reason}); it was moved to {moved} "
                "and kept untouched, so nothing in it is overwritten."
            ),
            file=file,
            reason=reason,
            moved=moved.name,
        )
    return Said(
        N_(
            "{file} could not be read ({reason}); it was left and kept "
            "untouched, so nothing in it is overwritten."
        ),
        file=file,
        reason=reason,
    )


# Called with a changed folder once a change is on disk, before anyone is
# told of it. The browser app registers here the copy of its folder to
# IndexedDB (companion.browser.storage), where fsync alone keeps nothing.
AFTER_CHANGE: list[Callable[[Path], None]] = []
# What a write must wait for before it counts as lasting (the phone app's
# copy to IndexedDB: companion.browser.saving); nothing on a computer.
SETTLED: list[Callable[[], Awaitable[None]]] = []


async def settled() -> None:
    """Wait until every change told so far lasts (see :data:`SETTLED`)."""
    for hook in list(SETTLED):
        await hook()


# The folders changed while changes are held (held_changes), else None.
_HELD: ContextVar[dict[Path, None] | None] = ContextVar(
    "companion_held_changes", default=None
)


def changed(directory: Path) -> None:
    """A file of ``directory`` was written, renamed or removed: make it last."""
    held = _HELD.get()
    if held is not None:
        held[directory] = None  # told once, when the changes are let go
        return
    for hook in AFTER_CHANGE:
        hook(directory)


@contextmanager
def held_changes() -> Iterator[None]:
    """Many files written in a row (a restore from a backup, its undo):
    each file is still written atomically and fsynced, but its folder is
    fsynced and :data:`AFTER_CHANGE` told once per folder at the end, not
    after every file (the phone app copies its whole folder to IndexedDB at
    each: 1,000 copies of a growing folder for 1,000 games). The caller
    shows nothing as done before the end. This thread's writes only: other
    sessions' saves go on being made last at once."""
    if _HELD.get() is not None:
        yield  # already held: let go by the outer one
        return
    held: dict[Path, None] = {}
    token = _HELD.set(held)
    try:
        yield
    finally:
        _HELD.reset(token)
        for directory in held:
            fsync_dir(directory)
            changed(directory)


def move_aside(path: Path) -> Path | None:
    """Rename an unreadable file to ``<name>.corrupt-<timestamp>`` (unique);
    None when it cannot be renamed (a read-only folder): it stays as it is."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists() or target.is_symlink():
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        n += 1
    try:
        os.replace(path, target)
    except OSError:
        return None
    changed(path.parent)
    return target


def fsync_dir(directory: Path) -> None:
    """Make a rename durable; silently skipped where directories can't be opened."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


TEMP_SUFFIX = ".f7c.tmp"
# The store's temp names, ``.<file>.<random>.f7c.tmp``, and an older app's,
# ``.<file>.json.<8 random>.tmp``: only these are ever removed as leftovers
# of a killed write, never a user's or a sync tool's ``.*.tmp`` (issue 37).
_OWN_TEMP = re.compile(r"\..+\.[a-z0-9_]+\.f7c\.tmp|\..+\.json\.[a-z0-9_]{8}\.tmp")


def temp_file(path: Path) -> tuple[int, str]:
    """A new temp file beside ``path`` (its fd and path), named as the
    store's own so that a leftover is recognised and only it removed."""
    return tempfile.mkstemp(
        prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent
    )


def is_temp_name(name: str) -> bool:
    """Whether ``name`` is a temp file this app (or an older one) writes."""
    return _OWN_TEMP.fullmatch(name) is not None


def remove_temp_files(folder: Path) -> None:
    """Remove the leftovers of writes a killed process never finished: the
    store's own regular files only. Whatever cannot be listed or removed
    (a folder by that name, a file the system will not let go) is left
    where it is: a stray file never stops the app from opening."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        try:
            if is_temp_name(entry.name) and entry.is_file(follow_symlinks=False):
                os.unlink(entry.path)
        except OSError:
            continue


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old or new file."""
    fd, tmp = temp_file(path)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
    held = _HELD.get()
    if held is not None:
        held[path.parent] = None  # fsynced and told when let go
        return
    fsync_dir(path.parent)
    changed(path.parent)


MAX_DIGITS = 100  # no number the app writes comes near; Python's limit is 4,300


class _TooLong(ValueError):
    """A number longer than any the app writes (said in our words: past
    Python's own limit, json would say "use sys.set_int_max_str_digits()")."""


def _whole_number(digits: str) -> int:
    if len(digits) > MAX_DIGITS:
        raise _TooLong(digits[:20])
    return int(digits)


def parse_tables(text: str, kind: str = "a file this app writes") -> Tables:
    """TinyDB's file shape: an object of tables, each an object of numbered
    documents that are objects; anything else (deep nesting too) raises
    ValueError with the reason a person reads: not JSON at all, or JSON
    that is not ``kind``."""
    try:
        data = json.loads(text, parse_int=_whole_number)
    except RecursionError:
        raise ValueError("not valid JSON: nested too deeply") from None
    except _TooLong:
        raise ValueError(f"not {kind}: a number with too many digits") from None
    except ValueError as exc:
        raise ValueError(f"not valid JSON: {exc}") from None
    if not isinstance(data, dict) or not all(
        isinstance(table, dict)
        and all(k.isdigit() and isinstance(doc, dict) for k, doc in table.items())
        for table in data.values()
    ):
        raise ValueError(f"not {kind}: it is JSON, but not shaped like one")
    return data


def dump_tables(data: Tables) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


class AtomicJSONStorage(Storage):
    """A JSON file written atomically, cached in memory after the first read."""

    def __init__(self, path: str | Path, kind: str = "a file this app writes") -> None:
        self.path = Path(path)
        self.kind = kind  # what the file should be, for the reason it is not
        self._cache: Tables | None = None
        self._loaded = False

    def read(self) -> Tables | None:
        if not self._loaded:
            self._cache = self._load()
            self._loaded = True
        return self._cache

    def _load(self) -> Tables | None:
        try:
            info = self.path.stat()
        except FileNotFoundError:
            if not self.path.is_symlink():
                return None
            return self._aside(Said(N_("it is a link to a file that does not exist")))
        except OSError as exc:
            raise CorruptFileError(self.path, None, exc.strerror or str(exc)) from None
        if not stat.S_ISREG(info.st_mode):
            what = (
                Said(N_("it is a folder"))
                if stat.S_ISDIR(info.st_mode)
                else Said(N_("it is not a file"))
            )
            raise CorruptFileError(self.path, None, what)
        if info.st_size > MAX_FILE:
            mb = info.st_size / (1 << 20)
            return self._aside(
                Said(N_("too large: {mb} MB, a game is at most 16 MB"), mb=round(mb))
            )
        try:
            raw = self.path.read_bytes()
        except OSError as exc:
            raise CorruptFileError(self.path, None, exc.strerror or str(exc)) from None
        if not raw.strip():
            # An empty file is what a crash *before* the first write can leave
            # with non-atomic tools; ours never do, so treat it as corrupt too.
            reason: str = Said(N_("the file is empty"))
        else:
            try:
                # utf-8-sig: a byte-order mark (some editors add one) is not damage
                return parse_tables(raw.decode("utf-8-sig"), self.kind)
            except UnicodeDecodeError as exc:
                byte = exc.object[exc.start]
                reason = f"not valid JSON: byte {byte:#04x} at {exc.start} is not text"
            except ValueError as exc:
                reason = str(exc)
        return self._aside(reason)

    def _aside(self, reason: str) -> NoReturn:
        moved = move_aside(self.path)
        # The next read starts empty; the bad file stays where we moved it.
        self._cache, self._loaded = None, True
        raise CorruptFileError(self.path, moved, reason)

    def write(self, data: Tables) -> None:
        try:
            atomic_write_text(self.path, dump_tables(data))
        except BaseException:
            self._loaded = False  # TinyDB may have changed the cache; re-read
            raise
        self._cache, self._loaded = data, True

    def close(self) -> None:
        self._cache, self._loaded = None, False


class MemoryJSONStorage(Storage):
    """A named JSON text in a shared dict: a disk-free stand-in for tests."""

    def __init__(
        self,
        files: MutableMapping[str, str],
        name: str,
        kind: str = "a file this app writes",
    ) -> None:
        self.files = files
        self.name = name
        self.kind = kind

    def read(self) -> Tables | None:
        text = self.files.get(self.name)
        if text is None:
            return None
        try:
            return parse_tables(text, self.kind)
        except ValueError as exc:
            bad = self.files.pop(self.name)
            moved = Path(f"{self.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
            self.files[str(moved)] = bad
            raise CorruptFileError(Path(self.name), moved, str(exc)) from exc

    def write(self, data: Tables) -> None:
        self.files[self.name] = dump_tables(data)
