"""Where the server listens reaches every session (the Invite's links)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import companion.__main__ as cli
from companion.app import AppState
from companion.app.serving import Serving
from companion.store import GameStore


def test_a_session_knows_where_the_server_listens() -> None:
    assert AppState(GameStore.memory()).serving == Serving("127.0.0.1", 8550)
    state = AppState(GameStore.memory(), serving=Serving("0.0.0.0", 9000))
    assert state.serving.port == 9000 and not state.serving.local_only


@pytest.mark.parametrize(
    ("host", "local"),
    [("127.0.0.1", True), ("localhost", True), ("::1", True), ("0.0.0.0", False)],
)
def test_local_only(host: str, local: bool) -> None:
    assert Serving(host, 8550).local_only is local


def test_the_command_line_hands_host_and_port_to_the_app(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import flet as ft

    import companion.server.flet_guard
    import companion.ui.app

    made: list[tuple[Any, ...]] = []
    monkeypatch.setattr(cli, "supervise", lambda serve: serve())
    monkeypatch.setattr(companion.server.flet_guard, "install", lambda: None)
    gates: list[Any] = []

    expiries: list[Any] = []

    def make_main(
        *a: Any, gate: Any = None, language: Any = None, expired: Any = None
    ) -> None:
        made.append(a)
        gates.append(gate)
        expiries.append(expired)

    monkeypatch.setattr(companion.ui.app, "make_main", make_main)
    monkeypatch.setattr(ft, "run", lambda *a, **k: None)
    argv = ["--host", "0.0.0.0", "--port", "9123", "--data-dir", str(tmp_path)]
    assert cli.main([*argv, "--trusted", "10.9.8.7"]) == 0
    # The games folder is kept in the Invite's restart command (issue 37).
    assert made == [
        (tmp_path, Serving("0.0.0.0", 9123, keep=("--data-dir", str(tmp_path))))
    ]
    # The server reads its LAN addresses and hands the reader in (app/ never
    # imports server/), and sweeps memory after a session expires.
    from companion.server.gc_tuning import Sweep
    from companion.server.net import lan_addresses

    assert made[0][1].addresses is lan_addresses
    assert isinstance(getattr(expiries[0], "__self__", None), Sweep)
    # On the LAN, the host is this machine (and what --trusted names) only.
    (gate,) = gates
    assert gate.guarded and {"127.0.0.1", "::1", "10.9.8.7"} <= gate.trusted
    assert not gate.trusts("10.9.8.6")


def test_make_main_still_takes_the_data_folder_alone(tmp_path: Path) -> None:
    from companion.ui.app import make_main

    assert callable(make_main(tmp_path))
