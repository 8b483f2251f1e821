"""Several phones with the published app on one local broker (issue 39).

The phone app is built once a test session (``companion publish`` with
``--broker`` at the address the broker of each test will listen on, so the
app's default is the one a person would have), served by the static host of
tests/browser/test_phone_app.py; every test gets its own nats-server on
those ports (:func:`table_broker`, restartable) and opens phones as browser
contexts of their own (390×844, their own storage) with :func:`open_phones`.
Imported, not copied: the phone app's fixtures may move (CI time).
"""

from __future__ import annotations

import functools
import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from companion.publish import publish
from tests.nats_broker import Restartable, _require_server, free_port

from .test_phone_app import Host, Quiet, booted, phone


@dataclass(frozen=True)
class TableApp:
    """The published app, served, and the ports its broker listens on."""

    url: str
    folder: Path
    ports: tuple[int, int]  # the broker's (nats, websocket)

    @property
    def broker(self) -> str:
        return f"ws://127.0.0.1:{self.ports[1]}"


class PagesHandler(Quiet):
    """As GitHub Pages or Netlify answer: an unknown address gets the
    folder's 404.html (the app), so an invite's deep link ``/join/<game>``
    opens the app on a phone's first visit."""

    def send_error(self, code: int, message: str | None = None, *a: Any) -> None:
        page = Path(str(self.directory)) / "404.html"
        if code != 404 or self.command != "GET" or not page.is_file():
            super().send_error(code, message, *a)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class PagesHost(Host):
    """The static host of test_phone_app, answering as :class:`PagesHandler`."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        handler = functools.partial(PagesHandler, directory=str(folder))
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()


# The first digital round of every game on these phones deals these cards,
# top first (a build for tests: ``companion publish --test-deck``).
DIGITAL_DECK = "1 2 3 4 5 6 7 8 9 10 11 12"


@pytest.fixture(scope="session")
def table_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TableApp]:
    ports = (free_port(), free_port())
    folder = tmp_path_factory.mktemp("table-app") / "dist"
    built = publish(folder, broker=f"ws://127.0.0.1:{ports[1]}", test_deck=DIGITAL_DECK)
    served = PagesHost(built.folder)
    try:
        yield TableApp(served.url, built.folder, ports)
    finally:
        served.close()


@pytest.fixture
def table_broker(table_app: TableApp, tmp_path: Path) -> Iterator[Restartable]:
    """nats-server where the published app looks for it, for one test."""
    _require_server()
    broker = Restartable(tmp_path / "broker", table_app.ports)
    try:
        yield broker
    finally:
        broker.close()


@dataclass
class Phone:
    context: Any
    page: Any
    asked: list[str] = field(default_factory=list)  # every address it asked for

    def close(self) -> None:
        self.context.close()


def open_phones(browser: Any, url: str, n: int) -> list[Phone]:
    """``n`` phones, each its own browser (storage, service worker), the
    app opened at ``url`` and booted (Python's first screen shown)."""
    phones = []
    for _ in range(n):
        context, asked = phone(browser)
        page = context.new_page()
        page.goto(url)
        phones.append(Phone(context, page, asked))
    for each in phones:  # booting side by side: the slow part, once
        booted(each.page)
    return phones


def python_worker(page: Any) -> Any:
    """The worker the app's Python runs in (not the one making a snapshot)."""
    for worker in page.workers:
        if worker.evaluate("() => !!self.pyodide && self.name !== 'flip7-snapshot'"):
            return worker
    raise AssertionError("no Python worker in this page")


def in_app_python(page: Any, code: str) -> Any:
    """Run ``code`` in the app's own Python (its worker, beside the app);
    its last expression, a JSON text, read back."""
    worker = python_worker(page)
    return json.loads(worker.evaluate("c => self.pyodide.runPythonAsync(c)", code))
