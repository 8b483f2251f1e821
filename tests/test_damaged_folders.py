"""Every kind of damaged data folder (tests/damage.py) opens, checked below
the browser, where it is cheap: the store never raises; the untouched game
is listed and opens; the bad one is named with the reason, in Home's very
words (moved aside, never overwritten nor deleted); a folder the app cannot
use or write is said so and every write is refused with the same message;
nothing else on disk changes. The server's start-up (folder lock, store,
hub and the per-tab entry point) runs in-process on each case, as
``companion`` does before it serves; a handful of cases go through the real
server and Chromium in tests/browser/test_damaged_home.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from damage import (
    BAD,
    CASES,
    COPY,
    FOLDER,
    FOLDER_SAYS,
    GOOD,
    NAMED,
    NAMED_FILE,
    NO_GAME,
    READ_ONLY,
    REASON,
    check_disk,
    damaged_folder,
    fingerprint,
)

from companion.app import AppState
from companion.app.access import Gate
from companion.app.serving import Serving
from companion.rules import Sheet
from companion.store import GameStore, StoreReadOnly
from companion.store.lock import lock_folder

assert len(CASES) == 29


def _home_says(state: AppState, data: Path, case: str) -> None:
    """What Home draws of the folder: ``folder_problem`` and ``alerts``,
    shown verbatim (ui/screens/home.py), and the tiles of ``games``."""
    says = [state.folder_problem or "", *state.alerts]
    if case in FOLDER:
        expected = f"The games folder {data} {FOLDER_SAYS[case]}"
        assert any(expected in s for s in says), says
    if case in NAMED_FILE:
        pattern = re.compile(
            rf"{re.escape(NAMED_FILE[case])} could not be read \([^)]*"
            rf"{re.escape(REASON[case])}"
        )
        assert any(pattern.search(s) for s in says), says
    players = [", ".join(g.players) for g in state.library.games()]
    if case in NO_GAME:
        assert players == []
    else:
        assert players.count(GOOD) == 1, players
        assert players.count("Ann, Bob") == (0 if case in NAMED else 1), players


def _check(data: Path, case: str) -> None:
    before = fingerprint(data) if data.exists() else {}
    store = GameStore(data)
    state = AppState(store)  # what Home shows
    _home_says(state, data, case)
    listed = [g.id for g in store.list_games()]
    good = next(
        (g.id for g in state.library.games() if ", ".join(g.players) == GOOD), ""
    )
    if case in FOLDER:
        assert store.folder_problem and str(data) in store.folder_problem
        with pytest.raises(StoreReadOnly):
            store.create(Sheet.new(["Eve", "Fay"]))
        assert state.start_game() is not None  # refused with the message
        assert state.notice is not None
    if case in READ_ONLY and case != "missing under unwritable parent":
        assert "cannot be written" in (state.delete_game(good) or "")
        assert good in [g.id for g in store.list_games()]
    if case == "directory as index":  # the games are still read and open
        assert set(listed) == {good, BAD}
    if case not in NO_GAME:
        assert store.load(good).sheet.players[0].name == "Cy"
        assert state.open_game(good) is None and state.sheet is not None
    if case in NAMED:
        assert BAD not in listed
        assert any(f"{BAD}.json" in w for w in store.warnings), store.warnings
    if case == "garbage draft":
        assert state.open_game(BAD) is None and state.sheet is not None
        assert any("could not be restored" in a for a in state.alerts)
    if case == "copied file":  # the copy is the bad one: named, moved aside
        assert listed.count(BAD) == 1 and len(listed) == 2
        assert any(f"{COPY}.json" in w and "copy" in w for w in store.warnings)
    store.close()
    check_disk(case, data, before)


@pytest.mark.parametrize("case", sorted(CASES))
def test_store_and_home_on_any_damaged_folder(tmp_path: Path, case: str) -> None:
    outside = tmp_path / "outside.json"  # where "link outside" points
    with damaged_folder(tmp_path, case) as data:
        outside_before = outside.read_bytes() if outside.exists() else None
        _check(data, case)
    if outside_before is not None:
        assert outside.read_bytes() == outside_before


@pytest.mark.parametrize("case", sorted(CASES))
def test_start_up_on_any_damaged_folder(tmp_path: Path, case: str) -> None:
    """What ``companion`` does with the folder before it serves
    (companion/__main__.py): take the folder's lock, then build the
    per-tab entry point, whose store and hub read every game. Neither may
    raise; the lock is the one file it may add."""
    from companion.ui.app import make_main

    with damaged_folder(tmp_path, case) as data:
        before = fingerprint(data) if data.exists() else {}
        held = lock_folder(data, address="http://127.0.0.1:8550")
        try:
            entry = make_main(data, Serving("127.0.0.1", 8550), gate=Gate())
            assert callable(entry)
        finally:
            if held is not None:
                held.release()
        check_disk(case, data, before)
