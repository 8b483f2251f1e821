"""The phone app's sealer (companion/tablelink/webcrypto.py) run where it
runs: Pyodide in Chromium (the Pyodide flet ships, one plain page, no app
boot), against the ``cryptography`` one. Same bytes both ways: what one
seals the other opens, and both ends of a channel derive the same key.
Then a guest in Pyodide with a host in Python, and a host in Pyodide with
guests in Python, through nats-server's WebSocket listener (the host's
through a broker restart)."""

from __future__ import annotations

import asyncio
import functools
import http.server
import json
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import flet_web
import pytest

from companion.tablelink.host import TableHost
from companion.tablelink.sealing import PySealer, b64, new_key, unb64
from tests.nats_broker import (  # noqa: F401
    Broker,
    NatsTransport,
    Restartable,
    nats_server,
    restartable_nats,
)
from tests.tablelink_guests import Guests
from tests.tablelink_table import LINE_ELSEWHERE, Table

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
PYODIDE = Path(flet_web.__file__).parent / "web" / "pyodide"
PAGE = """<!doctype html><meta charset="utf-8"><title>sealer</title>
<script src="pyodide/pyodide.js"></script>
<script>
window.boot = async (files) => {
  const py = await loadPyodide({ indexURL: "pyodide/" });
  for (const [path, text] of Object.entries(files)) {
    py.FS.mkdirTree(path.split("/").slice(0, -1).join("/"));
    py.FS.writeFile(path, text);
  }
  window.py = py;
  window.nats = await import("./nats.js");
  return true;
};
window.runpy = (code) => window.py.runPythonAsync(code);
</script>"""
IN_PYODIDE = """
import json
from companion.tablelink.sealing import Unsealable, b64, unb64
from companion.tablelink.webcrypto import WebCryptoSealer
s = WebCryptoSealer()
key = unb64(KEY)
out = {"sealed": b64(await s.seal(key, b"from the phone", b"f7t1|r|in|me"))}
out["opened"] = (await s.open(key, unb64(FROM_PY), b"f7t1|r|rev|host")).decode()
try:
    await s.open(key, unb64(FROM_PY), b"f7t1|r|rev|another")
    out["moved"] = "opened"
except Unsealable:
    out["moved"] = "refused"
private, public = await s.new_pair()
out["public"] = b64(public)
out["channel"] = b64(await s.agree(private, unb64(HOST), b"r"))
signer, verify_key = await s.new_signer()
out["verify_key"] = b64(verify_key)
out["signed"] = b64(await s.sign(signer, b"revision 7"))
out["py_signature"] = await s.verify(unb64(SIGNER), b"revision 8", unb64(SIGNED))
out["py_signature_moved"] = await s.verify(unb64(SIGNER), b"revision 9", unb64(SIGNED))
try:
    await s.agree(private, b"\\x04" + b"\\x01" * 64, b"r")
    out["bad_point"] = "agreed"
except Unsealable:
    out["bad_point"] = "refused"
json.dumps(out)
"""


def serve(folder: Path) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(
        http.server.SimpleHTTPRequestHandler, directory=str(folder)
    )
    handler.log_message = lambda *a: None  # type: ignore[method-assign]
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


@pytest.fixture(scope="module")
def pyodide_page(
    browser: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Any]:
    """One page with Pyodide booted and companion.tablelink in its files
    (booting costs 10-30 s: once for this module)."""
    folder = tmp_path_factory.mktemp("pyodide-page")
    (folder / "pyodide").symlink_to(PYODIDE)
    (folder / "index.html").write_text(PAGE)
    shutil.copy(ROOT / "assets/vendor/nats.ws/nats.js", folder / "nats.js")
    package = ROOT / "companion" / "tablelink"
    files = {
        "companion/__init__.py": "",
        # host.py takes only N_ of companion.i18n (Babel is not in this page)
        "companion/i18n/__init__.py": "def N_(message):\n    return message\n",
        "tests/__init__.py": "",
        "tests/tablelink_table.py": (ROOT / "tests/tablelink_table.py").read_text(),
    } | {
        f"companion/tablelink/{path.name}": path.read_text()
        for path in package.glob("*.py")
        if path.name != "state.py"  # the app layer's, not needed
    }
    httpd = serve(folder)
    page = browser.new_page()
    try:
        page.goto(f"http://127.0.0.1:{httpd.server_address[1]}/index.html")
        assert page.evaluate("files => window.boot(files)", files)
        yield page
    finally:
        page.close()
        httpd.shutdown()


