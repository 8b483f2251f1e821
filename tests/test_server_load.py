"""One client must not stall the server, crash it or grow it (issue 25, bugs
5, 6, 7), through Flet's real websocket protocol (tests/flet_client.py).

One server for the module, on the LAN (``--host 0.0.0.0``: 127.0.0.1 is the
host, 127.0.0.3 another phone), started through tests/gated_server.py so a
test can hold every game write at a gate for as long as it likes: what
another session gets meanwhile is checked while the gate is still shut, so
nothing here is timed. Speed is measured by tests/bench/bench_stall.py.
"""

from __future__ import annotations

import ast
import contextlib
import copy
import os
import re
import signal
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgpack
import pytest

from companion.i18n import _
from companion.rules import Sheet
from companion.store import GameStore

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent / "browser"))
from flet_client import REGISTER, RawPage, RawSession, _frame, strings  # noqa: E402
from harness import Server, running_server  # noqa: E402

pytestmark = pytest.mark.xdist_group("server_load")

PHONE = "127.0.0.3"
OTHER = "127.0.0.4"  # tabs opened and closed (bug 7)
CROWD = "127.0.0.5"  # one device opening tab after tab (bug 7)
HOME = "New game"
CONTROL_EVENT, SESSION_CRASHED = 3, 6
WAIT = 30.0  # s; only ever waited in full when the bug is there


@dataclass(frozen=True)
class Served:
    server: Server
    game: str
    gate: Path

    @property
    def port(self) -> int:
        return self.server.port

    def log(self) -> str:
        return self.server.log.read_text(errors="replace")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    root = tmp_path_factory.mktemp("server-load")
    store = GameStore(root / "data")
    game = store.create(Sheet.new(["Ann", "Bob"]))
    store.close()
    gate = root / "gate"
    env = {
        "COMPANION_TEST_WRITE_GATE": str(gate),
        "FLET_LOG_LEVEL": "info",  # Flet logs sessions made, deleted, collected
        "FLET_SESSION_TIMEOUT": "1",  # a closed tab expires at Flet's next sweep
    }
    command = [sys.executable, str(Path(__file__).parent / "gated_server.py")]
    with running_server(root / "data", env, host="0.0.0.0", command=command) as s:
        yield Served(s, game, gate)


def entry(s: Served) -> RawPage:
    """The host's round entry on the game, Ann's line chosen, keypad shown."""
    page = RawPage(s.port, f"/game/{s.game}/entry")
    page.wait_for(_("5"), timeout=60)
    return page


def opened(port: int, route: str = "/", source: str | None = None) -> RawSession:
    """A new tab's session, registered; what came is in ``.received``."""
    ses = RawSession(port, source=source)
    register = copy.deepcopy(REGISTER)
    register[1]["page"]["route"] = route  # type: ignore[index]
    ses.ws.send(_frame(register))
    got = ses.listen(quiet=1.0, first=WAIT, until=HOME if source is None else None)
    for action, reply in got:
        if action == 1 and isinstance(reply, dict):
            ses.session_id = reply["session_id"]
    return ses


# --- bug 5: a slow save, a flood of taps --------------------------------------
def test_a_slow_save_does_not_hold_up_another_tab(served: Served) -> None:
    """A tap whose save is stuck at the gate must not stop another tab from
    opening: the server's one event loop stays free while the write waits."""
    page = entry(served)
    try:
        served.gate.touch()
        try:
            sent = page.click("5")
            with opened(served.port) as other:
                home = any(HOME in t for t in strings(other.received))
                still_waiting = served.gate.exists()
        finally:
            served.gate.unlink(missing_ok=True)
        assert still_waiting
        assert home, "another tab got no Home while one save waited"
        try:
            page.wait_for("Ann 5", after=sent, timeout=60)  # and the tap was saved
        except TimeoutError:
            Path("/tmp/loop_server.log").write_text(served.log())
            raise
        page.click(_("Remove {card} from {name}").format(card="5", name="Ann"))
    finally:
        page.close()


def sent_since(page: RawPage, after: float, text: str) -> list[float]:
    """When the server sent ``page`` a frame holding ``text`` since ``after``."""
    needle = msgpack.packb(text)
    with page._cond:  # noqa: SLF001
        return [at for at, data in page.frames if at >= after and needle in data]


