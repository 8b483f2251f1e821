"""Run a coroutine on an event loop of its own thread.

Why: in the whole suite, a test process that ran a browser test keeps
Playwright's event loop running on its main thread, where ``asyncio.run``
then refuses to start ("cannot be called from a running event loop"): a
test that passed alone failed in CI.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any


def run_alone(coro: Coroutine[Any, Any, Any]) -> Any:
    """Run ``coro`` to the end on its own thread's event loop; its result,
    or its exception raised here."""
    result: list[Any] = []
    failed: list[BaseException] = []

    def work() -> None:
        try:
            result.append(asyncio.run(coro))
        except BaseException as exc:  # handed back to the test's thread
            failed.append(exc)

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]
    return result[0]
