"""Files the store moved aside can be got out of the app, or removed: on a
phone the games folder is in the browser's storage, out of a person's reach,
so a damaged game could never be retrieved nor its space freed (issue 37,
bug 11)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.app.access import Access, Role
from companion.app.backups import Backups
from companion.app.hub import GameHub
from companion.app.live import LiveSeat
from companion.app.refusal import Refusal
from companion.app.views.your_games import your_games_view
from companion.store import GameStore
from companion.store.aside import aside_files


def damaged_store(tmp_path: Path) -> GameStore:
    """A store whose folder held one game file it could not read."""
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "20260101-000000-abcdef.json").write_bytes(b"\x00garbage")
    (tmp_path / "games" / "notes.corrupt.txt").write_text("a user's own file")
    (tmp_path / "games" / "old.json.corrupt-20250101-000000").mkdir()  # a folder
    return GameStore(tmp_path)


def test_a_moved_aside_game_file_is_listed_downloaded_and_removed(
    tmp_path: Path,
) -> None:
    store = damaged_store(tmp_path)
    assert store.warnings  # Home named it
    owner = Backups(GameHub(store), LiveSeat()).aside
    [found] = owner.files()
    assert found.name.startswith("games/20260101-000000-abcdef.json.corrupt-")
    assert found.size == len(b"\x00garbage")
    name, data = owner.download(found.name)
    assert data == b"\x00garbage" and name == Path(found.name).name
    said = owner.remove(found.name)
    assert "removed" in said and owner.files() == []
    assert (tmp_path / "games" / "notes.corrupt.txt").exists()  # not the store's
    assert (tmp_path / "games" / "old.json.corrupt-20250101-000000").is_dir()


def test_only_names_it_listed_are_read_or_removed(tmp_path: Path) -> None:
    store = damaged_store(tmp_path)
    owner = Backups(GameHub(store), LiveSeat()).aside
    for name in ("index.json", "../etc/passwd", "games/notes.corrupt.txt"):
        with pytest.raises(Refusal):
            owner.download(name)
        with pytest.raises(Refusal):
            owner.remove(name)
    assert (tmp_path / "games" / "notes.corrupt.txt").exists()


def test_a_guest_sees_and_touches_none(tmp_path: Path) -> None:
    store = damaged_store(tmp_path)
    seat = LiveSeat()
    seat.access = Access(Role.GUEST, "x", "token")
    guest = Backups(GameHub(store), seat).aside
    assert guest.files() == []
    with pytest.raises(Refusal):
        guest.remove(aside_files(tmp_path)[0].name)


def test_the_panel_lists_them_with_their_size() -> None:
    view = your_games_view(
        0,
        None,
        0,
        phone=True,
        aside=(
            ("games/g.json.corrupt-20260101-000000", 2048),
            ("games/h.json.corrupt-20260101-000000", 0),
        ),
    )
    line, empty = view.aside
    assert not line.empty and empty.empty  # an empty one: only Remove
    assert line.name == "games/g.json.corrupt-20260101-000000"
    assert "g.json.corrupt-20260101-000000" in line.label and "2 kB" in line.label


def test_a_memory_store_has_none() -> None:
    owner = Backups(GameHub(GameStore.memory()), LiveSeat()).aside
    assert owner.files() == []