def quiet(page: RawPage, after: float, seconds: float = 5.0) -> None:
    """Wait until the server, having answered since ``after``, has sent
    ``page`` nothing for ``seconds`` (at most ``WAIT`` for the answer)."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        with page._cond:  # noqa: SLF001
            last = page.frames[-1][0] if page.frames else 0.0
        if last >= after and time.monotonic() - last >= seconds:
            return
        time.sleep(0.2)


def test_a_flood_of_taps_is_dropped_unhandled(served: Served) -> None:
    """1,000 taps on Home's theme button in a burst: each handled tap
    writes the choice to the device's storage through a new
    SharedPreferences service, whose registration the client is sent at
    once, so those frames count the taps handled. A person's share is
    handled, the rest dropped unread; another tab opens after it."""
    from companion.server.flet_limits import BURST, RATE

    page = RawPage(served.port, "/")
    try:
        page.wait_for(_("Dark theme"), timeout=60)
        button = page.find(_("Dark theme"))
        quiet(page, 0.0, 1.0)  # the page's own start is over
        start = time.monotonic()
        for _i in range(1000):
            page.event(button, "click")
        quiet(page, start)
        handled = sent_since(page, start, "SharedPreferences")
        assert handled, "no tap was handled"
        # the budget refilled at RATE while the server read the flood
        allowed = BURST + RATE * (handled[-1] - start) + 1
        assert len(handled) <= allowed, f"{len(handled)} of 1,000 taps handled"
        with opened(served.port) as other:
            assert any(HOME in t for t in strings(other.received))
    finally:
        page.close()


# --- bug 6: no traceback to a stranger ------------------------------------------
def crashed(messages: list[list[Any]]) -> list[str]:
    return [
        " ".join(strings(body))
        for action, body in messages
        if action == SESSION_CRASHED
    ]


def test_a_size_change_without_data_crashes_nothing(served: Served) -> None:
    """A locked phone sends the probe's ``size_change`` event with no data:
    no SESSION_CRASHED, no traceback, nothing logged as an error."""
    with opened(served.port, source=PHONE) as ses:
        probe = text_probe(ses.received)
        for data in (None, {"width": "x"}, {"height": "tall"}):
            body = {"target": probe, "name": "size_change", "data": data}
            ses.ws.send(_frame([CONTROL_EVENT, body]))
        got = ses.listen(quiet=1.0, first=2.0)
    assert crashed(ses.received) == []
    texts = list(strings(got))
    assert not any("Traceback" in t or ".py" in t for t in texts)
    assert "textscale" not in served.log()


def text_probe(received: list[list[Any]]) -> int:
    """The id of the control with a size-change handler (the text probe)."""
    found: list[int] = []

    def walk(obj: Any) -> None:
        if isinstance(obj, dict):
            if obj.get("on_size_change") is True and "_i" in obj:
                found.append(obj["_i"])
            for value in obj.values():
                walk(value)
        elif isinstance(obj, list):
            for item in obj:
                walk(item)

    walk(received)
    assert found, "no size-change probe was sent"
    return found[-1]


def test_no_device_info_raises_nothing(served: Served) -> None:
    """A client that answers every method call with null (the device's info
    among them) opens the app without a TypeError in the server's log."""
    before = served.log().count("TypeError")
    with opened(served.port, source=PHONE):
        pass
    time.sleep(0.5)
    assert served.log().count("TypeError") == before, served.log()[-3000:]


# --- bug 7: closed sessions given back, a cap per address -----------------------
def test_an_address_with_too_many_sessions_gets_a_clear_page(served: Served) -> None:
    """A client address may hold PER_ADDRESS sessions at once; the next gets
    a page saying so, and none of the app (no game, no Home, no invite
    page); the host's own address is never capped. Once its sessions have
    expired, the address is let in again."""
    from companion.app.crowd import PER_ADDRESS

    full = _("Too many pages open")
    with contextlib.ExitStack() as stack:
        with ThreadPoolExecutor(4) as pool:
            tabs = list(
                pool.map(
                    lambda _: opened(served.port, source=CROWD), range(PER_ADDRESS)
                )
            )
        ids = []
        for ses in tabs:
            stack.enter_context(ses)
            assert not any(full in t for t in strings(ses.received))
            ids.append(ses.session_id)
        extra = stack.enter_context(opened(served.port, source=CROWD))
        texts = list(strings(extra.received))
        assert any(full in t for t in texts), texts[-20:]
        assert not any(HOME in t or "Scan the host" in t for t in texts)
        host = [stack.enter_context(opened(served.port)) for _i in range(3)]
        assert all(any(HOME in t for t in strings(h.received)) for h in host)
    deadline = time.monotonic() + 60  # FLET_SESSION_TIMEOUT 1 s, swept every 10 s
    while time.monotonic() < deadline:
        log = served.log()
        if all(re.search(rf"Delete session .*_{i}_", log) for i in ids):
            break
        time.sleep(0.5)
    time.sleep(1.0)  # their "close" events are handled
    with opened(served.port, source=CROWD) as again:
        assert not any(full in t for t in strings(again.received))
        assert any("Scan the host" in t for t in strings(again.received))


def test_expired_sessions_are_given_back(served: Served) -> None:
    """Tabs opened and closed: once Flet has deleted them (expired), their
    pages (every control, the session's state) are gone from memory. Before,
    each page was kept for good by the language module's table (about
    350 KB a session). Flet's sweep keeps at most the last one it deleted
    a while longer (a local variable of its loop)."""
    ids = []
    for _i in range(8):
        with opened(served.port, source=OTHER) as ses:
            ids.append(ses.session_id)
    deadline = time.monotonic() + 60  # FLET_SESSION_TIMEOUT 1 s, swept every 10 s
    while time.monotonic() < deadline:
        log = served.log()
        if all(re.search(rf"Delete session .*_{i}_", log) for i in ids):
            break
        time.sleep(0.5)
    time.sleep(1.0)  # their "close" events are handled
    before = served.log().count("live pages:")
    assert served.server.proc is not None
    os.kill(server_child(served.server.proc.pid), signal.SIGUSR2)
    while served.log().count("live pages:") == before:
        time.sleep(0.2)
    counts = re.findall(r"live pages: (\{.*\})", served.log())[-1]
    live = ast.literal_eval(counts).get(OTHER, 0)
    assert live <= 1, f"{live} of 8 expired sessions' pages still in memory"


def server_child(pid: int) -> int:
    """The forked child that serves (companion supervises it)."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    for child in children:
        if "gated_server" in Path(f"/proc/{child}/cmdline").read_text():
            return int(child)
    raise AssertionError(f"no serving child of {pid}: {children}")
