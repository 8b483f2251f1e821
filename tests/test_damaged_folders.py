"""Every kind of damaged data folder (tests/damage.py) opens. The
store never raises; the untouched game is listed and opens; the bad one is
named with the reason (moved aside, never overwritten nor deleted); a folder
the app cannot use or write is said so and every write is refused with the
same message; nothing else on disk changes. The same corpus against the
real server: it starts and serves the page (HTTP 200)."""

from __future__ import annotations

import shutil
import urllib.request
from pathlib import Path

import pytest
from browser.harness import Server
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

from companion.app import AppState
from companion.rules import Sheet
from companion.store import GameStore, StoreReadOnly

assert len(CASES) == 29


def damaged(tmp_path: Path, case: str) -> tuple[Path, str]:
    data = tmp_path / "data"
    good, _ = healthy(data)
    CASES[case](data)
    return data, good


def _check_store(data: Path, good: str, case: str) -> None:
    before = fingerprint(data) if data.exists() else {}
    store = GameStore(data)
    state = AppState(store)  # what Home shows
    listed = [g.id for g in store.list_games()]
    if case in FOLDER:
        assert store.folder_problem and str(data) in store.folder_problem
        with pytest.raises(StoreReadOnly):
            store.create(Sheet.new(["Eve", "Fay"]))
        assert state.start_game() is not None  # refused with the message
        assert state.notice is not None
    if case == "directory as index":  # the games are still read and open
        assert set(listed) == {good, BAD}
        assert store.load(good).sheet.players[0].name == "Cy"
    elif case not in FOLDER and case != "missing folder":
        assert good in listed and store.load(good).sheet.players[0].name == "Cy"
        assert listed.count(good) == 1
    if case in NAMED:
        assert BAD not in listed
        assert any(f"{BAD}.json" in w for w in store.warnings), store.warnings
        assert any(f"{BAD}.json" in a for a in state.alerts)
    if case == "garbage draft":
        assert state.open_game(BAD) is None and state.sheet is not None
        assert any("could not be restored" in a for a in state.alerts)
    bad = f"games/{BAD}.json"
    if case == "copied file":  # the copy is the bad one: named, moved aside
        assert listed.count(BAD) == 1 and len(listed) == 2
        bad = f"games/{COPY}.json"
        assert any(f"{COPY}.json" in w and "copy" in w for w in store.warnings)
    store.close()
    after = fingerprint(data) if data.exists() else {}
    # Only the bad file may be renamed (moved aside), the index (a cache)
    # rewritten; everything else is byte for byte as it was.
    keep = {k: v for k, v in before.items() if k not in (bad, "index.json")}
    assert {k: after.get(k) for k in keep} == keep
    if bad in before and bad not in after:
        moved = [k for k in after if k.startswith(f"{bad}.corrupt-")]
        assert [after[k] for k in moved] == [before[bad]]


@pytest.mark.parametrize("case", sorted(CASES))
def test_store_opens_any_damaged_folder(tmp_path: Path, case: str) -> None:
    if case == "missing under unwritable parent":
        with read_only(tmp_path / "ro") as ok:
            if not ok:
                pytest.skip("no read-only mount here")
            _check_store(tmp_path / "ro" / "missing" / "data", "", case)
        return
    data, good = damaged(tmp_path, case)
    if case in READ_ONLY:
        with read_only(data) as ok:
            if not ok:
                pytest.skip("no read-only mount here")
            store = GameStore(data)
            assert store.folder_problem and good in [g.id for g in store.list_games()]
            assert store.load(good).sheet.players[0].name == "Cy"
            state = AppState(store)
            assert "cannot be written" in (state.delete_game(good) or "")
            assert good in [g.id for g in store.list_games()]
            _check_store(data, good, case)
        return
    _check_store(data, good, case)


# --- the real server --------------------------------------------------------------
@pytest.mark.parametrize("case", sorted(CASES))
def test_server_starts_on_any_damaged_folder(tmp_path: Path, case: str) -> None:
    if case in READ_ONLY:
        ro = tmp_path / "ro"
        if case == "read-only folder":
            data, _ = damaged(tmp_path, case)
            shutil.move(str(data), str(ro))
            data = ro
        else:
            data = ro / "missing" / "data"
        with read_only(ro) as ok:
            if not ok:
                pytest.skip("no read-only mount here")
            _serve(data, tmp_path)
        return
    data, _ = damaged(tmp_path, case)
    _serve(data, tmp_path)


def _serve(data: Path, tmp_path: Path) -> None:
    server = Server(data)
    server.log = tmp_path / "server.log"  # beside, not inside, the folder
    server.start()
    try:
        with urllib.request.urlopen(server.url, timeout=30) as page:
            assert page.status == 200
        assert server.proc is not None and server.proc.poll() is None
        assert "Traceback" not in server.log.read_text()
    finally:
        server.stop()
