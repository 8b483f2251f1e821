"""Run the app's async intents from a plain test, as the UI's event loop
would: each to its end, one after another, on one loop of its own thread.

Why one loop on its own thread, kept for the whole test process: a game's
commits are serial by an ``asyncio.Lock`` and the computer players wait on
the loop's own timer, both of which belong to one loop; and a test process
that ran a browser test keeps Playwright's loop running on its main thread,
where no other loop may run (tests/own_loop.py).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")
_loop: asyncio.AbstractEventLoop | None = None
_guard = threading.Lock()


def the_loop() -> asyncio.AbstractEventLoop:
    """The tests' event loop (started on first use, on a daemon thread)."""
    global _loop
    with _guard:
        if _loop is None:
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, daemon=True).start()
            _loop = loop
        return _loop


def drive(work: Awaitable[T]) -> T:
    """``work`` run to its end on the tests' loop; its result, or its error."""

    async def run() -> T:
        return await work

    coro: Coroutine[Any, Any, T] = run()
    return asyncio.run_coroutine_threadsafe(coro, the_loop()).result(timeout=120)
