"""``companion`` ends within a second of SIGTERM or SIGINT, also after a
malformed websocket frame that makes Flet 1.0.5 itself ignore SIGTERM
(docs/flet-sigterm-bug.md)."""

from __future__ import annotations

import signal
import sys
import time
from pathlib import Path

import msgpack
import pytest
from websockets.sync.client import connect

sys.path.insert(0, str(Path(__file__).parent))
from browser.harness import Server  # noqa: E402

# A CONTROL_EVENT (action 3) sent before REGISTER_CLIENT: Flet has no session.
MALFORMED = b"\x00" + msgpack.packb([3, {"target": 1, "name": "click", "data": ""}])


def _wait_for_exit(server: Server) -> float:
    assert server.proc is not None
    started = time.monotonic()
    server.proc.wait(timeout=10)
    return time.monotonic() - started


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_server_stops_within_a_second_after_a_malformed_frame(
    tmp_path: Path, sig: signal.Signals
) -> None:
    server = Server(tmp_path / "data")
    server.start()
    try:
        with connect(f"ws://127.0.0.1:{server.port}/ws") as ws:
            ws.send(MALFORMED)
            time.sleep(0.5)
            assert server.proc is not None
            server.proc.send_signal(sig)
            took = _wait_for_exit(server)
        assert took < 1.0, f"the server took {took:.2f} s to stop"
    finally:
        server.stop()


def test_server_stops_within_a_second_when_idle(tmp_path: Path) -> None:
    server = Server(tmp_path / "data")
    server.start()
    try:
        assert server.proc is not None
        server.proc.send_signal(signal.SIGTERM)
        assert _wait_for_exit(server) < 1.0
    finally:
        server.stop()
