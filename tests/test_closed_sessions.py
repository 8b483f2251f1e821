"""A tab that drops off while the server still sends to it is freed (issue 10).

Flet 1.0.5's ``FletApp.handle`` raised out of its send loop when the client
had closed its socket mid-send, before it told the app manager the session
was gone, so that session never got an expiry and was kept for good (a
phone locked while the app pushes another tab's change to it). Here real
``companion`` server sessions close their socket as soon as Home arrives,
while the server is still sending (the theme read follows), and must all
be deleted once a short FLET_SESSION_TIMEOUT has passed. The count is
Flet's own: its app manager logs every session it creates and deletes at
FLET_LOG_LEVEL=info.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

import pytest
from own_loop import run_alone

from companion.server import flet_guard

sys.path.insert(0, str(Path(__file__).parent))
from browser.harness import running_server  # noqa: E402
from flet_client import one_session  # noqa: E402

SESSIONS = 12
# Flet's evicter wakes every 10 s; the session must expire first.
TIMEOUT = 1
WAIT = 40.0


def _counts(log: str) -> tuple[int, int, str]:
    created = log.count("New session created")
    left = re.findall(r"Delete session \((\d+) left\)", log)
    return created, len(left), left[-1] if left else "none"


def test_sessions_closed_mid_send_are_deleted_once_expired(tmp_path: Path) -> None:
    env = {"FLET_SESSION_TIMEOUT": str(TIMEOUT), "FLET_LOG_LEVEL": "info"}
    with running_server(tmp_path / "data", env) as server:
        for _ in range(SESSIONS):
            one_session(server.port, quiet=0)  # closed as Home comes
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            created, deleted, last_left = _counts(server.log.read_text())
            if deleted >= SESSIONS:
                break
            time.sleep(1)
        log = server.log.read_text()
    created, deleted, last_left = _counts(log)
    assert created == SESSIONS, log[-4000:]
    assert (deleted, last_left) == (SESSIONS, "0"), (
        f"{SESSIONS} sessions closed, {deleted} deleted after {WAIT:.0f} s, "
        f"{last_left} left; server log tail:\n{log[-4000:]}"
    )
    assert "Exception in ASGI application" not in log, log[-4000:]
    # Nor does a theme read the tab never answered log an error.
    assert "ERROR" not in log, log[-4000:]


# The guard fails safe: Flet's private members are read carefully.


def _restore_handle(monkeypatch: pytest.MonkeyPatch) -> type:
    from flet_web.fastapi.flet_app import FletApp

    monkeypatch.setattr(FletApp, "handle", FletApp.handle)  # undone after
    return FletApp


def test_the_guard_wraps_once(monkeypatch: pytest.MonkeyPatch) -> None:
    flet_app = _restore_handle(monkeypatch)
    assert flet_guard.install()
    wrapped = flet_app.handle
    assert flet_guard.install()
    assert flet_app.handle is wrapped


def test_changed_flet_internals_leave_flet_as_it_is(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    flet_app = _restore_handle(monkeypatch)
    monkeypatch.delattr(flet_app, "_FletApp__get_unique_session_id")
    before = flet_app.handle
    assert not flet_guard.install()
    assert flet_app.handle is before
    assert "guard not installed" in caplog.text


def test_a_wrapped_error_is_raised_on_when_the_session_cannot_be_read(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    flet_app = _restore_handle(monkeypatch)

    async def broken(self: object, websocket: object) -> None:
        raise ValueError("not a disconnect")

    monkeypatch.setattr(flet_app, "handle", broken)
    assert flet_guard.install()
    app = object.__new__(flet_app)  # no __init__: no private members at all
    with pytest.raises(ValueError, match="not a disconnect"):
        run_alone(flet_app.handle(app, None))
    assert "could not read FletApp" in caplog.text
