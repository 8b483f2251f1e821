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
from .invite import Invite
from .sealing import PySealer, Sealer

Pair = tuple[Any, bytes]  # a guest's key pair: (private, raw public)
Keys = tuple[Pair, Pair]  # the host's (ECDH pair, ECDSA pair)


@dataclass(frozen=True)
class KeptHost:
    """What the host phone keeps of a shared game, so that the app closed
    and opened again shares it in the same room: the guests' links keep
    working. ``epoch``: the last one it published under (its own, not
    another copy's: :class:`~.host.TableHost`'s ``resumes``)."""

    invite: Invite
    keys: Keys
    epoch: str = ""


class Links(Protocol):
    def sealer(self) -> Sealer: ...

    async def connect(self, broker: str) -> Transport:
        """A connection to the broker at ``broker`` (a ws:// or wss://
        address); :class:`~.broker.Offline` when it cannot be reached."""
        ...

    async def kept_pair(self, room: str) -> Pair | None:
        """The key pair this phone joined ``room`` with (its seat is held
        by the key's fingerprint), kept across reloads; None: none yet."""
        ...

    async def keep_pair(self, room: str, pair: Pair) -> None: ...

    async def kept_host(self, game: str) -> KeptHost | None:
        """How this phone last shared ``game`` (None: never, or forgotten)."""
        ...

    async def keep_host(self, game: str, kept: KeptHost) -> None: ...


@dataclass
class MemoryShelf:
    """A phone's storage of its keys, in memory (tests, and CPython phones
    of benches): the browser's is IndexedDB (:class:`BrowserLinks`)."""

    pairs: dict[str, Pair] = field(default_factory=dict, kw_only=True)
    hosts: dict[str, KeptHost] = field(default_factory=dict, kw_only=True)

    async def kept_pair(self, room: str) -> Pair | None:
        return self.pairs.get(room)

    async def keep_pair(self, room: str, pair: Pair) -> None:
        self.pairs[room] = pair

    async def kept_host(self, game: str) -> KeptHost | None:
        return self.hosts.get(game)

    async def keep_host(self, game: str, kept: KeptHost) -> None:
        self.hosts[game] = kept


@dataclass
class MemoryLinks(MemoryShelf):
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


# IndexedDB, reached once through one small function: a guest's private
# key is a non-extractable CryptoKey, which IndexedDB keeps as it is (a
# structured clone) and nothing can read as bytes, not even this app.
SHELF = """
return async (op, name, value) => {
  const db = await new Promise((ok, no) => {
    const asked = indexedDB.open("flip7-table", 1);
    asked.onupgradeneeded = () => asked.result.createObjectStore("pairs");
    asked.onsuccess = () => ok(asked.result);
    asked.onerror = () => no(asked.error);
  });
  try {
    return await new Promise((ok, no) => {
      const store = db.transaction("pairs", op === "get" ? "readonly" : "readwrite")
        .objectStore("pairs");
      const asked = op === "get" ? store.get(name) : store.put(value, name);
      asked.onsuccess = () => ok(op === "get" ? (asked.result ?? null) : null);
      asked.onerror = () => no(asked.error);
    });
  } finally {
    db.close();
  }
};
"""


def _js() -> Any:
    """The browser's globals (Pyodide's ``js`` module; only there)."""
    import js  # type: ignore[import-not-found]

    return js


class BrowserLinks:
    """The phone app's: nats.ws over the browser's WebSocket (the page
    imports the vendored module as ``globalThis.nats``), WebCrypto, and the
    guest's key pair in IndexedDB."""

    def __init__(self, module: Any = None) -> None:
        self.module = module  # the nats.ws module; None: globalThis.nats

    def sealer(self) -> Sealer:
        from .webcrypto import WebCryptoSealer

        return WebCryptoSealer()

    async def connect(self, broker: str) -> Transport:
        from .natsws import NatsWsTransport

        module = self.module if self.module is not None else _js().globalThis.nats
        return await NatsWsTransport.connect(module, broker)

    def _shelf(self) -> Any:
        return _js().Function.new(SHELF)()

    async def kept_pair(self, room: str) -> Pair | None:
        js = _js()
        found = await self._shelf()("get", room)
        if found is None or not hasattr(found, "public"):
            return None
        return found.private, bytes(js.Uint8Array.new(found.public).to_py())

    async def keep_pair(self, room: str, pair: Pair) -> None:
        from pyodide.ffi import to_js  # type: ignore[import-not-found]

        value = _js().Object.new()
        value.private = pair[0]
        value.public = to_js(pair[1])
        await self._shelf()("put", room, value)

    async def kept_host(self, game: str) -> KeptHost | None:
        found = await self._shelf()("get", HOST + game)
        if found is None or not hasattr(found, "signer"):
            return None
        try:
            invite = Invite(
                game,
                str(found.room),
                _bytes(found.key),
                str(found.broker),
                _bytes(found.verify),
            )
            pair = (found.private, _bytes(found.public))
            return KeptHost(
                invite, (pair, (found.signer, invite.host)), str(found.epoch)
            )
        except (AttributeError, TypeError, ValueError):
            return None  # an older or damaged record: share anew

    async def keep_host(self, game: str, kept: KeptHost) -> None:
        from pyodide.ffi import to_js  # type: ignore[import-not-found]

        (private, public), (signer, _verify) = kept.keys
        invite, value = kept.invite, _js().Object.new()
        value.room, value.key = invite.room, to_js(invite.key)
        value.broker, value.verify = invite.broker, to_js(invite.host)
        value.private, value.public = private, to_js(public)
        value.signer, value.epoch = signer, kept.epoch
        await self._shelf()("put", HOST + game, value)


HOST = "host:"  # the shelf's key of a shared game's KeptHost (rooms have no ':')


def _bytes(value: Any) -> bytes:
    return bytes(_js().Uint8Array.new(value).to_py())
