"""Guest phones in Python on a real broker, on a loop and thread of their
own (Playwright's sync API holds the test's thread): what the browser tests
of the phones-only table (issue 39) play against, and a spy subscribed to
everything the broker carries.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Coroutine
from typing import Any

from companion.tablelink.guest import TableGuest
from companion.tablelink.sealing import PySealer
from companion.tablelink.wire import Refused
from tests.nats_broker import NatsTransport


class Guests:
    """Python guests of one room; ``spy`` holds every payload the broker
    delivered to a subscriber on ``>`` (what the broker could read)."""

    def __init__(self, url: str, room: str, key: bytes, host_key: bytes) -> None:
        self.url, self.room, self.key, self.host_key = url, room, key, host_key
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.links: list[NatsTransport] = []
        self.spy: list[bytes] = []

    def run(self, coro: Coroutine[Any, Any, Any], timeout: float = 60) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    async def watch_everything(self) -> None:
        link = await NatsTransport.connect(self.url)
        self.links.append(link)

        async def got(msg: Any) -> None:
            self.spy.append(bytes(msg.data))

        await link.nc.subscribe(">", cb=got)

    async def join(self) -> TableGuest:
        """A guest that catches up after each of its reconnects."""
        link = await NatsTransport.connect(self.url)
        self.links.append(link)
        guest = TableGuest(
            transport=link,
            sealer=PySealer(),
            room=self.room,
            room_key=self.key,
            host_key=self.host_key,
            clock=time.monotonic,
        )
        await guest.join()
        link.on_reconnect(guest.catch_up)
        return guest

    @staticmethod
    async def tap(guest: TableGuest, action: str, *args: str) -> Refused | None:
        """One tap and the host's answer: None when made."""
        tap = await guest.tap(action, *args)
        return (await asyncio.wait_for(tap.done, 30)).refused

    @staticmethod
    async def shows(
        guest: TableGuest, lines: dict[str, list[str]], within: float = 30
    ) -> dict[str, list[str]]:
        """Wait until the mirror shows ``lines``; what it shows."""
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            shown = guest.shown.state["lines"] if guest.shown is not None else {}
            if shown == lines:
                break
            await asyncio.sleep(0.05)
        return dict(shown)

    def close(self) -> None:
        async def drain() -> None:
            for link in self.links:
                await link.close()

        try:
            self.run(drain(), 15)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)
