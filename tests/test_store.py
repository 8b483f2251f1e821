"""The store: round trips, atomic writes, corrupt files, scale, kill -9."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from store_helpers import a_round, populate

from companion.rules import Entry, RoundRecord, Rules, Sheet
from companion.store import (
    ENV_FLET_DATA,
    CorruptFileError,
    GameNotFound,
    GameStore,
    default_data_dir,
)
from companion.store import storage as storage_mod

ROOT = Path(__file__).resolve().parents[1]
Reopen = Callable[[], GameStore]


class Clock:
    """Strictly increasing ISO stamps, so "latest first" is deterministic."""

    def __init__(self) -> None:
        self.n = 0

    def __call__(self) -> str:
        self.n += 1
        return f"2026-01-01T00:00:00.{self.n:06d}+00:00"


@pytest.fixture(params=["disk", "memory"])
def reopen(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Reopen]:
    """A factory giving a store on the same data each call (a "restart")."""
    files: dict[str, str] = {}
    clock = Clock()

    def make() -> GameStore:
        if request.param == "disk":
            return GameStore(tmp_path / "data", clock=clock)
        return GameStore.memory(files, clock=clock)

    yield make


def two_players() -> Sheet:
    return Sheet.new(["Ann", "Bob"], Rules(target=50))


def test_round_trip_and_restart(reopen: Reopen) -> None:
    store = reopen()
    sheet = two_players()
    gid = store.create(sheet, {"note": "Friday"})
    for _ in range(3):
        sheet = sheet.add_round(a_round(sheet))
        store.save(gid, sheet, draft={"lines": {"p1": ["3"]}})
    store.save_digital(gid, {"events": [1, 2, 3]})
    record = store.load(gid)
    assert record.sheet == sheet
    assert record.meta == {"note": "Friday"}
    assert record.draft == {"lines": {"p1": ["3"]}}
    assert record.digital == {"events": [1, 2, 3]}

    again = reopen()  # no flush, no close: as after a crash
    assert again.load(gid) == record
    [summary] = again.list_games()
    assert summary.rounds == 3 and summary.players == ("Ann", "Bob")
    assert summary.title == "Ann, Bob" and not summary.finished
    assert again.warnings == []


def test_save_can_clear_the_draft_in_the_same_write(reopen: Reopen) -> None:
    store = reopen()
    sheet = two_players()
    gid = store.create(sheet, draft={"x": 1})
    store.save(gid, sheet.add_round(a_round(sheet)), draft=None)
    assert reopen().load(gid).draft is None


def test_list_latest_first_unfinished_and_finish(reopen: Reopen) -> None:
    store = reopen()
    first = store.create(two_players())
    second = store.create(Sheet.new(["Cleo", "Dan"], Rules(target=5)))
    assert [s.id for s in store.list_games()] == [second, first]
    sheet = store.load(first).sheet.add_round(a_round(two_players()))
    store.save(first, sheet)
    assert [s.id for s in store.list_games()] == [first, second]
    assert store.unfinished() is not None and store.unfinished().id == first
    done = store.load(second).sheet
    done = done.add_round(
        RoundRecord("p1", (("p1", Entry(("9",))), ("p2", Entry(("3",)))))
    )
    store.save(second, done)
    summary = {s.id: s for s in reopen().list_games()}[second]
    assert summary.finished and summary.winners == ("Cleo",)
    assert reopen().unfinished().id == first


def test_known_names_most_frequent_then_recent(reopen: Reopen) -> None:
    store = reopen()
    store.create(Sheet.new(["Ann", "Bob"]))
    store.create(Sheet.new(["ann", "Zoë"]))
    store.create(Sheet.new(["Cleo", "Zoë"]))
    assert store.known_names() == ["Zoë", "ann", "Cleo", "Bob"]


def test_delete_and_restore(reopen: Reopen) -> None:
    store = reopen()
    gid = store.create(two_players(), draft={"d": 1})
    record = store.delete(gid)
    assert record is not None and store.list_games() == []
    assert reopen().list_games() == []
    with pytest.raises(GameNotFound):
        store.load(gid)
    store.restore(record)
    assert reopen().load(gid) == record


def test_unknown_game(reopen: Reopen) -> None:
    store = reopen()
    with pytest.raises(GameNotFound):
        store.save("nope", two_players())
    with pytest.raises(GameNotFound):
        store.save_draft("nope", {})


def test_write_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = GameStore(tmp_path)
    sheet = two_players()
    gid = store.create(sheet)
    path = tmp_path / "games" / f"{gid}.json"
    before = path.read_bytes()
    synced: list[int] = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(fd) or real_fsync(fd))

    def boom(src: object, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(storage_mod.os, "replace", boom)
    with pytest.raises(OSError, match="disk full"):
        store.save(gid, sheet.add_round(a_round(sheet)))
    assert path.read_bytes() == before  # the old file, whole
    assert [p for p in (tmp_path / "games").iterdir() if p.name != path.name] == []
    assert synced, "the temp file is fsynced before the rename"
    monkeypatch.undo()
    # After the failure the store re-reads the disk and carries on.
    assert store.load(gid).sheet == sheet
    store.save(gid, sheet.add_round(a_round(sheet)))
    assert len(GameStore(tmp_path).load(gid).sheet.rounds) == 1


def test_leftover_temp_files_are_removed(tmp_path: Path) -> None:
    GameStore(tmp_path)
    stray = tmp_path / "games" / ".x.json.abc12_yz.tmp"  # an older app's name
    stray.write_text("{half")
    GameStore(tmp_path)
    assert not stray.exists()


def test_corrupt_game_moved_aside_never_overwritten(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    gid = store.create(two_players())
    path = tmp_path / "games" / f"{gid}.json"
    path.write_text('{"game": {"1": {"id": ', encoding="utf-8")
    again = GameStore(tmp_path)
    assert len(again.warnings) == 1
    assert f"{gid}.json could not be read" in again.warnings[0]
    assert "moved to" in again.warnings[0]
    [moved] = (tmp_path / "games").glob(f"{gid}.json.corrupt-*")
    assert moved.read_text(encoding="utf-8") == '{"game": {"1": {"id": '
    assert again.list_games() == []
    again.create(two_players())
    assert moved.read_text(encoding="utf-8") == '{"game": {"1": {"id": '


def test_load_of_corrupt_finished_game_raises(tmp_path: Path) -> None:
    populate(tmp_path, 2)
    GameStore(tmp_path)  # indexes the new files
    store = GameStore(tmp_path)  # finished games are not re-read on open
    path = tmp_path / "games" / "old-00001.json"
    path.write_bytes(b"\xff\xfe not json")
    with pytest.raises(CorruptFileError) as caught:
        store.load("old-00001")
    assert caught.value.moved_to is not None
    assert caught.value.moved_to.read_bytes() == b"\xff\xfe not json"
    assert "old-00001.json could not be read" in str(caught.value)
    assert [s.id for s in store.list_games()] == ["old-00000"]


def test_valid_json_that_is_not_a_game_is_moved_aside(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    gid = store.create(two_players())
    path = tmp_path / "games" / f"{gid}.json"
    path.write_text('{"game": {"1": {"id": "x"}}}', encoding="utf-8")
    again = GameStore(tmp_path)
    assert "not a saved game" in again.warnings[0]
    assert list((tmp_path / "games").glob("*.corrupt-*"))


def test_corrupt_index_is_kept_and_rebuilt(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    gid = store.create(two_players())
    (tmp_path / "index.json").write_text("garbage", encoding="utf-8")
    again = GameStore(tmp_path)
    assert "index.json could not be read" in again.warnings[0]
    assert "rebuilt" in again.warnings[0]
    assert [s.id for s in again.list_games()] == [gid]
    [kept] = tmp_path.glob("index.json.corrupt-*")
    assert kept.read_text() == "garbage"
    json.loads((tmp_path / "index.json").read_text())


def test_memory_store_corrupt_text() -> None:
    files: dict[str, str] = {}
    store = GameStore.memory(files)
    store.create(two_players())
    files["index.json"] = "[1,"
    again = GameStore.memory(files)
    assert "index.json could not be read" in again.warnings[0]
    assert len(again.list_games()) == 1
    assert any(k.startswith("index.json.corrupt") for k in files)


def test_saving_a_round_touches_one_file_whatever_the_game_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    populate(tmp_path, 1000)
    store = GameStore(tmp_path)
    assert len(store.list_games()) == 1000
    sheet = two_players()
    gid = store.create(sheet)
    written: list[tuple[str, int]] = []
    real = storage_mod.atomic_write_text

    def spy(path: Path, text: str) -> None:
        written.append((path.name, len(text)))
        real(path, text)

    monkeypatch.setattr(storage_mod, "atomic_write_text", spy)
    for _ in range(5):
        sheet = sheet.add_round(a_round(sheet, 1))
        store.save(gid, sheet)
    assert [name for name, _ in written] == [f"{gid}.json"] * 5
    assert max(size for _, size in written) < 4000
    # The in-memory index is current; a restart heals the on-disk one.
    assert store.list_games()[0].rounds == 5
    assert GameStore(tmp_path).list_games()[0].rounds == 5
    store.flush()
    assert any(n == "index.json" for n, _ in written)


def test_default_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(ENV_FLET_DATA, raising=False)
    assert default_data_dir(tmp_path) == tmp_path
    assert default_data_dir().name == "flip7-companion"
    monkeypatch.setenv(ENV_FLET_DATA, str(tmp_path / "flet"))
    assert default_data_dir() == tmp_path / "flet"
    assert default_data_dir(tmp_path / "x") == tmp_path / "x"


CRASHER = textwrap.dedent(
    """
    import sys
    from companion.rules import Entry, RoundRecord, Rules, Sheet
    from companion.store import GameStore

    store = GameStore(sys.argv[1])
    sheet = Sheet.new(["Ann", "Bob", "Cleo"], Rules(target=100000))
    gid = store.create(sheet)
    print("GAME", gid, flush=True)
    n = 0
    while True:
        n += 1
        entries = tuple((p, Entry((str(1 + n % 12),))) for p in ("p1", "p2", "p3"))
        sheet = sheet.add_round(RoundRecord(sheet.next_dealer().id, entries))
        store.save(gid, sheet, draft={"after": n})
        if n % 7 == 0:  # keep the index busy too
            store.create(Sheet.new(["X", "Y"]))
        print("ACK", n, flush=True)
    """
)


@pytest.mark.parametrize("stop_after", [5, 23, 61])
def test_kill_9_loses_no_acknowledged_round(tmp_path: Path, stop_after: int) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", CRASHER, str(tmp_path)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert proc.stdout is not None
    gid = proc.stdout.readline().split()[1]
    acked = 0
    while acked < stop_after:
        acked = int(proc.stdout.readline().split()[1])
    os.kill(proc.pid, signal.SIGKILL)
    rest = proc.stdout.read()  # acks already printed before the kill
    proc.wait()
    acked = max([acked] + [int(line.split()[1]) for line in rest.splitlines()])
    for path in [tmp_path / "index.json", *(tmp_path / "games").glob("*.json")]:
        json.loads(path.read_text(encoding="utf-8"))  # every file parses
    store = GameStore(tmp_path)
    assert store.warnings == []
    record = store.load(gid)
    assert acked <= len(record.sheet.rounds) <= acked + 1
    assert record.draft == {"after": len(record.sheet.rounds)}
    # the kill may fall between saving round 7k and creating the extra game
    rounds = len(record.sheet.rounds)
    assert len(store.list_games()) in (1 + rounds // 7, 1 + (rounds - 1) // 7)


def test_a_file_with_a_byte_order_mark_is_read_not_moved_aside(tmp_path: Path) -> None:
    """Some editors and sync tools save UTF-8 with a BOM: still our file."""
    store = GameStore(tmp_path / "data")
    gid = store.create(two_players(), {"title": "Ünder a BOM"})
    store.close()
    for path in [
        tmp_path / "data" / "index.json",
        *(tmp_path / "data").rglob("2*.json"),
    ]:
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    store = GameStore(tmp_path / "data")
    assert store.load(gid).meta["title"] == "Ünder a BOM"
    assert [g.id for g in store.list_games()] == [gid]
    assert not [p for p in (tmp_path / "data").rglob("*") if "corrupt" in p.name]
    store.close()
