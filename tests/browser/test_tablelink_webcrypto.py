"""The phone's side of the phones-only table (issue 39) in Chromium: one
plain page (not the app), WebCrypto and the vendored ``nats.ws`` through
nats-server's WebSocket listener. What the host (Python, ``cryptography``)
seals opens in the browser; the guest's intent the browser seals reaches a
Python subscriber as ciphertext only, and the host opens it with the
channel key both ends derived on their own."""

from __future__ import annotations

import asyncio
import functools
import http.server
import shutil
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

import pytest

from companion.tablelink.sealing import PySealer, b64, fingerprint, new_key
from companion.tablelink.wire import Envelope, Intent
from tests.nats_broker import Broker, nats_server  # noqa: F401

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
ROOM = "room-abc"
T = TypeVar("T")


def serve(folder: Path) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(
        http.server.SimpleHTTPRequestHandler, directory=str(folder)
    )
    handler.log_message = lambda *a: None  # type: ignore[method-assign]
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


def aside(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` on a loop of its own (Playwright's sync API holds this
    thread's loop)."""
    out: list[T] = []
    thread = threading.Thread(target=lambda: out.append(asyncio.run(coro)))
    thread.start()
    thread.join(30)
    return out[0]


def listen(
    url: str, got: list[bytes], ready: threading.Event, stop: threading.Event
) -> None:
    async def go() -> None:
        import nats

        nc = await nats.connect(url)

        async def cb(msg: Any) -> None:
            got.append(msg.data)

        await nc.subscribe(">", cb=cb)
        await nc.flush()
        ready.set()
        while not stop.is_set():
            await asyncio.sleep(0.05)
        await nc.drain()

    asyncio.run(go())


def test_webcrypto_and_nats_ws_speak_the_protocol(
    browser: Any,
    nats_server: Broker,  # noqa: F811
    tmp_path: Path,
) -> None:
    shutil.copy(ROOT / "assets/vendor/nats.ws/nats.js", tmp_path / "nats.js")
    shutil.copy(
        Path(__file__).with_name("tablelink_page.html"), tmp_path / "index.html"
    )
    sealer, key = PySealer(), new_key()

    async def host_side() -> tuple[Any, bytes, bytes]:
        private, public = await sealer.new_pair()
        sender = fingerprint(public)
        aad = Envelope("rev", sender, b"").aad(ROOM)
        sealed = await sealer.seal(key, b"Ann holds 13L", aad)
        return private, public, Envelope("rev", sender, sealed).encode()

    private, public, from_host = aside(host_side())
    got: list[bytes] = []
    ready, stop = threading.Event(), threading.Event()
    spy = threading.Thread(target=listen, args=(nats_server.url, got, ready, stop))
    spy.start()
    httpd = serve(tmp_path)
    try:
        assert ready.wait(10)
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{httpd.server_address[1]}/index.html")
        page.wait_for_function("window.ready === true")
        result = page.evaluate(
            "args => window.run(args)",
            {
                "ws": nats_server.ws_url,
                "room": ROOM,
                "key": b64(key),
                "hostPublic": b64(public),
                "fromHost": from_host.decode(),
            },
        )
        page.close()
        for _ in range(100):
            if got:
                break
            threading.Event().wait(0.05)
    finally:
        stop.set()
        spy.join(10)
        httpd.shutdown()
    assert result["heard"] == "Ann holds 13L"
    assert len(got) == 1 and len(got[0]) == result["bytes"]
    for clear in (b'"13L"', b"add_card", b'"p2"'):  # quoted: base64 may hold p2
        assert clear not in got[0]

    async def open_it() -> Intent:
        env = Envelope.decode(got[0])
        assert env.sender == fingerprint(env.public) == result["me"]
        channel = await sealer.agree(private, env.public, ROOM.encode())
        return Intent.read(
            await sealer.open(channel, env.body, env.aad(ROOM)), env.sender
        )

    intent = aside(open_it())
    assert intent == Intent(1, 4, "add_card", ("p2", "13L"), result["me"])
