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
import socket
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import msgpack
from websockets.exceptions import ConnectionClosed
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


# --- a session that records everything the server sends ------------------------
CONTROL_EVENT = 3
ANSWER = 3.0  # seconds an event's answer may take to start
SCREEN = "SafeArea"  # the app's root control: the first screen has come


def decode(data: bytes | str) -> list[Any]:
    """One frame as ``[action, body]`` (ext types, e.g. dates, left as they are)."""
    assert isinstance(data, bytes), f"a text frame: {data!r}"
    message = msgpack.unpackb(data[1:], strict_map_key=False, raw=False)
    assert isinstance(message, list)
    return message


def strings(obj: Any) -> Iterator[str]:
    """Every text in a decoded message (keys and values): what a client could
    show or read; numbers are left out (control ids, sizes)."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, bytes):
        yield obj.decode("utf-8", "replace")
    elif isinstance(obj, dict):
        for key, value in obj.items():
            yield from strings(key)
            yield from strings(value)
    elif isinstance(obj, (list, tuple)):
        for item in obj:
            yield from strings(item)
    elif isinstance(obj, msgpack.ExtType):
        yield obj.data.decode("utf-8", "replace")


class RawSession:
    """One Flet web session over a raw websocket, recording every message.

    ``source`` binds the client socket to another local address (127.0.0.3):
    Linux would otherwise connect from 127.0.0.1 whatever loopback address is
    dialled, so this is how one machine plays "another phone". ``headers``
    are sent with the websocket upgrade (to try forged proxy headers).
    """

    def __init__(
        self,
        port: int,
        *,
        source: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        sock = None
        if source is not None:
            sock = socket.create_connection(
                ("127.0.0.1", port), timeout=30, source_address=(source, 0)
            )
        self._stack = ExitStack()
        self.ws = self._stack.enter_context(
            connect(
                f"ws://127.0.0.1:{port}/ws",
                sock=sock,
                max_size=None,
                additional_headers=headers,
                open_timeout=30,
            )
        )
        self.received: list[list[Any]] = []  # every message, in order
        self.page_id: int | None = None
        self.session_id: str | None = None

    def __enter__(self) -> RawSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._stack.close()

    def register(
        self, route: str, quiet: float = 1.5, session_id: str | None = None
    ) -> list[list[Any]]:
        """Open the app at ``route`` (as a browser tab opening that URL; with
        ``session_id``, as a tab reconnecting) and return what the server
        sent until it fell quiet."""
        register = copy.deepcopy(REGISTER)
        body = register[1]
        assert isinstance(body, dict)
        body["page"]["route"] = route
        body["session_id"] = session_id
        self.ws.send(_frame(register))
        got = self.listen(quiet, until=SCREEN)
        for action, reply in got:
            if action == 1 and isinstance(reply, dict):
                self.session_id = reply["session_id"]
                self.page_id = reply["page_patch"].get("_i", self.page_id)
        return got

    def button(self, text: str) -> int | None:
        """The id of the last control sent with ``text`` and a click handler."""
        found: list[int] = []

        def walk(obj: Any) -> None:
            if isinstance(obj, dict):
                clickable = obj.get("on_click") is True and "_i" in obj
                if clickable and text in strings(obj):
                    found.append(obj["_i"])
                for value in obj.values():
                    walk(value)
            elif isinstance(obj, list):
                for item in obj:
                    walk(item)

        walk(self.received)
        return found[-1] if found else None

    def has_button(self, text: str) -> bool:
        return self.button(text) is not None

    def click(self, text: str, quiet: float = 1.5) -> list[list[Any]]:
        """Tap the button labelled ``text`` (it must have been sent)."""
        target = self.button(text)
        assert target is not None, f"no {text!r} button was sent"
        return self.event(target, "click", None, quiet)

    def event(
        self, target: int, name: str, data: Any, quiet: float = 1.5
    ) -> list[list[Any]]:
        """Send a control event (as the Flet client does) and return the
        server's answer until it fell quiet. An event may get no answer at
        all (the screen stays as it is): the first message is awaited
        ``ANSWER`` seconds; a later one comes with the next call's answer."""
        body = {"target": target, "name": name, "data": data}
        self.ws.send(_frame([CONTROL_EVENT, body]))
        return self.listen(quiet, first=ANSWER)

    def route_change(self, route: str, quiet: float = 1.5) -> list[list[Any]]:
        """The page's route changed in the browser (Back, or a URL typed
        into the same tab): the client tells the page."""
        assert self.page_id is not None, "register first"
        self.ws.send(_frame([4, {"id": self.page_id, "props": {"route": route}}]))
        return self.event(self.page_id, "route_change", {"route": route}, quiet)

    def listen(
        self, quiet: float = 1.5, first: float = 60, until: str | None = None
    ) -> list[list[Any]]:
        """Messages until none came for ``quiet`` seconds, answering the
        server's method calls with null. Until the first message (or, with
        ``until``, a message holding that text) the wait is ``first``
        seconds: a busy machine must not pass for a server that fell quiet."""
        got: list[list[Any]] = []
        timeout = first
        waiting = until is not None
        while True:
            try:
                data = self.ws.recv(timeout=timeout)
            except TimeoutError:
                break
            except ConnectionClosed:
                break
            message = decode(data)
            got.append(message)
            action, body = message
            if action == INVOKE_METHOD:
                reply = {
                    "control_id": body["control_id"],
                    "call_id": body["call_id"],
                    "result": None,
                    "error": None,
                }
                self.ws.send(_frame([INVOKE_METHOD, reply]))
            if waiting and until in strings(message):
                waiting = False
            timeout = first if waiting else quiet
        self.received.extend(got)
        return got

    def text(self, messages: list[list[Any]] | None = None) -> str:
        """All texts of ``messages`` (default: everything received), one a line."""
        chosen = self.received if messages is None else messages
        return "\n".join(strings(chosen))
