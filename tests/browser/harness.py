"""Serve the real app on 127.0.0.1 and drive Debian's Chromium with Playwright.

Flutter draws on a canvas; its semantics tree (turned on by clicking
``flt-semantics-placeholder``) exposes controls by role and accessible name,
which is how these tests find them, as a screen reader would.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def browser_missing_reason() -> str | None:
    """Why browser tests cannot run here, or None when they can."""
    if not Path(CHROMIUM).exists():
        return f"Chromium not found at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (uv sync installs the dev group)"
    return None


def require_browser() -> None:
    reason = browser_missing_reason()
    if reason is None:
        return
    if os.environ.get("REQUIRE_BROWSER") == "1":
        pytest.fail(f"REQUIRE_BROWSER=1 but {reason}")
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """The app as `uv run companion` starts it, on a free port."""

    def __init__(
        self,
        data_dir: Path,
        extra_env: dict[str, str] | None = None,
        host: str | None = None,
        *,
        app_root: Path = ROOT,
        command: Sequence[str] | None = None,
    ):
        """``host``: the address to listen on (``--host``; "0.0.0.0" lets
        phones on the LAN in); the page is still opened on 127.0.0.1.

        For the benchmarks (tests/bench): ``app_root``, the checkout whose
        ``companion`` is served (the working directory, so ``-m companion``
        imports that tree: before/after comparisons); ``command``, what runs
        instead of ``python -m companion`` with the same arguments (a
        wrapper that times the server's work)."""
        self.data_dir = data_dir
        self.host = host
        self.app_root = app_root
        self.command = list(command or [sys.executable, "-m", "companion"])
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.extra_env = extra_env or {}
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = data_dir.parent / f"server-{self.port}.log"

    def start(self) -> None:
        env = {**os.environ, **self.extra_env}
        host = [] if self.host is None else ["--host", self.host]
        self.proc = subprocess.Popen(
            [
                *self.command,
                *host,
                "--port",
                str(self.port),
                "--data-dir",
                str(self.data_dir),
            ],
            cwd=self.app_root,
            env=env,
            stdout=self.log.open("wb"),
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()}")
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.2)
        raise RuntimeError("server did not start in 60 s")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None


@contextmanager
def running_server(
    data_dir: Path,
    extra_env: dict[str, str] | None = None,
    host: str | None = None,
    *,
    app_root: Path = ROOT,
    command: Sequence[str] | None = None,
) -> Iterator[Server]:
    """A started :class:`Server` (same arguments), stopped on leaving."""
    server = Server(data_dir, extra_env, host, app_root=app_root, command=command)
    try:
        server.start()  # inside: a server that never listens is stopped too
        yield server
    finally:
        server.stop()


def open_app(browser: Any, url: str, viewport: dict[str, int] = PHONE) -> Any:
    """A new page on the app, loaded, with Flutter's semantics tree on."""
    return load(browser.new_page(viewport=viewport), url)


def device(browser: Any, url: str, viewport: dict[str, int] = PHONE) -> Any:
    """A page in its own browser context (its own storage), like another
    phone or a TV at the table."""
    return load(browser.new_context(viewport=viewport).new_page(), url)


def load(page: Any, url: str) -> Any:
    """Open ``url`` in ``page`` and turn on Flutter's semantics tree."""
    page.goto(url)
    drawn(page)
    semantics_on(page)
    return page


def drawn(page: Any) -> None:
    """Wait until Flet's client has connected and Flutter drew its first
    frame: the page's ``#loading`` is gone (bench_start.py times this)."""
    page.wait_for_selector("#loading", state="detached", timeout=60_000)


def semantics_on(page: Any) -> None:
    """Turn on Flutter's semantics tree (a click on its placeholder, as a
    screen reader's first touch) on a drawn page, and wait for its nodes."""
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=30_000)
    placeholder.dispatch_event("click")
    page.wait_for_selector("flt-semantics", state="attached", timeout=30_000)


def ready(page: Any) -> None:
    """Wait for the page after a goto, reload or reconnect (a reload turns
    Flutter's semantics off again: turn it back on)."""
    page.wait_for_selector("#loading", state="detached", timeout=60_000)
    page.wait_for_selector(
        "flt-semantics-placeholder, flt-semantics[role]",
        state="attached",
        timeout=60_000,
    )
    placeholder = page.locator("flt-semantics-placeholder")
    if placeholder.count():
        placeholder.dispatch_event("click")


def copy_build(build: Path, to: Path) -> Path:
    """A copy of the published app's folder ``build`` (conftest.py's
    ``phone_build``) at ``to``, to serve: a fraction of a second against a
    build's 10 s."""
    shutil.copytree(build, to)
    return to


def screenshot(page: Any, name: str) -> None:
    """Save a screenshot in docs/screenshots when SCREENSHOTS=1."""
    if os.environ.get("SCREENSHOTS") != "1":
        return
    page.wait_for_timeout(800)
    out = ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out / f"{name}.png"))
