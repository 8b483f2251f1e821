"""Closed pages count less than live ones (issue 37 friction): a phone that
re-scanned the invite 16 times in ten minutes got "Too many pages open"
for up to ten minutes, its closed sessions counted until they expired. The
cap is on live sessions; closed ones still held in memory have their own,
larger bound, so one address still cannot fill the server."""

from __future__ import annotations

import sys
import time
from contextlib import ExitStack
from pathlib import Path

from companion.app.crowd import HELD_FACTOR, Crowd
from companion.store import GameStore

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent / "browser"))
from flet_client import RawSession, strings  # noqa: E402
from harness import running_server  # noqa: E402

PHONE = "127.0.0.3"  # another device, as the server sees it


def test_a_phone_that_rescans_the_invite_is_let_in() -> None:
    crowd = Crowd(cap=16)
    for _ in range(16):  # scanned, the tab closed: held until it expires
        presence = crowd.presence("10.0.0.7", lambda: None)
        assert presence is not None
        presence.away()
    assert crowd.presence("10.0.0.7", lambda: None) is not None


def test_live_pages_are_capped_and_held_ones_bounded() -> None:
    crowd = Crowd(cap=2)
    live = [crowd.presence("a", lambda: None) for _ in range(2)]
    assert None not in live
    assert crowd.presence("a", lambda: None) is None  # two live: the cap
    live[0].away()  # type: ignore[union-attr]
    held = [crowd.presence("a", lambda: None)]
    assert held[0] is not None
    for _ in range(2 * HELD_FACTOR):
        if held[-1] is None:
            break
        held[-1].away()
        held.append(crowd.presence("a", lambda: None))
    assert held[-1] is None  # closed ones are bounded too
    assert crowd.held("a") == 2 * HELD_FACTOR


def test_a_closed_page_that_comes_back_counts_as_live_and_leaves_once() -> None:
    crowd = Crowd(cap=1)
    gone: list[str] = []
    presence = crowd.presence("a", lambda: gone.append("a"))
    assert presence is not None
    presence.away()
    other = crowd.presence("a", lambda: None)  # the cap is on live ones
    assert other is not None
    presence.back()  # it reconnected: two live now, nothing refused
    assert crowd.presence("a", lambda: None) is None
    presence()  # expired
    presence()  # told twice: counted once
    assert gone == ["a"] and crowd.held("a") == 1
    other.away()
    other()
    assert crowd.held("a") == 0


# --- through the real server: Flet tells the count when a tab closes ---------
def test_the_real_server_lets_a_rescanning_phone_in(tmp_path: Path) -> None:
    """Three live pages at most (the cap, lowered), sessions kept ten
    minutes after their tab closed: a phone that opens and closes five
    tabs is still let in; three open at once are, a fourth is refused."""
    env = {"COMPANION_SESSIONS_PER_ADDRESS": "3", "FLET_SESSION_TIMEOUT": "600"}
    GameStore(tmp_path / "data").close()
    with running_server(tmp_path / "data", env, host="0.0.0.0") as server:
        for _ in range(5):
            with RawSession(server.port, source=PHONE) as ses:
                ses.register("/")
                assert not _crowded(ses)
            time.sleep(0.3)  # the server hears the tab close
        with ExitStack() as stack:
            tabs = [stack.enter_context(RawSession(server.port, source=PHONE))]
            tabs += [stack.enter_context(RawSession(server.port, source=PHONE))]
            tabs += [stack.enter_context(RawSession(server.port, source=PHONE))]
            for ses in tabs:
                ses.register("/")
                assert not _crowded(ses)
            extra = stack.enter_context(RawSession(server.port, source=PHONE))
            extra.register("/")
            assert _crowded(extra)


def _crowded(ses: RawSession) -> bool:
    return any("Too many pages open" in t for t in strings(ses.received))
