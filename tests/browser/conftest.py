"""Fixtures for browser tests: Chromium (skipped with a reason when absent,
failing instead under REQUIRE_BROWSER=1) and the app server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .harness import CHROMIUM, CHROMIUM_ARGS, Server, require_browser, running_server


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[Server]:
    """A server of its own on an empty folder, for a test that writes."""
    with running_server(tmp_path / "data") as s:
        yield s


@pytest.fixture(scope="session")
def reader(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server (per test process) on an empty folder, shared by the tests
    that only read what it serves (the page, its files, screens that save
    nothing): a server's start is seconds these tests need not spend. A
    test that creates or changes a game takes ``server`` instead."""
    with running_server(tmp_path_factory.mktemp("reader") / "data") as s:
        yield s


@pytest.fixture(scope="session")
def phone_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The phone app's folder (``companion publish``), built once per test
    process: a build takes 10 s of CPU, and the walks of the published app
    (test_phone_app.py and the files that import its ``host``) each served
    one of their own. Never served itself: :func:`.harness.copy_build` gives each
    test its copy, which it may build again (a new version)."""
    from companion.publish import publish

    return publish(tmp_path_factory.mktemp("phone-build") / "dist").folder
