"""One tab of the app at a time on a phone.

Why: each tab runs its own Python with its own copy of the games folder,
and writes the whole folder back to IndexedDB, so a second tab would put
its older copy over the first tab's games (seen: tab B's game replaced tab
A's). The browser's Web Locks API gives the folder to one tab; it is held
until that tab closes. Another tab says so and queues for the lock, so it
opens by itself the moment the first tab is closed.
"""

from __future__ import annotations

import asyncio
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import (  # type: ignore[import-not-found]
    create_once_callable,
    create_proxy,
    jsnull,
    to_js,
)

LOCK = "flip7-companion-games"
_held: list[Any] = []  # the lock's callback and promise, kept alive


async def hold(*, wait: bool = False) -> bool:
    """Take the games for this tab for as long as it is open; False when
    another tab of the app has them (``wait``: queue until it closes)."""
    got: asyncio.Future[bool] = asyncio.get_event_loop().create_future()

    def granted(lock: Any) -> Any:
        if lock is None or lock is jsnull:  # JavaScript's null: not granted
            got.set_result(False)
            return None
        got.set_result(True)
        forever = js.Promise.new(create_once_callable(lambda resolve, reject: None))
        _held.append(forever)
        return forever

    callback = create_proxy(granted)
    _held.append(callback)
    options = to_js({"ifAvailable": not wait}, dict_converter=js.Object.fromEntries)
    js.navigator.locks.request(LOCK, options, callback)
    return await got
