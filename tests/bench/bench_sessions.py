"""Benchmark: server memory after 1,000 browser sessions opened and closed.

Run: ``uv run python tests/bench/bench_sessions.py [--sessions 1000]
[--timeout 5]``. Not collected by pytest. Target (issue 10): the server's
RSS, once the closed sessions have expired, within 10 MB of what it was
before them.

Why: Flet keeps a closed web session (its page, every control and our
per-session state) for FLET_SESSION_TIMEOUT seconds so that a client that
reconnects resumes it; its default is 3,600 s. ``companion`` sets a shorter
one (see companion/__main__.py); this benchmark sets ``--timeout`` seconds
(short, so it does not wait ten minutes) and checks that an expired session
is really freed.

Each session is what a browser tab does, over a raw websocket (far cheaper
than a page in Chromium): the Flet client's REGISTER_CLIENT frame (as
Chromium sends it at 390×844), then every frame the server sends until the
Home screen's patch (it holds "New game") has come, answering the server's
method calls (the theme read from the device's storage) as a client with
nothing stored; then the socket is closed. RSS is the server process's
(the forked child of ``companion``), from /proc.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import msgpack
from websockets.sync.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from browser.harness import Server  # noqa: E402

REGISTER = [
    1,
    {
        "session_id": None,
        "page_name": "",
        "page": {
            "route": "/",
            "pwa": False,
            "web": True,
            "debug": False,
            "wasm": True,
            "test": False,
            "multi_view": False,
            "pyodide": False,
            "platform_brightness": "light",
            "width": 390.0,
            "height": 844.0,
            "platform": "linux",
            "window": {},
            "media": {
                "padding": dict.fromkeys(("top", "right", "bottom", "left"), 0.0),
                "view_padding": dict.fromkeys(("top", "right", "bottom", "left"), 0.0),
                "view_insets": dict.fromkeys(("top", "right", "bottom", "left"), 0.0),
                "device_pixel_ratio": 1.0,
                "orientation": "portrait",
                "always_use_24_hour_format": False,
            },
        },
    },
]
INVOKE_METHOD = 5


def _frame(message: list[object]) -> bytes:
    return b"\x00" + msgpack.packb(message)


def one_session(port: int, quiet: float = 0.5) -> None:
    """Open a session, wait for Home and then for the server to fall quiet
    (as a tab closed by a person), close it."""
    with connect(f"ws://127.0.0.1:{port}/ws", max_size=None) as ws:
        ws.send(_frame(REGISTER))
        home = False
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                data = ws.recv(timeout=quiet if home else 60)
            except TimeoutError:
                return  # Home shown and nothing more to send: close the tab
            assert isinstance(data, bytes)
            home = home or b"New game" in data
            action, body = msgpack.unpackb(data[1:], strict_map_key=False)
            if action == INVOKE_METHOD:
                reply = {
                    "control_id": body["control_id"],
                    "call_id": body["call_id"],
                    "result": None,
                    "error": None,
                }
                ws.send(_frame([INVOKE_METHOD, reply]))
        raise RuntimeError("Home did not come within 60 s")


def server_pid(parent: int) -> int:
    """The forked child that serves (companion supervises it)."""
    children = Path(f"/proc/{parent}/task/{parent}/children").read_text().split()
    return int(children[0]) if children else parent


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def sessions(port: int, count: int) -> float:
    start = time.monotonic()
    for _ in range(count):
        one_session(port)
    return time.monotonic() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--timeout", type=int, default=5, help="FLET_SESSION_TIMEOUT")
    parser.add_argument("--warmup", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    # Flet evicts expired sessions every 10 s.
    expire = args.timeout + 12
    print(f"load average before: {os.getloadavg()}")
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "data", {"FLET_SESSION_TIMEOUT": str(args.timeout)})
        server.start()
        try:
            assert server.proc is not None
            pid = server_pid(server.proc.pid)
            print(f"server pid {pid}: RSS at start {rss_mb(pid):.1f} MB")
            sessions(server.port, args.warmup)
            time.sleep(expire)
            base = rss_mb(pid)
            print(f"after {args.warmup} warm-up sessions expired: {base:.1f} MB")
            for r in range(args.rounds):
                took = sessions(server.port, args.sessions)
                held = rss_mb(pid)
                time.sleep(expire)
                after = rss_mb(pid)
                print(
                    f"round {r + 1}: {args.sessions} sessions in {took:.0f} s "
                    f"({took / args.sessions * 1000:.0f} ms each); RSS with them "
                    f"closed but kept {held:.1f} MB (+{held - base:.1f}), "
                    f"{expire} s later {after:.1f} MB (+{after - base:.1f})",
                    flush=True,
                )
        finally:
            server.stop()
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
