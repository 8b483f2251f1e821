"""The damaged-folder corpus in Chromium: each of the 29 kinds of damaged data folder
(tests/damage.py) against the real server. As a player would find it: Home
shows ("New game"); the untouched game (Cy, Dee) is listed and opens on its
score sheet; the bad file is named on Home with the reason; a folder the app
cannot use or write says which path and why. Nothing else changes on disk:
only the bad file may be moved aside (same bytes, new name) and the index,
a cache of the games, rewritten; a folder the app cannot write is left
exactly as it was. One server and one page per case, taps one at a time."""

from __future__ import annotations

import json
import re
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from damage import (
    BAD,
    CASES,
    COPY,
    FOLDER,
    NAMED,
    READ_ONLY,
    fingerprint,
    healthy,
    read_only,
)

from .harness import PHONE, Server, open_app
from .table import SETTLE, button, reveal, see

pytestmark = pytest.mark.browser

GOOD = "Cy, Dee"  # the untouched game; BAD is Ann and Bob's
NO_GAME = {"games a file", "folder a file", "missing folder",
           "missing under unwritable parent"}  # fmt: skip
NAMED_FILE = {case: f"{BAD}.json" for case in NAMED} | {
    "copied file": f"{COPY}.json",
    "garbage index": "index.json",
    "wrongly shaped index": "index.json",
}
# Why each named file could not be read, as Home says it.
REASON = {
    "truncated": "not valid JSON",
    "garbage": "not valid JSON",
    "zero bytes": "the file is empty",
    "json list": "not a saved game",
    "empty object": "not a saved game: it holds no game",
    "empty game table": "not a saved game: it holds no game",
    "sheet not an object": "not a saved game: The score sheet is not readable",
    "entries []": "not a saved game: The score sheet is not readable",
    "players []": "not a saved game: The table must seat 2 to 18 players",
    "unknown first dealer": "The first dealer is not one of the players",
    "unknown round dealer": "That round names a player who is not in the game",
    "unknown rules key": "the rules has unknown keys x",
    "50 MB valid": "too large: 50 MB",
    "50 MB garbage": "too large: 50 MB",
    "deep nesting": "not valid JSON: nested too deeply",
    "link to a system file": "not valid JSON",
    "dangling link": "it is a link to a file that does not exist",
    "directory as game": "it is a folder",
    "copied file": f"it is a copy of the game in {BAD}.json",
    "garbage index": "not valid JSON",
    "wrongly shaped index": "not a list of games",
}
# What Home says of a folder it cannot use (start nothing) or write (read only).
FOLDER_SAYS = {
    "directory as index": "cannot be written (index.json in it is not a file)",
    "games a file": "cannot be used (games in it is a file, not a folder)",
    "folder a file": "cannot be used (it is a file, not a folder)",
    "read-only folder": "cannot be written (Read-only file system)",
    "missing under unwritable parent": "cannot be used (it could not be "
    "created: Read-only file system)",
}
assert set(REASON) == set(NAMED_FILE) and set(FOLDER_SAYS) == FOLDER


@contextmanager
def damaged_folder(tmp_path: Path, case: str) -> Iterator[Path]:
    """The data folder of ``case``: two good games, then the damage; the
    read-only cases under a read-only bind mount for as long as it is used."""
    data = tmp_path / "data"
    if case == "missing under unwritable parent":
        ro = tmp_path / "ro"
        data = ro / "missing" / "data"
    else:
        healthy(data)
        CASES[case](data)
        if case not in READ_ONLY:
            yield data
            return
        ro = tmp_path / "ro"
        shutil.move(str(data), str(ro))
        data = ro
    with read_only(ro) as ok:
        if not ok:
            pytest.skip("no read-only bind mount here (needs root)")
        yield data


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


def check_disk(case: str, data: Path, before: dict[str, str]) -> None:
    after = fingerprint(data) if data.exists() else {}
    # companion.lock: the running server's hold on the folder (one process
    # per data folder), taken before the store looks at it; it names the
    # server and is left for the next start. Nothing else may appear.
    after.pop("companion.lock", None)
    if case in FOLDER:  # a folder the app cannot use: not one byte changes
        assert after == before
        return
    name = NAMED_FILE.get(case)
    bad = name if name in (None, "index.json") else f"games/{name}"
    kept = {k: v for k, v in before.items() if k not in (bad, "index.json")}
    assert {k: after.get(k) for k in kept} == kept, "a file changed or went"
    new = set(after) - set(before) - {"index.json"}
    if bad is not None and bad in before:  # moved aside, same bytes
        assert bad == "index.json" or bad not in after
        moved = [k for k in new if k.startswith(f"{bad}.corrupt-")]
        assert [after[k] for k in moved] == [before[bad]], moved
        new -= set(moved)
    assert not new, f"unexpected files: {sorted(new)}"
    if "index.json" in after and case not in NO_GAME:  # the cache lists Cy, Dee
        games = json.loads((data / "index.json").read_text())["games"]
        assert GOOD.split(", ") in [g["players"] for g in games.values()]


@pytest.mark.parametrize("case", sorted(CASES))
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
