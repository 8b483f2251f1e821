"""GameStore.batch (issue 34's restore): many games written or deleted with
the index written once at the end, and an index left behind by a crash
inside a batch healed from the game files on the next open."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from store_helpers import populate

from companion.rules import Sheet
from companion.store import GameStore
from companion.store import storage as storage_module


def test_a_batch_writes_the_index_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    populate(tmp_path, 5)
    store = GameStore(tmp_path)
    doomed = [s.id for s in store.list_games()][:3]
    written: list[str] = []
    real = storage_module.atomic_write_text

    def counted(path: Path, text: str) -> None:
        written.append(path.name)
        real(path, text)

    monkeypatch.setattr(storage_module, "atomic_write_text", counted)
    with store.batch():
        for game_id in doomed:
            store.delete(game_id)
        made = [store.create(Sheet.new(["Ann", f"Bob {i}"])) for i in range(4)]
        assert "index.json" not in written
    assert written.count("index.json") == 2  # the lines gone, then the new ones
    assert len([n for n in written if n != "index.json"]) == 4  # one per game
    listed = {s.id for s in store.list_games()}
    store.close()
    index = json.loads((tmp_path / "index.json").read_text())["games"]
    assert {line["id"] for line in index.values()} == listed
    assert set(made) <= listed and not set(doomed) & listed
    assert {s.id for s in GameStore(tmp_path).list_games()} == listed


def test_an_index_left_by_a_crash_inside_a_batch_heals_on_open(
    tmp_path: Path,
) -> None:
    populate(tmp_path, 3)
    store = GameStore(tmp_path)
    doomed = store.list_games()[0].id
    with store.batch():
        store.delete(doomed)
        made = store.create(Sheet.new(["Ann", "Bob"]))
        # the process dies here: the index still lists the deleted game and
        # not the new one; the files are the truth
        after_crash = {s.id for s in GameStore(tmp_path).list_games()}
    assert doomed not in after_crash and made in after_crash
    assert len(after_crash) == 3


def test_a_batch_makes_each_folder_last_once_at_the_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The phone app copies its folder to IndexedDB at each change it hears
    of: a restore of many games is told once per folder, at the end."""
    store = GameStore(tmp_path)
    told: list[str] = []
    monkeypatch.setattr(storage_module, "AFTER_CHANGE", [lambda d: told.append(d.name)])
    with store.batch():
        for i in range(5):
            store.create(Sheet.new(["Ann", f"Bob {i}"]))
        assert told == []
    assert sorted(told) == ["games", tmp_path.name]
    told.clear()
    store.create(Sheet.new(["Ann", "Cy"]))  # outside a batch: at once, each
    assert told == ["games", tmp_path.name]
