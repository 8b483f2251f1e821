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

import copy
import threading
import time
from typing import Any

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


CONTROL_EVENT = 3


def _answer(ws: Any, data: bytes) -> None:
    """Answer a method call as a client with nothing stored."""
    _, body = msgpack.unpackb(data[1:], strict_map_key=False)
    reply = {
        "control_id": body["control_id"],
        "call_id": body["call_id"],
        "result": None,
        "error": None,
    }
    ws.send(_frame([INVOKE_METHOD, reply]))


class RawPage:
    """A session that stays open: a reader thread timestamps every frame the
    server sends (``time.monotonic()`` at receipt) and answers its method
    calls; controls are found by the text on them, to send clicks.

    Controls keep their ids across re-renders, so a button's id is read from
    the frame that first drew it: a ``Button`` whose content is the text, or
    a ``Semantics`` whose label is the text around a clickable content."""

    def __init__(self, port: int, route: str) -> None:
        register = copy.deepcopy(REGISTER)
        register[1]["page"]["route"] = route  # type: ignore[index]
        self.ws = connect(f"ws://127.0.0.1:{port}/ws", max_size=None)
        self.frames: list[tuple[float, bytes]] = []
        self.ids: dict[str, int] = {}
        self._parsed = 0
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()
        self.ws.send(_frame(register))

    def _read(self) -> None:
        try:
            while True:
                data = self.ws.recv()
                now = time.monotonic()
                assert isinstance(data, bytes)
                if data[2:3] == bytes([INVOKE_METHOD]):  # 0x00, [action, body]
                    _answer(self.ws, data)
                with self._cond:
                    self.frames.append((now, data))
                    self._cond.notify_all()
        except Exception:  # closed
            return

    def wait_for(
        self, text: str, after: float = 0.0, timeout: float = 60.0, exact: bool = True
    ) -> float:
        """When the first frame received after ``after`` holding ``text``
        came: exactly that string (as msgpack encodes it), or with
        ``exact=False`` anywhere in a string (the start of a label)."""
        needle = msgpack.packb(text) if exact else text.encode()
        deadline = time.monotonic() + timeout
        seen = 0
        with self._cond:
            while True:
                for at, data in self.frames[seen:]:
                    if at >= after and needle in data:
                        return at
                seen = len(self.frames)
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"{text!r} not received in {timeout} s")
                self._cond.wait(left)

    def find(self, text: str) -> int:
        """The id of the clickable control labelled ``text``."""
        with self._cond:
            frames = self.frames[self._parsed :]
            self._parsed += len(frames)
        for _, data in frames:
            self._index(msgpack.unpackb(data[1:], strict_map_key=False))
        return self.ids[text]

    def _index(self, node: Any) -> None:
        if isinstance(node, list):
            for item in node:
                self._index(item)
            return
        if not isinstance(node, dict):
            return
        if node.get("on_click") and isinstance(node.get("content"), str):
            self.ids[node["content"]] = node["_i"]
        content = node.get("content")
        label = node.get("label")
        clickable = isinstance(content, dict) and content.get("on_click")
        if isinstance(label, str) and clickable and "_i" in content:
            self.ids[label] = content["_i"]
            if label.endswith(" left"):  # a card key: "5, 4 left" is key "5"
                self.ids[label.rsplit(", ", 1)[0]] = content["_i"]
        for value in node.values():
            self._index(value)

    def event(self, target: int, name: str, data: Any = None) -> float:
        """Send an event; returns when it was sent (``time.monotonic()``)."""
        frame = _frame([CONTROL_EVENT, {"target": target, "name": name, "data": data}])
        sent = time.monotonic()
        self.ws.send(frame)
        return sent

    def click(self, text: str) -> float:
        return self.event(self.find(text), "click")

    def go(self, route: str) -> None:
        """The browser's address changed (as Flutter's router reports it)."""
        self.event(1, "route_change", {"route": route})  # the page is control 1

    def close(self) -> None:
        self.ws.close()
