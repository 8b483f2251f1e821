"""Serve the app on the web: listen first, import the app while the page loads.

Why: importing the app (the Flet controls of every screen, the store, the
rules, qrcode and Pillow) takes about as long as the browser takes to load
and start Flet's web client (17 MB of JavaScript and WebAssembly). One after
the other, a person waits for both; here the server listens as soon as
Flet's own web server is ready and the app is imported meanwhile, in a
thread, so the first session, which needs it, usually finds it done (it
waits for it otherwise, without blocking the server).

The thread starts importing only once the port accepts connections, i.e.
after uvicorn's own start-up imports: two threads importing at once could
meet in a circular import, and serving files imports nothing. If the import
fails, the traceback is printed and the server stops, as when the import
came first.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import threading
import time
import traceback
from collections.abc import Awaitable, Callable
from pathlib import Path

import flet as ft

AppMain = Callable[[ft.Page], None]


def _probe_host(host: str) -> str:
    if host in ("", "*", "0.0.0.0"):
        return "127.0.0.1"
    return "::1" if host == "::" else host


def wait_for_port(host: str, port: int, limit: float = 60.0) -> bool:
    """True once ``host:port`` accepts a connection, False after ``limit`` s."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((_probe_host(host), port), timeout=1):
                return True
        except OSError:
            time.sleep(0.02)
    return False


class AppLoader:
    """Imports the app and opens its store in a thread, once the port is up."""

    def __init__(self, data_dir: Path, host: str, port: int) -> None:
        self._data_dir = data_dir
        self._host = host
        self._port = port
        self._main: AppMain | None = None
        self._done = threading.Event()
        threading.Thread(target=self._load, name="load-app", daemon=True).start()

    def _load(self) -> None:
        wait_for_port(self._host, self._port)
        try:
            from .ui.app import make_main

            self._main = make_main(self._data_dir)
        except BaseException:  # noqa: BLE001 - print it and stop the server
            traceback.print_exc()
            os.kill(os.getpid(), signal.SIGTERM)
        finally:
            self._done.set()

    def _wait(self) -> AppMain:
        self._done.wait()
        if self._main is None:
            raise RuntimeError("the app could not be loaded; see the server's log")
        return self._main

    def main(self) -> Callable[[ft.Page], Awaitable[None]]:
        """The session entry point for Flet: waits for the app, then runs it."""

        async def session(page: ft.Page) -> None:
            app_main = self._main if self._done.is_set() else None
            if app_main is None:
                app_main = await asyncio.to_thread(self._wait)
            app_main(page)

        return session


def serve(data_dir: Path, host: str, port: int, assets_dir: Path) -> int:
    """Run the web server until it is stopped; the process's exit code."""
    loader = AppLoader(data_dir, host, port)
    ft.run(
        loader.main(),
        view=ft.AppView.WEB_BROWSER,
        host=host,
        port=port,
        assets_dir=str(assets_dir),
        no_cdn=True,
    )
    return 0
