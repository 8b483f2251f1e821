"""The phone app's own addresses in its Python worker (issue 39).

The app's Python runs in a web worker (companion/publish/worker.js), where
``location`` is the worker script's address, not the page's: an invite made
from it pointed at ``…/python-worker.js/join/…``, and a guest never saw the
fragment with the room and key. The page's address, fragment included, is
what Flet's page posts to the worker (``flet_js.documentUrl``); the app's
folder is the worker's (it sits beside index.html)."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator

import pytest

from companion.machine import runtime
from companion.ui import table_join
from companion.ui.parts import table_broker

WORKER = "https://table.example.org/flip7/python-worker.js"
OPENED = "https://table.example.org/flip7/join/g1#room=abcdefghijkl&key=k"


@pytest.fixture
def in_the_worker(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    js = types.ModuleType("js")
    js.location = types.SimpleNamespace(href=WORKER)  # type: ignore[attr-defined]
    flet_js = types.ModuleType("flet_js")
    flet_js.documentUrl = OPENED  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setitem(sys.modules, "flet_js", flet_js)
    monkeypatch.setattr(runtime, "IN_BROWSER", True)
    yield


def test_the_page_address_is_the_pages_with_its_fragment(in_the_worker: None) -> None:
    assert table_join.page_address() == OPENED


def test_the_apps_address_is_the_folder_it_is_served_from(in_the_worker: None) -> None:
    assert table_broker.app_url() == "https://table.example.org/flip7"