def test_the_phone_apps_sealer_matches_the_python_one(pyodide_page: Any) -> None:
    page = pyodide_page
    sealer, key = PySealer(), new_key()
    result: dict[str, Any] = {}

    def python_side() -> None:  # Playwright's sync API holds this thread's loop
        async def go() -> None:
            result["host"] = await sealer.new_pair()
            sealed = await sealer.seal(key, b"from the host", b"f7t1|r|rev|host")
            result["from_py"] = b64(sealed)
            result["signer"] = await sealer.new_signer()
            signed = await sealer.sign(result["signer"][0], b"revision 8")
            result["signed"] = b64(signed)

        asyncio.run(go())

    thread = threading.Thread(target=python_side)
    thread.start()
    thread.join(10)
    code = (
        f"KEY, FROM_PY, HOST = {b64(key)!r}, {result['from_py']!r}, "
        f"{b64(result['host'][1])!r}\n"
        f"SIGNER, SIGNED = {b64(result['signer'][1])!r}, {result['signed']!r}\n"
        + IN_PYODIDE
    )
    out = json.loads(page.evaluate("code => window.runpy(code)", code))
    assert out["opened"] == "from the host"
    assert out["moved"] == "refused" and out["bad_point"] == "refused"

    def check() -> None:
        async def go() -> None:
            opened = await sealer.open(key, unb64(out["sealed"]), b"f7t1|r|in|me")
            result["opened"] = opened
            channel = await sealer.agree(result["host"][0], unb64(out["public"]), b"r")
            result["channel"] = b64(channel)
            result["verified"] = await sealer.verify(
                unb64(out["verify_key"]), b"revision 7", unb64(out["signed"])
            )

        asyncio.run(go())

    thread = threading.Thread(target=check)
    thread.start()
    thread.join(10)
    assert result["opened"] == b"from the phone"
    assert result["channel"] == out["channel"]
    assert result["verified"] and out["py_signature"]
    assert not out["py_signature_moved"]


GUEST = """
import asyncio, json, time
import js
from companion.tablelink.guest import TableGuest
from companion.tablelink.natsws import NatsWsTransport
from companion.tablelink.sealing import unb64
from companion.tablelink.webcrypto import WebCryptoSealer

link = await NatsWsTransport.connect(js.window.nats, WS)
guest = TableGuest(transport=link, sealer=WebCryptoSealer(), room=ROOM,
                   room_key=unb64(KEY), host_key=unb64(HOSTKEY), clock=time.monotonic)
await guest.join()
out = {"joined": guest.status.value, "host": guest.shown.host_name}
answers = []
for action, args in (("claim", ["p2"]), ("add_card", ["p2", "13L"]),
                     ("add_card", ["p1", "5"])):
    tap = await guest.tap(action, *args)
    answer = await asyncio.wait_for(tap.done, 10)
    no = answer.refused
    answers.append(None if no is None else [no.msgid, no.params, no.code])
for _ in range(200):
    if guest.shown.state["lines"]["p2"]:
        break
    await asyncio.sleep(0.02)
out["answers"] = answers
out["shown"] = guest.shown.state["lines"]
out["status"] = guest.status.value
await guest.leave()
json.dumps(out)
"""


