"""Work a synchronous caller starts and does not wait for (a session
leaving its game lets go of its seat through the game's commit).

Why one place: everything runs on one event loop, and a task nobody holds
may be collected before it ends; here each is held until it ends, and its
failure is logged, never lost. With no loop running (a script, a unit
test between two intents) nothing else can be waiting: the work runs to
its end at once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

log = logging.getLogger(__name__)
_held: set[asyncio.Task[Any]] = set()


def soon(work: Coroutine[Any, Any, object]) -> None:
    """Run ``work`` on the running loop after the caller (or now, with none)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        asyncio.run(_logged(work))
        return
    task = loop.create_task(_logged(work))
    _held.add(task)
    task.add_done_callback(_held.discard)


async def _logged(work: Coroutine[Any, Any, object]) -> None:
    try:
        await work
    except Exception:  # nobody waits for it: said in the log
        log.exception("background work failed")
