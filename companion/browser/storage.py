"""The games folder on IndexedDB, so games outlive a reload.

Why: Pyodide's files live in memory and vanish with the page. Emscripten's
IDBFS keeps a folder in IndexedDB, but only when told: ``syncfs(true)``
reads it back before the store opens, ``syncfs(false)`` writes it out. The
store calls :func:`companion.store.storage.changed` after each change is on
disk, and here that writes the folder out before the change is shown: the
commit waits for IndexedDB (Pyodide's ``run_sync``, where the browser has
JavaScript promise integration; checked in Chromium: it has) or, where it
cannot wait, the write is started at once and ends a moment later.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import js  # type: ignore[import-not-found]
import pyodide_js  # type: ignore[import-not-found]
from pyodide.ffi import (  # type: ignore[import-not-found]
    can_run_sync,
    create_once_callable,
    run_sync,
)

from companion.store import storage

log = logging.getLogger(__name__)


def _syncfs(populate: bool) -> asyncio.Future[None]:
    """IndexedDB → memory (``populate``) or memory → IndexedDB, as a future."""
    done: asyncio.Future[None] = asyncio.get_event_loop().create_future()

    def finished(error: Any) -> None:
        if done.done():
            return
        if error:
            done.set_exception(OSError(f"IndexedDB: {error}"))
        else:
            done.set_result(None)

    pyodide_js.FS.syncfs(populate, create_once_callable(finished))
    return done


class Folder:
    """One folder kept in IndexedDB, written out after every change."""

    def __init__(self, path: Path) -> None:
        self.path = path

    async def open(self) -> None:
        """Mount the folder on IndexedDB and read back what it holds."""
        fs = pyodide_js.FS
        fs.mkdirTree(str(self.path))
        fs.mount(fs.filesystems.IDBFS, js.Object.new(), str(self.path))
        await _syncfs(True)
        storage.AFTER_CHANGE.append(self.changed)

    def changed(self, directory: Path) -> None:
        """A change of the folder is on (memory) disk: into IndexedDB now,
        and the commit waits for it where it can."""
        if not directory.is_relative_to(self.path):
            return
        written = _syncfs(False)
        if can_run_sync():
            try:
                run_sync(written)
            except OSError:
                log.exception("the games could not be written to IndexedDB")