class HostThread:
    """A :class:`TableHost` in Python on its own loop and thread, beating
    every second, while the page (Playwright's sync API) holds this one."""

    def __init__(self, url: str, room: str, key: bytes) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.table = Table()
        self.url, self.room, self.key = url, room, key

    def run(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(30)

    async def start(self) -> None:
        self.host = TableHost(
            transport=await NatsTransport.connect(self.url),
            sealer=PySealer(),
            room=self.room,
            room_key=self.key,
            name="Ann",
            apply=self.table.apply,
            snapshot=self.table.snapshot,
            clock=time.monotonic,
        )
        await self.host.start()
        self.beats = asyncio.ensure_future(self._beat())

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(1)
            await self.host.beat()

    async def stop(self) -> None:
        self.beats.cancel()
        await self.host.transport.close()  # type: ignore[attr-defined]

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def test_a_guest_in_pyodide_plays_with_a_host_through_nats_server(
    pyodide_page: Any,
    nats_server: Broker,  # noqa: F811
) -> None:
    key, room = new_key(), "room-pyodide"
    host = HostThread(nats_server.url, room, key)
    try:
        host.run(host.start())
        code = (
            f"WS, ROOM, KEY = {nats_server.ws_url!r}, {room!r}, {b64(key)!r}\n"
            f"HOSTKEY = {b64(host.host.verify_key)!r}\n"
        )
        out = json.loads(pyodide_page.evaluate("c => window.runpy(c)", code + GUEST))
        host.run(host.stop())
    finally:
        host.close()
    assert out["joined"] == "live" and out["host"] == "Ann"
    assert out["answers"][:2] == [None, None]
    assert out["answers"][2] == [LINE_ELSEWHERE, {"name": "Ann"}, "game"]
    assert out["shown"] == {"p1": [], "p2": ["13L"]} == host.table.lines
    assert out["status"] == "live"


# The host phone in Pyodide: TableHost + WebCryptoSealer + NatsWsTransport
# (nats.ws handed in as a promise, as the phone app's js.nats is), beating
# every second, keeping its game again after each reconnect.
PY_HOST = """
import asyncio, json, time
import js
from companion.tablelink.host import TableHost
from companion.tablelink.natsws import NatsWsTransport
from companion.tablelink.sealing import b64, unb64
from companion.tablelink.webcrypto import WebCryptoSealer
from tests.tablelink_table import Table

link = await NatsWsTransport.connect(js.Promise.resolve(js.window.nats), WS)
table = Table()
host = TableHost(transport=link, sealer=WebCryptoSealer(), room=ROOM,
                 room_key=unb64(KEY), name="Ann", apply=table.apply,
                 snapshot=table.snapshot, clock=time.monotonic)
await host.start()
link.on_reconnect(host.reconnected)

async def beat():
    while True:
        await asyncio.sleep(1)
        try:
            await host.beat()
        except Exception as exc:
            js.console.warn(repr(exc))

beating = asyncio.ensure_future(beat())
b64(host.verify_key)
"""
PY_HOST_STATE = """
json.dumps({"lines": table.lines, "reconnects": link.reconnects,
            "online": link.online, "applied": host.stats.applied})
"""
PY_HOST_STOP = "beating.cancel()\nawait link.close()\n'stopped'"


def test_a_host_in_pyodide_keeps_its_table_through_a_broker_restart(
    pyodide_page: Any,
    restartable_nats: Restartable,  # noqa: F811
) -> None:
    """Python guests tap in their lines through nats-server; the broker
    stops with a tap on its way and starts again: the host in the page
    reconnects (nats.ws's status) and keeps its game again, the guests
    catch up, the tap is made once, and nothing the broker carried was
    readable."""
    broker, page = restartable_nats, pyodide_page
    key, room = new_key(), "room-pyodide-host"
    code = f"WS, ROOM, KEY = {broker.ws_url!r}, {room!r}, {b64(key)!r}\n"
    host_key = unb64(page.evaluate("c => window.runpy(c)", code + PY_HOST))
    guests = Guests(broker.url, room, key, host_key)
    try:
        guests.run(guests.watch_everything())
        ann, bob = guests.run(guests.join()), guests.run(guests.join())
        assert ann.shown is not None and ann.shown.host_name == "Ann"
        assert guests.run(guests.tap(ann, "claim", "p1")) is None
        assert guests.run(guests.tap(bob, "claim", "p2")) is None
        assert guests.run(guests.tap(bob, "add_card", "p2", "13L")) is None
        elsewhere = guests.run(guests.tap(ann, "add_card", "p2", "5"))
        assert elsewhere is not None
        assert (elsewhere.msgid, elsewhere.params) == (LINE_ELSEWHERE, {"name": "Bob"})
        assert guests.run(guests.tap(ann, "add_card", "p1", "7")) is None
        before = {"p1": ["7"], "p2": ["13L"]}
        assert guests.run(guests.shows(ann, before)) == before

        broker.stop()
        on_its_way = guests.run(bob.tap("add_card", "p2", "3"))
        time.sleep(1)
        broker.start()
        made = guests.run(asyncio.wait_for(on_its_way.done, 45), 50)  # type: ignore[arg-type]
        assert made.refused is None
        after = {"p1": ["7"], "p2": ["13L", "3"]}
        assert guests.run(guests.shows(ann, after)) == after
        assert guests.run(guests.shows(bob, after)) == after
        late = guests.run(guests.join())  # the kept revision, after the restart
        assert late.shown is not None and late.shown.state["lines"] == after
        state = json.loads(page.evaluate("c => window.runpy(c)", PY_HOST_STATE))
        assert state["lines"] == after and state["online"]
        assert state["reconnects"] >= 1
        assert state["applied"] == 6  # 2 claims, 4 cards (1 refused): "3" once
    finally:
        page.evaluate("c => window.runpy(c)", PY_HOST_STOP)
        guests.close()
    readable = [
        m for m in guests.spy if any(w in m for w in (b'"Ann"', b'"Bob"', b'"13L"'))
    ]
    assert len(guests.spy) > 20 and not readable
