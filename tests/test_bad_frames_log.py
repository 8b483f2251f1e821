"""A malformed websocket frame is one line in the server's log, not a
traceback (issue 37): any client on the table's Wi-Fi can send them, and
134 bad frames wrote 122 tracebacks. Flet's own receive loop is driven
with a fake websocket, so the line checked is the one Flet logs."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
from flet_web.fastapi.flet_app import FletApp  # type: ignore[import-untyped]
from own_loop import run_alone
from starlette.websockets import WebSocketDisconnect

from companion.server import flet_errors


class BadClient:
    """Sends one frame that is not msgpack, then leaves."""

    def __init__(self, frames: list[bytes]) -> None:
        self.frames = frames

    async def receive_bytes(self) -> bytes:
        if not self.frames:
            raise WebSocketDisconnect()
        return self.frames.pop(0)


def _receive(frames: list[bytes]) -> None:
    async def run() -> None:
        app: Any = FletApp(asyncio.get_running_loop(), None, lambda p: None, None)
        app._FletApp__websocket = BadClient(frames)
        await app._FletApp__receive_loop()

    run_alone(run())  # asyncio.run would meet a browser test's running loop


@pytest.mark.parametrize(
    "frame",
    [
        b"\x00\xc1\xc1",  # not msgpack
        b"\x00\x93\x63\x01\x02",  # an unknown action
        b"\x00\x92\x01",  # cut short
        b"\x00\x92\x01\x80",  # a REGISTER_CLIENT with an empty body
    ],
)
def test_a_malformed_frame_is_one_line(
    caplog: pytest.LogCaptureFixture, frame: bytes
) -> None:
    assert flet_errors.install()
    with caplog.at_level(logging.INFO, logger="flet_web.fastapi"):
        _receive([frame])
    [line] = [r for r in caplog.records if "Receive loop error" in r.getMessage()]
    assert line.exc_info is None and not line.exc_text
    text = caplog.text
    assert "Traceback" not in text and len(line.getMessage().splitlines()) == 1


def test_the_traceback_is_kept_when_flets_log_is_debugged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    assert flet_errors.install()
    with caplog.at_level(logging.DEBUG, logger="flet_web.fastapi"):
        _receive([b"\x00\xc1"])
    assert "Traceback" in caplog.text
