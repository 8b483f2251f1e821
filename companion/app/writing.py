"""A commit's write, awaited: the one place that knows how.

Why: a commit shows a change only once it is written (the game's file on
the server, IndexedDB on a phone), and the event loop that waits must go
on serving every other page meanwhile.

- On the server the write (an atomic file write and fsync) runs on a worker
  thread (``asyncio.to_thread``): the loop is free while the disk works.
  The store is safe to call from threads (its own lock).
- In the phone's browser there are no threads: the file goes to Pyodide's
  folder in memory at once, then the commit awaits the folder's copy to
  IndexedDB (:func:`companion.store.storage.settled`, which
  :class:`companion.browser.saving.Saver` answers) without ever suspending
  a stack with ``run_sync`` (issue 34).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from companion.machine import runtime
from companion.store import storage


async def written(write: Callable[[], None]) -> None:
    """Run ``write`` (the store's synchronous write) and wait until it lasts."""
    if runtime.IN_BROWSER:
        write()
        await storage.settled()
    else:
        await asyncio.to_thread(write)
