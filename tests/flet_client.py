"""A Flet web client over a raw websocket, as a browser tab talks to the app.

Far cheaper than a page in Chromium, for tests and benchmarks that need a
session but not its drawing: the Flet client's REGISTER_CLIENT frame (as
Chromium sends it at 390×844), then every frame the server sends until the
Home screen's patch (it holds "New game") has come and the server has
fallen quiet, answering the server's method calls (the theme read from the
device's storage) as a client with nothing stored. Wire format (flet_web
1.0.5, flet_app.py): one binary frame per message, ``0x00`` + msgpack of
``[action, body]``.
"""

from __future__ import annotations

import time

import msgpack
from websockets.sync.client import connect

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
    """Open a session, wait for Home and then ``quiet`` seconds of silence
    from the server (as a tab closed by a person), close it."""
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
            if home and quiet <= 0:
                return  # closed at once, maybe while the server still sends
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
