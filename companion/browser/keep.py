"""Ask the phone's browser to keep the games, and what it says.

Why through the page: Python runs in a web worker, where
``navigator.storage.estimate()`` and ``persisted()`` answer but
``persist()`` does not exist (the Storage Standard exposes it to windows
only; checked in Chromium: ``undefined`` in a worker). So the worker asks
the page over a ``BroadcastChannel`` and the page's script (written by
:func:`companion.publish.shell.index_extras`) calls ``persist()`` and
posts the answer back. Imported only inside Pyodide.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from companion.app.device import Space
from companion.machine.runtime import KEEP_CHANNEL

ASK = "persist"  # the page's script answers {kept: true | false}
WAIT = 60.0  # s: Firefox asks the person first; no answer, read persisted()

log = logging.getLogger(__name__)


def _number(value: Any) -> int | None:
    try:
        return None if value is None else int(value)
    except (TypeError, ValueError):
        return None


class BrowserKeeper:
    """The browser's storage manager, for the one app in this page."""

    def __init__(self) -> None:
        self.asked = False
        self._kept: bool | None = None  # persist()'s answer, once asked

    async def space(self) -> Space:
        storage = js.navigator.storage
        used = quota = kept = None
        try:
            estimate = await storage.estimate()
            used, quota = _number(estimate.usage), _number(estimate.quota)
            kept = bool(await storage.persisted())
        except Exception:  # an old browser, or storage turned off
            log.warning("the browser did not say what it keeps", exc_info=True)
        if kept is None:
            kept = self._kept
        return Space(used, quota, kept, self.asked)

    async def keep(self) -> bool:
        """``persist()`` through the page; its answer (or, when the page
        does not answer in time, what ``persisted()`` says)."""
        self.asked = True
        answer = await self._ask_page()
        if answer is None:
            try:
                answer = bool(await js.navigator.storage.persisted())
            except Exception:
                answer = False
        self._kept = answer
        return answer

    async def _ask_page(self) -> bool | None:
        got: asyncio.Future[bool] = asyncio.get_event_loop().create_future()

        def heard(event: Any) -> None:
            kept = getattr(event.data, "kept", None)
            if kept is not None and not got.done():
                got.set_result(bool(kept))

        listener = create_proxy(heard)
        channel = js.BroadcastChannel.new(KEEP_CHANNEL)
        channel.onmessage = listener
        try:
            channel.postMessage(ASK)
            return await asyncio.wait_for(got, WAIT)
        except TimeoutError:
            log.warning("the page did not answer persist()")
            return None
        finally:
            channel.close()
            listener.destroy()


KEEPER = BrowserKeeper()  # one app, one page: one keeper
