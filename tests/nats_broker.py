"""A real NATS broker for the phones-only table's tests (issue 39): Debian's
``nats-server`` on 127.0.0.1, its WebSocket listener (what a phone's
browser reaches) and JetStream (the kept revision: a key-value bucket) on
free ports, stopped after; and :class:`NatsTransport`, the
:class:`companion.tablelink.broker.Transport` over ``nats-py``.

Skipped with the reason when the server is missing; CI installs it
(``apt-get install nats-server``).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.tablelink.broker import Conflict, Handler, Offline, Subscription

SERVER = shutil.which("nats-server") or "/usr/sbin/nats-server"
BUCKET = "tables"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass(frozen=True)
class Broker:
    port: int
    ws_port: int
    pid: int = 0

    @property
    def url(self) -> str:
        return f"nats://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.ws_port}"


@contextmanager
def running(folder: Path, ports: tuple[int, int] | None = None) -> Iterator[Broker]:
    """nats-server on free ports of 127.0.0.1 (or ``ports``: the same
    server started again), its files in ``folder``."""
    port, ws_port = ports or (free_port(), free_port())
    conf = folder / "nats.conf"
    conf.write_text(
        f'listen: "127.0.0.1:{port}"\n'
        f'jetstream {{ store_dir: "{folder / "js"}" }}\n'
        f'websocket {{ listen: "127.0.0.1:{ws_port}", no_tls: true }}\n'
    )
    log = (folder / "nats.log").open("w")
    proc = subprocess.Popen([SERVER, "-c", str(conf)], stdout=log, stderr=log)
    try:
        deadline = time.monotonic() + 10
        while not _open(port) or not _open(ws_port):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError((folder / "nats.log").read_text())
            time.sleep(0.05)
        yield Broker(port, ws_port, proc.pid)
    finally:
        proc.terminate()
        proc.wait(10)
        log.close()


@pytest.fixture
def nats_server(tmp_path: Path) -> Iterator[Broker]:
    _require_server()
    with running(tmp_path) as broker:
        yield broker


def _require_server() -> None:
    if not Path(SERVER).exists():
        missing = "nats-server is not installed (apt-get install nats-server)"
        if os.environ.get("REQUIRE_BROWSER"):  # CI (.ci/run installs it)
            pytest.fail(missing)
        pytest.skip(missing)


def _open(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


class NatsTransport:
    """Core subjects for beats, intents and answers; the ``.rev`` subjects
    are keys of a JetStream key-value bucket (kept, compare-and-set on the
    key's revision, watched through the bucket's own subject)."""

    def __init__(self, nc: Any, kv: Any) -> None:
        self.nc, self.kv = nc, kv
        self._reconnected: list[Callable[[], Awaitable[None]]] = []

    @property
    def online(self) -> bool:
        return bool(self.nc.is_connected)

    def on_reconnect(self, callback: Callable[[], Awaitable[None]]) -> None:
        """As the phone app's transport (``natsws.py``): run after each
        reconnect (core messages sent meanwhile were lost)."""
        self._reconnected.append(callback)

    @classmethod
    async def connect(cls, url: str) -> NatsTransport:
        import nats

        link: list[NatsTransport] = []

        async def reconnected() -> None:
            for callback in list(link[0]._reconnected if link else ()):
                await callback()

        nc = await nats.connect(
            url,
            max_reconnect_attempts=-1,
            reconnect_time_wait=0.5,
            reconnected_cb=reconnected,
        )
        js = nc.jetstream()
        try:
            kv = await js.key_value(BUCKET)
        except Exception:
            kv = await js.create_key_value(bucket=BUCKET, history=1)
        link.append(cls(nc, kv))
        return link[0]

    @staticmethod
    def kept(subject: str) -> bool:
        return subject.endswith(".rev")

    async def publish(self, subject: str, data: bytes) -> None:
        from nats.errors import Error

        try:
            await self.nc.publish(subject, data)
        except Error as exc:  # closed, or its buffer full while reconnecting
            raise Offline(str(exc)) from exc

    async def subscribe(self, subject: str, handler: Handler) -> Subscription:
        if self.kept(subject):
            subject = f"$KV.{BUCKET}.{subject}"

        async def got(msg: Any) -> None:
            await handler(msg.subject, msg.data)

        sub = await self.nc.subscribe(subject, cb=got)
        return sub  # type: ignore[no-any-return]

    async def last(self, subject: str) -> tuple[bytes, int] | None:
        from nats.js.errors import KeyNotFoundError

        try:
            entry = await self.kv.get(subject)
        except KeyNotFoundError:
            return None
        return bytes(entry.value), int(entry.revision)

    async def keep(self, subject: str, data: bytes, expect: int) -> int:
        from nats.js.errors import KeyWrongLastSequenceError

        try:
            if expect == 0:
                return int(await self.kv.create(subject, data))
            return int(await self.kv.update(subject, data, last=expect))
        except KeyWrongLastSequenceError as exc:
            raise Conflict(subject) from exc

    async def close(self) -> None:
        await self.nc.drain()


class Restartable:
    """A nats-server that a test stops and starts again on the same ports
    and store (the kept revisions survive, as on a real broker's restart):
    every client meanwhile reconnects by itself."""

    def __init__(self, folder: Path, ports: tuple[int, int] | None = None) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self._stack = ExitStack()
        self.broker = self._stack.enter_context(running(folder, ports))

    @property
    def url(self) -> str:
        return self.broker.url

    @property
    def ws_url(self) -> str:
        return self.broker.ws_url

    def stop(self) -> None:
        self._stack.close()

    def start(self) -> None:
        """Start it again where it was (its ports, its store)."""
        ports = (self.broker.port, self.broker.ws_port)
        self._stack = ExitStack()
        self.broker = self._stack.enter_context(running(self.folder, ports))

    def restart(self, down: float = 0.5) -> None:
        """Stop the server, wait ``down`` seconds, start it again."""
        self.stop()
        time.sleep(down)
        self.start()

    def close(self) -> None:
        self._stack.close()


@pytest.fixture
def restartable_nats(tmp_path: Path) -> Iterator[Restartable]:
    _require_server()
    broker = Restartable(tmp_path)
    yield broker
    broker.close()
