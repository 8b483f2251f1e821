"""The games folder on IndexedDB, so games outlive a reload.

Why: Pyodide's files live in memory and vanish with the page. Emscripten's
IDBFS keeps a folder in IndexedDB, but only when told: ``syncfs(true)``
reads it back before the store opens, ``syncfs(false)`` writes it out.

Reading back, the records are first sorted out one by one
(:mod:`.records`): a damaged one is moved aside and named, and the app
starts with the rest. Writing out, the store calls
:func:`companion.store.storage.changed` after each change is on (memory)
disk, and :class:`.saving.Saver` writes the folder out, in order, one
write at a time, and tells the player at once when IndexedDB refuses; the
commit awaits that write (:func:`companion.store.storage.settled`) before
it shows the change (issue 36: awaited on the one loop, never ``run_sync``).
"""

from __future__ import annotations

import asyncio
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import js  # type: ignore[import-not-found]
import pyodide_js  # type: ignore[import-not-found]
from pyodide.ffi import (  # type: ignore[import-not-found]
    create_once_callable,
    create_proxy,
    jsnull,
)

from companion.store import storage

from .records import BYTES, FILE_MODE, MISSING, Record, sort_out
from .saving import Saver, WriteRefused

STORE = "FILE_DATA"  # IDBFS's object store: one record a path
FOLDER_MODE = stat.S_IFDIR | 0o777


def _refused(error: Any) -> WriteRefused:
    """A JavaScript error (a DOMException, or IDBFS's own) as an OSError."""
    if error is None or error is jsnull:
        return WriteRefused("Error", "unknown")
    name = str(getattr(error, "name", "") or "Error")
    return WriteRefused(name, str(getattr(error, "message", "") or error))


def _syncfs(populate: bool) -> asyncio.Future[None]:
    """IndexedDB → memory (``populate``) or memory → IndexedDB, as a future."""
    done: asyncio.Future[None] = asyncio.get_event_loop().create_future()

    def finished(error: Any) -> None:
        if done.done():
            return
        if error:
            done.set_exception(_refused(error))
        else:
            done.set_result(None)

    try:
        pyodide_js.FS.syncfs(populate, create_once_callable(finished))
    except Exception as exc:  # noqa: BLE001 - a JavaScript error thrown at once
        done.set_exception(WriteRefused(type(exc).__name__, str(exc)))
    return done


async def _fired(target: Any, ok: str, *failed: str) -> None:
    """Wait for ``target``'s ``ok`` event; any of ``failed`` raises."""
    done: asyncio.Future[None] = asyncio.get_event_loop().create_future()

    def good(event: Any) -> None:
        if not done.done():
            done.set_result(None)

    def bad(event: Any) -> None:
        if not done.done():
            done.set_exception(_refused(getattr(event.target, "error", None)))
        event.preventDefault()

    listeners = [(ok, create_proxy(good))] + [(n, create_proxy(bad)) for n in failed]
    for name, proxy in listeners:
        target.addEventListener(name, proxy)
    try:
        await done
    finally:
        for name, proxy in listeners:
            target.removeEventListener(name, proxy)
            proxy.destroy()


async def _database(name: str) -> Any:
    """IDBFS's own connection to the folder's database (made if new)."""
    got: asyncio.Future[Any] = asyncio.get_event_loop().create_future()

    def opened(error: Any, db: Any = None) -> None:
        if error:
            got.set_exception(_refused(error))
        else:
            got.set_result(db)

    pyodide_js.FS.filesystems.IDBFS.getDB(name, create_once_callable(opened))
    return await got


