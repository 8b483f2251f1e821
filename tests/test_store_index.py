"""The index is a cache that is checked, not trusted (issue 37, bug 9): a
well-formed but wrong line is found by the stamp each line carries (the
game file's size and time, and a digest of the line) and re-read from the
game file; checking costs one ``stat`` a game on open and nothing more per
save. Games the list knew that are gone from the folder are said on Home."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from store_helpers import a_round, populate

from companion.app import AppState
from companion.rules import Rules, Sheet
from companion.store import GameRecord, GameStore
from companion.store import games as games_mod


def _lie(data: Path, **fields: object) -> None:
    """Change every line of the index as a hand (or a bad tool) would."""
    path = data / "index.json"
    index = json.loads(path.read_text())
    for line in index["games"].values():
        line.update(fields)
    path.write_text(json.dumps(index))


def _count_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of the game files the store reads from now on."""
    reads: list[str] = []
    real = games_mod.GameStore._read

    def counting(self: GameStore, game_id: str) -> GameRecord:
        reads.append(game_id)
        return real(self, game_id)

    monkeypatch.setattr(games_mod.GameStore, "_read", counting)
    return reads


def test_a_lying_index_is_not_trusted_for_a_game_in_play(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    sheet = Sheet.new(["Ann", "Bob"], Rules(target=200))
    gid = store.create(sheet.add_round(a_round(sheet)))
    store.close()
    _lie(tmp_path, finished=True, winners=["Nobody"], rounds=999)
    again = GameStore(tmp_path)
    [game] = again.list_games()
    assert (game.finished, game.winners, game.rounds) == (False, (), 1)
    assert again.unfinished() is not None and again.unfinished().id == gid  # type: ignore[union-attr]
    again.close()  # and the index is put right
    line = next(
        iter(json.loads((tmp_path / "index.json").read_text())["games"].values())
    )
    assert (line["finished"], line["winners"], line["rounds"]) == (False, [], 1)


def test_a_lying_index_is_not_trusted_for_a_finished_game(tmp_path: Path) -> None:
    populate(tmp_path, 3)
    GameStore(tmp_path).close()  # indexes them
    _lie(tmp_path, winners=["Nobody"], rounds=999, players=["X", "Y"])
    games = GameStore(tmp_path).list_games()
    assert {g.winners for g in games} != {("Nobody",)}
    assert {g.rounds for g in games} == {2}
    assert all(g.players[2] == "Cleo" for g in games)


def test_finished_games_whose_stamp_holds_are_not_read_on_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    populate(tmp_path, 20)
    GameStore(tmp_path).close()
    reads = _count_reads(monkeypatch)
    GameStore(tmp_path).close()
    assert reads == []
    # A file changed outside the app (same bytes count or not): read again.
    path = tmp_path / "games" / "old-00003.json"
    before = path.stat().st_mtime_ns
    path.write_text(path.read_text().replace('"Cleo"', '"Clea"'))  # same size
    os.utime(path, ns=(before + 2_000_000_000,) * 2)  # an edit seconds later
    store = GameStore(tmp_path)
    assert reads == ["old-00003"]
    assert "Clea" in store.known_names()
    store.close()
    reads.clear()
    GameStore(tmp_path).close()
    assert reads == []  # the new stamp was written: once is enough


def test_a_finished_game_whose_invite_changed_is_read_at_most_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    populate(tmp_path, 2)
    store = GameStore(tmp_path)
    store.save_invite("old-00001", "a" * 22)
    store.close()  # the new stamp is written with the index
    reads = _count_reads(monkeypatch)
    GameStore(tmp_path).close()
    assert reads == []
    store = GameStore(tmp_path)
    store.save_invite("old-00001", "b" * 22)  # then the app is killed
    again = GameStore(tmp_path)
    assert reads == ["old-00001"]  # re-read once: its file changed
    assert again.invite("old-00001") == "b" * 22
    again.close()
    reads.clear()
    GameStore(tmp_path).close()
    assert reads == []


def test_a_vanished_games_folder_is_said_on_home(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    for names in (["Ann", "Bob"], ["Cy", "Dee"], ["Eve", "Fay"]):
        store.create(Sheet.new(names))
    store.close()
    shutil.rmtree(tmp_path / "games")
    state = AppState(GameStore(tmp_path))
    assert state.library.games() == []
    [said] = state.alerts
    assert str(tmp_path / "games") in said
    assert all(n in said for n in ("Ann, Bob", "Cy, Dee", "Eve, Fay")), said


def test_a_game_file_removed_outside_the_app_is_named(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    gone = store.create(Sheet.new(["Ann", "Bob"]))
    store.create(Sheet.new(["Cy", "Dee"]))
    store.close()
    (tmp_path / "games" / f"{gone}.json").unlink()
    again = GameStore(tmp_path)
    assert [g.players for g in again.list_games()] == [("Cy", "Dee")]
    [said] = again.warnings
    assert "Ann, Bob" in said and "Cy, Dee" not in said
    again.close()
    assert GameStore(tmp_path).warnings == []  # said once: the list forgot it
