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
"""

from __future__ import annotations

import gc

YOUNG, MIDDLE, OLD = 10_000, 20, 20


def tune() -> None:
    """Call once, before the server starts taking sessions."""
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLD)