def _kind(value: Any) -> str:
    """What a record's contents are, as IDBFS's ``writeFile`` takes them:
    :data:`BYTES` for what it turns into a file (any typed array: Python's
    own writes leave ``Int8Array`` views of its memory; a string; an array
    or buffer), :data:`MISSING` for null (it throws), else the type's name."""
    if value is None or value is jsnull:
        return MISSING
    if isinstance(value, str) or hasattr(value, "subarray"):
        return BYTES
    if isinstance(value, int | float | bool):
        return type(value).__name__
    kind = str(getattr(getattr(value, "constructor", None), "name", "object"))
    return BYTES if kind in ("Array", "ArrayBuffer") else kind


def _record(path: str, value: Any) -> Record:
    """What :mod:`.records` needs to know of one stored record."""
    if value is None or value is jsnull or isinstance(value, str | int | float):
        return Record(path, None, MISSING, dated=False)
    mode = getattr(value, "mode", None)
    return Record(
        path,
        mode if isinstance(mode, int) and not isinstance(mode, bool) else None,
        _kind(getattr(value, "contents", None)),
        dated=_kind(getattr(value, "timestamp", None)) == "Date",
        link=isinstance(getattr(value, "link", None), str),
    )


def _salvage(value: Any) -> Any:
    """The bytes a damaged record still holds, as a Uint8Array (maybe empty)."""
    missing = value is None or value is jsnull or isinstance(value, str | int | float)
    contents = None if missing else getattr(value, "contents", None)
    if hasattr(contents, "subarray"):  # a typed array IDBFS did not like
        return contents
    data = contents.encode() if isinstance(contents, str) else b""
    array = js.Uint8Array.new(len(data))
    array.assign(data)
    return array


async def _mend(mountpoint: str) -> list[str]:
    """Sort the folder's records out before IDBFS reads them back: move the
    damaged ones aside (see :mod:`.records`); what to tell the player."""
    db = await _database(mountpoint)
    reading = db.transaction(js.Array.of(STORE), "readonly")
    keys = reading.objectStore(STORE).getAllKeys()
    values = reading.objectStore(STORE).getAll()
    await _fired(reading, "complete", "error", "abort")
    stored = dict(zip(list(keys.result), list(values.result), strict=True))
    records = [_record(str(path), value) for path, value in stored.items()]
    plan = sort_out(records, time.strftime("%Y%m%d-%H%M%S"))
    if not plan.aside and not plan.folders:
        return []
    writing = db.transaction(js.Array.of(STORE), "readwrite")
    store = writing.objectStore(STORE)
    for aside in plan.aside:
        moved = js.Object.new()
        moved.timestamp = js.Date.new()
        moved.mode = FILE_MODE
        moved.contents = _salvage(stored[aside.path])
        store.put(moved, aside.moved_to)
        store.delete(aside.path)
    for path in plan.folders:
        folder = js.Object.new()
        folder.timestamp = js.Date.new()
        folder.mode = FOLDER_MODE
        store.put(folder, path)
    await _fired(writing, "complete", "error", "abort")
    return [aside.message for aside in plan.aside]


class Folder:
    """One folder kept in IndexedDB, written out after every change;
    ``tell(text, error)`` shows the player how writing it went."""

    def __init__(self, path: Path, tell: Callable[[str, bool], None]) -> None:
        self.path = path
        self.saver = Saver(lambda: _syncfs(False), tell)

    async def open(self) -> list[str]:
        """Mount the folder on IndexedDB and read back what it holds; what
        the player should know of damaged records moved aside."""
        fs = pyodide_js.FS
        fs.mkdirTree(str(self.path))
        fs.mount(fs.filesystems.IDBFS, js.Object.new(), str(self.path))
        told = await _mend(str(self.path))
        await _syncfs(True)
        storage.AFTER_CHANGE.append(self.changed)
        storage.SETTLED.append(self.saver.settled)  # what a commit awaits
        return told

    def changed(self, directory: Path) -> None:
        """A change of the folder is on (memory) disk: into IndexedDB now;
        the commit awaits it (:meth:`.saving.Saver.settled`)."""
        if directory.is_relative_to(self.path):
            self.saver.changed()
