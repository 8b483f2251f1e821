"""Python's cyclic garbage collector, set for a server that re-renders.

Why: at a live table every tap re-renders each phone's screen, and Flet
builds and diffs thousands of short-lived control objects a second. With
CPython's default thresholds (700, 10, 10) the collector ran a young
collection every few milliseconds and, now and then, a full one that
walked every object of the server (Flet, FastAPI, the games) for 30 to
135 ms: a tap that met one showed late on every phone. Measured on the
issue 11 benchmark (raw protocol, 8 phones and a board, 204 taps): GC time
1.06 s → 0.30 s, server CPU per tap 64 → 51 ms, no full collection.

:func:`tune` freezes what exists at start (modules, settings: never
garbage) out of the collector's sight and lets 10,000 objects pile up
before a young collection. Cycles are still collected; only later.

Later was too late for closed sessions (issue 25, bug 7): a session lives
ten minutes or more, so its page, controls and state reach the oldest
generation, which these thresholds (and CPython's rule that a full
collection waits until a quarter of the old objects are new) almost never
sweep; each 300 expired sessions kept about 22 MB. :class:`Sweep` runs one
full collection a few seconds after sessions expire (once for a burst of
expiries): tens of milliseconds, once, instead of memory that only grows.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable

YOUNG, MIDDLE, OLD = 10_000, 20, 20
SWEEP_AFTER = 5.0  # s after an expiry: Flet's sweep deletes them in a batch


def tune() -> None:
    """Call once, before the server starts taking sessions."""
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLD)


class Sweep:
    """A full collection :data:`SWEEP_AFTER` seconds after a session
    expired; the expiries meanwhile wait for that same one."""

    def __init__(
        self,
        after: float = SWEEP_AFTER,
        collect: Callable[[], object] = gc.collect,
    ) -> None:
        self.after, self._collect = after, collect
        self._lock = threading.Lock()
        self._due = False

    def closed(self) -> None:
        with self._lock:
            if self._due:
                return
            self._due = True
        timer = threading.Timer(self.after, self._run)
        timer.daemon = True
        timer.start()

    def _run(self) -> None:
        with self._lock:
            self._due = False
        self._collect()
