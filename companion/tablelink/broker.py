"""The transport a phone talks through, and a broker in memory for tests.

Why this small protocol: what the mirror needs from a broker is four things
that NATS (core subjects plus a JetStream key-value bucket), an MQTT broker
(retained messages, though without compare-and-set) and this in-memory one
all offer: publish, subscribe, the last kept value of a subject, and keeping
a new value only if nobody else kept one meanwhile (the host's lease: two
hosts with one game cannot both write, :mod:`.host`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol

Handler = Callable[[str, bytes], Awaitable[None]]


class Conflict(Exception):
    """The kept value moved since ``expect``: another writer holds it."""


class Offline(ConnectionError):
    """The broker cannot be reached just now."""


class Subscription(Protocol):
    async def unsubscribe(self) -> None: ...


class Transport(Protocol):
    # Whether the broker is reached now. A client may hold what is
    # published while it reconnects (nats.ws does) and raise nothing: this
    # is how the host's phone knows to say the others cannot reach it.
    @property
    def online(self) -> bool: ...

    async def publish(self, subject: str, data: bytes) -> None: ...

    async def subscribe(self, subject: str, handler: Handler) -> Subscription: ...

    async def last(self, subject: str) -> tuple[bytes, int] | None:
        """The value kept for ``subject`` and its sequence, or None."""
        ...

    async def keep(self, subject: str, data: bytes, expect: int) -> int:
        """Keep ``data`` as ``subject``'s value (and publish it) if the kept
        sequence is still ``expect`` (0: nothing kept yet); the new
        sequence, or :class:`Conflict`."""
        ...


def matches(pattern: str, subject: str) -> bool:
    """NATS subject matching: ``*`` one token, ``>`` the rest."""
    want, have = pattern.split("."), subject.split(".")
    for i, token in enumerate(want):
        if token == ">":
            return len(have) > i
        if i >= len(have) or token not in ("*", have[i]):
            return False
    return len(want) == len(have)


@dataclass(eq=False)
class _Sub:
    link: MemoryLink
    pattern: str
    handler: Handler
    queue: asyncio.Queue[tuple[str, bytes]] = field(default_factory=asyncio.Queue)
    task: asyncio.Task[None] | None = None

    async def unsubscribe(self) -> None:
        self.link.broker.subs.discard(self)
        if self.task is not None:
            self.task.cancel()


class MemoryBroker:
    """Subjects, kept values with sequences, fan-out in publish order per
    subscriber (each has its own queue, as a NATS connection does), and
    links that drop and come back. ``wire`` records every message, as a
    broker-wide subscriber would see it."""

    def __init__(self) -> None:
        self.subs: set[_Sub] = set()
        self.kept: dict[str, tuple[bytes, int]] = {}
        self.wire: list[tuple[str, bytes]] = []
        self.busy = 0
        self.errors: list[Exception] = []

    def connect(self) -> MemoryLink:
        return MemoryLink(self)

    def deliver(self, subject: str, data: bytes) -> None:
        self.wire.append((subject, data))
        for sub in list(self.subs):
            if sub.link.online and matches(sub.pattern, subject):
                self.busy += 1
                sub.queue.put_nowait((subject, data))

    async def settle(self) -> None:
        """Wait until every message sent so far was handled (and those that
        handling sent, and so on)."""
        while self.busy:
            await asyncio.sleep(0)
        if self.errors:
            raise self.errors[0]


class MemoryLink:
    """One phone's connection to a :class:`MemoryBroker`."""

    def __init__(self, broker: MemoryBroker) -> None:
        self.broker = broker
        self.online = True

    def drop(self) -> None:
        """The phone slept or lost the network: what is sent meanwhile is
        lost for it (core NATS keeps nothing for an absent subscriber)."""
        self.online = False
        for sub in self.broker.subs:
            while sub.link is self and not sub.queue.empty():
                sub.queue.get_nowait()
                self.broker.busy -= 1

    def back(self) -> None:
        self.online = True

    def _check(self) -> None:
        if not self.online:
            raise Offline("the broker cannot be reached")

    async def publish(self, subject: str, data: bytes) -> None:
        self._check()
        self.broker.deliver(subject, data)

    async def subscribe(self, subject: str, handler: Handler) -> Subscription:
        self._check()
        sub = _Sub(self, subject, handler)
        sub.task = asyncio.get_running_loop().create_task(self._pump(sub))
        self.broker.subs.add(sub)
        return sub

    async def _pump(self, sub: _Sub) -> None:
        while True:
            subject, data = await sub.queue.get()
            try:
                await sub.handler(subject, data)
            except Exception as exc:  # a bug in a handler: settle() raises it
                self.broker.errors.append(exc)
            finally:
                self.broker.busy -= 1

    async def last(self, subject: str) -> tuple[bytes, int] | None:
        self._check()
        return self.broker.kept.get(subject)

    async def keep(self, subject: str, data: bytes, expect: int) -> int:
        self._check()
        seq = self.broker.kept.get(subject, (b"", 0))[1]
        if seq != expect:
            raise Conflict(f"{subject} is at {seq}, not {expect}")
        self.broker.kept[subject] = (data, seq + 1)
        self.broker.deliver(subject, data)
        return seq + 1
