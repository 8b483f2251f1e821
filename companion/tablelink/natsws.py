"""The phone app's :class:`~companion.tablelink.broker.Transport`: the
vendored nats.ws (assets/vendor/nats.ws/nats.js) reached from Pyodide.

Why the browser's client and not a Python one: Pyodide has no sockets; the
browser's WebSocket is the way out, and nats.ws is the broker's own, kept
client for it. The module is handed in (the page imports it once, e.g.
``globalThis.nats = await import("./vendor/nats.js")``), so this file does
not decide where the published app keeps it. Kept subjects (``….rev``) are
keys of a JetStream key-value bucket, as in tests/nats_broker.py.
Only importable in the browser; tests/browser/test_tablelink_pyodide.py
runs a guest through it against a host in Python.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import (  # type: ignore[import-not-found]
    JsException,
    create_proxy,
    jsnull,
    to_js,
)

from .broker import Conflict, Handler, Offline

BUCKET = "tables"


def _obj(data: dict[str, Any]) -> Any:
    return to_js(data, dict_converter=js.Object.fromEntries)


def js_console_error(text: str) -> None:
    js.console.error(text)


def _absent(value: Any) -> bool:
    """JavaScript's null and undefined (Pyodide gives null as ``jsnull``)."""
    return value is None or value is jsnull


class _Sub:
    def __init__(self, sub: Any, proxy: Any, pump: asyncio.Task[None]) -> None:
        self._sub, self._proxy, self._pump = sub, proxy, pump

    async def unsubscribe(self) -> None:
        self._sub.unsubscribe()
        self._proxy.destroy()
        self._pump.cancel()


Reconnected = Callable[[], Awaitable[None]]
# nats.ws's own default gives up after 10 tries (about 20 s): a phone that
# slept a minute, or a broker restarted, would never be heard again.
OPTIONS = {"maxReconnectAttempts": -1, "reconnectTimeWait": 1000}


class NatsWsTransport:
    """Reconnects by itself (nats.ws does, and subscribes again); what was
    sent on core subjects meanwhile is lost, so after each reconnect the
    callbacks of :meth:`on_reconnect` run: a guest's ``catch_up`` (the kept
    revision, its pending taps sent again), the host's ``reconnected``
    (its revision kept and published again)."""

    def __init__(self, nc: Any, kv: Any) -> None:
        self.nc, self.kv = nc, kv
        self.online = True
        self.reconnects = 0
        self._reconnected: list[Reconnected] = []
        self._watch = asyncio.ensure_future(self._follow(nc.status().iterate()))

    def on_reconnect(self, callback: Reconnected) -> None:
        self._reconnected.append(callback)

    async def _follow(self, events: Any) -> None:
        """nats.ws's ``status()``: one event at a time, until it closes."""
        while True:
            try:
                step = await events.next()
            except JsException:
                return
            if step.done:
                return
            await self.on_status(str(step.value.type))

    async def on_status(self, kind: str) -> None:
        if kind == "disconnect":
            self.online = False
        elif kind == "reconnect":
            self.online = True
            self.reconnects += 1
            for callback in list(self._reconnected):
                try:
                    await callback()
                except Exception as exc:  # one callback's failure is not the link's
                    js_console_error(f"tablelink reconnect: {exc!r}")

    async def close(self) -> None:
        self._watch.cancel()
        await self.nc.drain()

    @classmethod
    async def connect(cls, module: Any, url: str) -> NatsWsTransport:
        """Connect to the broker's WebSocket listener at ``url``. ``module``:
        nats.ws, or a promise of it (the phone app's ``js.nats``, imported at
        its first use: companion/publish/worker.js)."""
        try:
            if not _absent(getattr(module, "then", None)):
                module = await module
            nc = await module.connect(_obj({"servers": url, **OPTIONS}))
            kv = await nc.jetstream().views.kv(BUCKET, _obj({"history": 1}))
        except JsException as exc:
            raise Offline(str(exc)) from exc
        return cls(nc, kv)

    @staticmethod
    def kept(subject: str) -> bool:
        return subject.endswith(".rev")

    async def publish(self, subject: str, data: bytes) -> None:
        try:
            self.nc.publish(subject, to_js(data))
        except JsException as exc:  # closed or draining
            raise Offline(str(exc)) from exc

    async def subscribe(self, subject: str, handler: Handler) -> _Sub:
        if self.kept(subject):
            subject = f"$KV.{BUCKET}.{subject}"

        # One message at a time, in arrival order, as a NATS connection hands
        # them (the host's replay check relies on a guest's order): the
        # callback only queues, one task handles.
        queue: asyncio.Queue[tuple[str, bytes]] = asyncio.Queue()

        def arrived(err: Any, msg: Any) -> None:
            if _absent(msg) or not _absent(err):
                return
            queue.put_nowait((str(msg.subject), bytes(msg.data.to_py())))

        async def pump() -> None:
            while True:
                subject, data = await queue.get()
                try:
                    await handler(subject, data)
                except Exception as exc:  # a bug in a handler: seen in the console
                    js_console_error(f"tablelink handler: {exc!r}")

        proxy = create_proxy(arrived)
        task = asyncio.ensure_future(pump())
        return _Sub(self.nc.subscribe(subject, _obj({"callback": proxy})), proxy, task)

    async def last(self, subject: str) -> tuple[bytes, int] | None:
        try:
            entry = await self.kv.get(subject)
        except JsException as exc:
            raise Offline(str(exc)) from exc
        if _absent(entry) or entry.operation != "PUT":
            return None
        return bytes(entry.value.to_py()), int(entry.revision)

    async def keep(self, subject: str, data: bytes, expect: int) -> int:
        try:
            if expect == 0:
                return int(await self.kv.create(subject, to_js(data)))
            return int(await self.kv.update(subject, to_js(data), expect))
        except JsException as exc:
            if "wrong last sequence" in str(exc) or "key exists" in str(exc):
                raise Conflict(subject) from exc
            raise Offline(str(exc)) from exc
