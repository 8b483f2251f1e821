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
import threading
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


def _reply(call: dict[str, Any]) -> bytes:
    """The answer to a method call, as a client with nothing stored."""
    reply = {
        "control_id": call["control_id"],
        "call_id": call["call_id"],
        "result": None,
        "error": None,
    }
    return _frame([INVOKE_METHOD, reply])


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
                ws.send(_reply(body))
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
                self.ws.send(_reply(body))
            if waiting and until in strings(message):
                waiting = False
            timeout = first if waiting else quiet
        self.received.extend(got)
        return got

    def text(self, messages: list[list[Any]] | None = None) -> str:
        """All texts of ``messages`` (default: everything received), one a line."""
        chosen = self.received if messages is None else messages
        return "\n".join(strings(chosen))


class RawPage:
    """A session that stays open: a reader thread timestamps every frame the
    server sends (``time.monotonic()`` at receipt) and answers its method
    calls; controls are found by the text on them, to send clicks.

    Controls keep their ids across re-renders, so a button's id is read from
    the frame that first drew it: a ``Button`` whose content is the text, or
    a ``Semantics`` whose label is the text around a clickable content."""

    def __init__(self, port: int, route: str, open_timeout: float = 10.0) -> None:
        register = copy.deepcopy(REGISTER)
        register[1]["page"]["route"] = route  # type: ignore[index]
        self.ws = connect(
            f"ws://127.0.0.1:{port}/ws", max_size=None, open_timeout=open_timeout
        )
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
                    self.ws.send(_reply(decode(data)[1]))
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
        spoken = content.get("semantics_label") if isinstance(content, dict) else None
        if node.get("on_click") and isinstance(spoken, str):  # a Text of spans
            self.ids[spoken] = node["_i"]
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
