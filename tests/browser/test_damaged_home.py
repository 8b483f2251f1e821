"""Damaged data folders in Chromium, against the real server, as a player
would find them: Home shows ("New game"); the untouched game (Cy, Dee) is
listed and opens on its score sheet; the bad file is named on Home with the
reason; a folder the app cannot use or write says which path and why;
nothing else changes on disk (tests/damage.py).

All 29 kinds go through the store, the app layer (Home's very words) and
the server's start-up in-process in tests/test_damaged_folders.py; here one
case per way Home can look: a named bad file (its tile gone), a copy (its
tile once), a draft that cannot be restored, a folder that is a file (no
games) and a read-only folder (games open, nothing written). One server and
one page per case, taps one at a time."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from damage import (
    FOLDER,
    FOLDER_SAYS,
    GOOD,
    NAMED,
    NAMED_FILE,
    NO_GAME,
    REASON,
    check_disk,
    damaged_folder,
    fingerprint,
)

from .harness import PHONE, Server, open_app
from .table import SETTLE, button, reveal, see

pytestmark = pytest.mark.browser

# One case per way Home can look (see the module docstring); every one of
# the 29 is checked below the browser.
THROUGH_THE_SERVER = [
    "garbage",
    "copied file",
    "garbage draft",
    "folder a file",
    "read-only folder",
]


@contextmanager
def serving(data: Path, log: Path) -> Iterator[Server]:
    server = Server(data)
    server.log = log  # beside, never inside, the folder under test
    server.start()
    try:
        yield server
    finally:
        server.stop()


def tiles(page: Any, heading: str) -> Any:
    """The tiles of the games of ``heading``, one "Delete game …" each (a
    tile is not one semantic node: its buttons keep their own focus)."""
    return page.get_by_role("button", name=f"Delete game {heading}", exact=True)


def open_tile(page: Any, heading: str, others: dict[str, int] | None = None) -> None:
    """Tap "Open" on the tile of the game of ``heading``; first, with its
    neighbours on screen, check how many tiles each of ``others`` has.
    Every tile has one Open and one Delete, in the same order."""
    reveal(page, tiles(page, heading).first)
    for other, count in (others or {}).items():
        assert tiles(page, other).count() == count, f"{other}: not {count} tile(s)"
    assert tiles(page, heading).count() == 1, f"{heading}: not 1 tile"
    deletes = page.get_by_role("button", name=re.compile(r"^Delete game "))
    names = deletes.evaluate_all(
        "els => els.map(e => (e.getAttribute('aria-label') || e.textContent).trim())"
    )
    target = page.get_by_role("button", name="Open", exact=True)
    assert target.count() == len(names), "a tile without its Open"
    target.nth(names.index(f"Delete game {heading}")).click()
    page.wait_for_timeout(SETTLE)


@pytest.mark.parametrize("case", THROUGH_THE_SERVER)
def test_home_on_a_damaged_folder(browser: Any, tmp_path: Path, case: str) -> None:
    started = time.monotonic()
    outside = tmp_path / "outside.json"  # where "link outside" points
    with damaged_folder(tmp_path, case) as data:
        before = fingerprint(data) if data.exists() else {}
        outside_before = outside.read_bytes() if outside.exists() else None
        with serving(data, tmp_path / "server.log") as server:
            page = open_app(browser, server.url, PHONE)
            button(page, "New game").wait_for(timeout=60_000)
            if case in FOLDER:
                says = FOLDER_SAYS[case]
                see(page, re.compile(rf"The games folder {re.escape(str(data))} "
                                     rf"{re.escape(says)}"))  # fmt: skip
            if case in NAMED_FILE:
                name = re.escape(NAMED_FILE[case])
                see(page, re.compile(rf"{name} could not be read \([^)]*"
                                     rf"{re.escape(REASON[case])}"))  # fmt: skip
            if case in NO_GAME:
                see(page, "No games yet")
            else:
                bad_tiles = 0 if case in NAMED else 1  # never twice
                open_tile(page, GOOD, {"Ann, Bob": bad_tiles})
                see(page, "Round 1 · Cy deals", timeout=30_000)
            if case == "garbage draft":  # the bad one opens, minus its draft
                button(page, "Back").click()
                page.wait_for_timeout(SETTLE)
                open_tile(page, "Ann, Bob")
                see(page, "Round 1 · Ann deals", timeout=30_000)
                see(page, "The round being entered could not be restored")
            page.close()
            log = server.log
        assert "Traceback" not in log.read_text()
        check_disk(case, data, before)
        if outside_before is not None:
            assert outside.read_bytes() == outside_before
    print(f"\n{case}: {time.monotonic() - started:.1f} s")
