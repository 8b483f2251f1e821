"""How a phone reaches the table: its transport and its sealer, made in one
place.

Why a factory: the app (the host's adapter, a guest's mirror) must not know
whether it runs in a test (:class:`MemoryLinks`: the broker in memory and
``cryptography``), in CPython against a real ``nats-server``
(tests/nats_broker.py), or in the phone app in a browser
(:class:`BrowserLinks`: the vendored nats.ws and WebCrypto, imported only
there, since ``js`` and ``pyodide`` exist nowhere else).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from .broker import MemoryBroker, MemoryLink, Transport
from .sealing import PySealer, Sealer


class Links(Protocol):
    def sealer(self) -> Sealer: ...

    async def connect(self, broker: str) -> Transport:
        """A connection to the broker at ``broker`` (a ws:// or wss://
        address); :class:`~.broker.Offline` when it cannot be reached."""
        ...


@dataclass
class MemoryLinks:
    """Every phone of a test on one :class:`MemoryBroker` (the address is
    not used); ``made`` keeps each phone's link, to drop and bring back."""

    broker: MemoryBroker = field(default_factory=MemoryBroker)
    made: list[MemoryLink] = field(default_factory=list)

    def sealer(self) -> Sealer:
        return PySealer()

    async def connect(self, broker: str) -> Transport:
        link = self.broker.connect()
        self.made.append(link)
        return link


class BrowserLinks:
    """The phone app's: nats.ws over the browser's WebSocket (the page
    imports the vendored module as ``globalThis.nats``) and WebCrypto."""

    def __init__(self, module: Any = None) -> None:
        self.module = module  # the nats.ws module; None: globalThis.nats

    def sealer(self) -> Sealer:
        from .webcrypto import WebCryptoSealer

        return WebCryptoSealer()

    async def connect(self, broker: str) -> Transport:
        import js  # type: ignore[import-not-found]

        from .natsws import NatsWsTransport

        module = self.module if self.module is not None else js.globalThis.nats
        return await NatsWsTransport.connect(module, broker)
