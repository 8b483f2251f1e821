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
import tempfile
import time
from collections.abc import MutableMapping
from contextlib import suppress
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

Tables = dict[str, dict[str, Any]]


class CorruptFileError(Exception):
    """A stored file could not be read; it was moved aside, not overwritten."""

    def __init__(self, path: Path, moved_to: Path | None, reason: str) -> None:
        where = f"it was moved to {moved_to.name}" if moved_to else "it was left"
        super().__init__(
            f"{path.name} could not be read ({reason}); {where} and kept "
            "untouched, so nothing in it is overwritten."
        )
        self.path = path
        self.moved_to = moved_to
        self.reason = reason


def move_aside(path: Path) -> Path:
    """Rename an unreadable file to ``<name>.corrupt-<timestamp>`` (unique)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        n += 1
    os.replace(path, target)
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


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old or new file."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
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
    fsync_dir(path.parent)


def parse_tables(text: str) -> Tables:
    """TinyDB's file shape: an object of tables; anything else is corrupt."""
    data = json.loads(text)
    if not isinstance(data, dict) or not all(
        isinstance(v, dict) for v in data.values()
    ):
        raise ValueError("not a TinyDB document")
    return data


def dump_tables(data: Tables) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


class AtomicJSONStorage(Storage):
    """A JSON file written atomically, cached in memory after the first read."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._cache: Tables | None = None
        self._loaded = False

    def read(self) -> Tables | None:
        if not self._loaded:
            self._cache = self._load()
            self._loaded = True
        return self._cache

    def _load(self) -> Tables | None:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None
        if not raw.strip():
            # An empty file is what a crash *before* the first write can leave
            # with non-atomic tools; ours never do, so treat it as corrupt too.
            reason = "the file is empty"
        else:
            try:
                return parse_tables(raw.decode("utf-8"))
            except (UnicodeDecodeError, ValueError) as exc:
                reason = f"not valid JSON: {exc}"
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

    def __init__(self, files: MutableMapping[str, str], name: str) -> None:
        self.files = files
        self.name = name

    def read(self) -> Tables | None:
        text = self.files.get(self.name)
        if text is None:
            return None
        try:
            return parse_tables(text)
        except ValueError as exc:
            bad = self.files.pop(self.name)
            moved = Path(f"{self.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
            self.files[str(moved)] = bad
            raise CorruptFileError(Path(self.name), moved, str(exc)) from exc

    def write(self, data: Tables) -> None:
        self.files[self.name] = dump_tables(data)
