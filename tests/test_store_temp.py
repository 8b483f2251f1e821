"""Leftover temp files (issue 37, bug 8): the store removes its own, and
only its own; nothing else in its folders stops it from opening."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.rules import Rules, Sheet
from companion.store import GameStore
from companion.store import storage as storage_mod


def leftover(folder: Path, name: str) -> Path:
    """The temp file an atomic write of ``folder/name`` leaves when the
    process is killed before its rename."""
    fd, tmp = storage_mod.temp_file(folder / name)
    os.write(fd, b"{half")
    os.close(fd)
    return Path(tmp)


def test_own_leftovers_are_removed(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    gid = store.create(Sheet.new(["Ann", "Bob"], Rules()))
    strays = [
        leftover(tmp_path, "index.json"),
        leftover(tmp_path / "games", f"{gid}.json"),
    ]
    assert all(storage_mod.is_temp_name(s.name) for s in strays)
    GameStore(tmp_path)
    assert [s for s in strays if s.exists()] == []


@pytest.mark.parametrize("where", ["", "games"])
def test_a_folder_named_like_a_temp_file_does_not_stop_the_store(
    tmp_path: Path, where: str
) -> None:
    GameStore(tmp_path)
    folder = tmp_path / where / ".x.tmp"
    folder.mkdir()
    store = GameStore(tmp_path)
    assert store.writable and store.warnings == []
    assert folder.is_dir()
    own = leftover(tmp_path / where, "index.json")
    own.unlink()
    own.mkdir()  # even one named exactly as the store's own
    GameStore(tmp_path)
    assert own.is_dir()


def test_others_temp_files_are_kept(tmp_path: Path) -> None:
    GameStore(tmp_path)
    theirs = [
        tmp_path / ".notes.tmp",
        tmp_path / "games" / ".x.tmp",
        tmp_path / "games" / ".syncthing.index.json.tmp",
        tmp_path / "games" / ".~lock.x.json.tmp",
    ]
    for path in theirs:
        path.write_text("theirs")
    GameStore(tmp_path)
    assert [p.read_text() for p in theirs] == ["theirs"] * len(theirs)


def test_an_undeletable_leftover_does_not_stop_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    GameStore(tmp_path)
    stray = tmp_path / "games" / ".x.json.abcdefgh.tmp"  # an older app's name
    stray.write_text("{half")
    real_unlink = os.unlink

    def refuse(path: object, *args: object, **kwargs: object) -> None:
        if Path(str(path)).name == stray.name:
            raise PermissionError(1, "Operation not permitted", str(path))
        real_unlink(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "unlink", refuse)
    store = GameStore(tmp_path)
    assert store.writable
    assert stray.exists()
