"""Bad backup files (issue 34): each refused with what is wrong and the
games folder byte for byte as it was, or, when only some games are
damaged, the others restored and the skipped ones named by their players
and day."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from backup_games import files_of, tap
from drive import drive
from share_games import standard_game

from companion.app import AppState
from companion.app.access import Access, Role
from companion.app.backups import Backups
from companion.app.hub import GameHub
from companion.app.live import LiveSeat
from companion.app.refusal import Refusal
from companion.i18n import format_day
from companion.share import encode_file
from companion.store import GameStore
from companion.store.backup import MAX_BACKUP


def two_games() -> bytes:
    """A backup of Ann & Bob (a round saved) and Cy & Dee (a round half in)."""
    store = GameStore.memory()
    state = AppState(store)
    for names in (("Ann", "Bob"), ("Cy", "Dee")):
        state.new_game()
        for name in names:
            drive(state.act(state.form.add, name))
        assert state.start_game() is None
        tap(state, "p1", "5")
        tap(state, "p2", "6")
        if names[0] == "Ann":
            assert drive(state.act(state.entry.save)) is None
        state.close_game()
    return Backups(GameHub(store), LiveSeat()).export().data


@pytest.fixture(scope="module")
def good() -> bytes:
    return two_games()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A games folder with a game of its own (Eve & Fay) and a backup made."""
    store = GameStore(tmp_path)
    state = AppState(store)
    for name in ("Eve", "Fay"):
        drive(state.act(state.form.add, name))
    assert state.start_game() is None
    tap(state, "p1", "9")
    assert drive(state.act(state.entry.save)) is None
    state.close_game()
    Backups(state.hub, LiveSeat()).export()  # backups.json exists too
    store.close()
    return tmp_path


def day_of(iso: str) -> str:
    return format_day(date.fromisoformat(iso))


def restore(folder: Path, data: bytes) -> str:
    store = GameStore(folder)
    try:
        return drive(Backups(GameHub(store), LiveSeat()).restore(data))
    finally:
        store.close()


def edited(good: bytes, change: Callable[[dict[str, Any]], object]) -> bytes:
    body = json.loads(good)
    change(body)
    return json.dumps(body).encode()


def _games(body: dict[str, Any]) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = body["games"]
    return games


REFUSED: dict[str, tuple[Callable[[bytes], bytes], str]] = {
    "empty": (lambda g: b"", "is not a backup of this app's games"),
    "not JSON": (lambda g: b"Ann 12, Bob 7\n", "is not a backup of this app's games"),
    "binary": (lambda g: b"\x89PNG\r\n\x1a\n\0\0\xff", "is not a backup"),
    "another app's JSON": (
        lambda g: b'{"players": ["Ann"], "scores": [1]}',
        "is not a backup of this app's games",
    ),
    "a list": (lambda g: b"[1, 2]", "is not a backup of this app's games"),
    "truncated": (lambda g: g[: len(g) // 2], "the file ends too early"),
    "truncated in a string": (lambda g: g[: g.index(b'"Bob"') + 2], "ends too early"),
    "a byte changed": (
        lambda g: g.replace(b'"games":[', b'"games":[}', 1),
        "damaged (it is not valid JSON at line 1, column",
    ),
    "newer version": (
        lambda g: edited(g, lambda b: b.update(version=2)),
        "made by a newer version of the app: update the app",
    ),
    "no version": (
        lambda g: edited(g, lambda b: b.pop("version")),
        "damaged (its version is not a number)",
    ),
    "no games": (
        lambda g: edited(g, lambda b: b.update(games={"1": {}})),
        "damaged (its list of games is missing)",
    ),
    "no game at all": (
        lambda g: edited(g, lambda b: b.update(games=[])),
        "This backup holds no games. Nothing was changed.",
    ),
    "every game damaged": (
        lambda g: edited(g, lambda b: b.update(games=[1, {"game": None}])),
        "2 games could not be read and were skipped: game 1 of the file "
        "(it is not a game); game 2 of the file (it is not a game). Nothing "
        "was changed.",
    ),
    "50 MB": (
        lambda g: g[:-2] + b" " * (50 << 20) + g[-2:],
        "This file is 50 MB; a backup of this app's games is at most 40 MB.",
    ),
    "deep nesting": (
        lambda g: g[:-2] + b"," + b"[" * 100_000 + b"]" * 100_000 + g[-2:],
        "damaged (it is nested too deeply)",
    ),
    "a share file": (
        lambda g: encode_file(standard_game()),
        "This is the share file of one game, not a backup",
    ),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_bad_file_is_refused_and_changes_nothing(
    case: str, good: bytes, folder: Path
) -> None:
    make, says = REFUSED[case]
    before = files_of(folder)
    with pytest.raises(Refusal) as info:
        restore(folder, make(good))
    assert says in info.value.message
    assert files_of(folder) == before


def test_the_size_is_refused_before_the_file_is_read(folder: Path) -> None:
    huge = b"{" * (MAX_BACKUP + 1)  # would nest too deeply if it were parsed
    with pytest.raises(Refusal, match="at most 40 MB"):
        restore(folder, huge)


# --- some games damaged: the others restored, the skipped ones named --------------
def test_a_duplicate_id_restores_the_first_and_names_the_second(
    good: bytes, folder: Path
) -> None:
    def twice(body: dict[str, Any]) -> None:
        games = _games(body)
        games.append(games[0])

    text = restore(folder, edited(good, twice))
    day = json.loads(good)["games"][0]["game"]["created"][:10]
    assert text.startswith("2 games added. 1 game could not be read and was skipped: ")
    assert f"Ann and Bob, {day_of(day)} (the same game is in the file twice)." in text
    assert len(GameStore(folder).list_games()) == 3


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (
            lambda g: g["game"]["sheet"].update(rounds="x"),
            "(The score sheet is not readable: rounds is not a list.)",
        ),
        (lambda g: g["game"].update(v=9), "saved by a newer app"),
        (lambda g: g["game"].update(id="../../escaped"), "its id cannot name a file"),
        (lambda g: g["game"].update(id=""), "game id"),
        (
            lambda g: g["game"].update(meta={"x": json.loads("[" * 50 + "]" * 50)}),
            "(it is nested too deeply)",
        ),
        (lambda g: g.pop("game"), "it is not a game"),
    ],
)
def test_a_damaged_game_is_skipped_and_named_the_others_restored(
    damage: Callable[[dict[str, Any]], object], reason: str, good: bytes, folder: Path
) -> None:
    def one(body: dict[str, Any]) -> None:
        damage(_games(body)[0])

    text = restore(folder, edited(good, one))
    assert text.startswith("1 game added. 1 game could not be read and was skipped: ")
    assert reason in text
    named = "Ann and Bob" in text or "game 1 of the file" in text
    assert named, text
    assert not any("escaped" in p.name for p in folder.parent.rglob("*"))
    names = {s.players for s in GameStore(folder).list_games()}
    assert names == {("Eve", "Fay"), ("Cy", "Dee")}


def test_a_game_edited_by_hand_is_never_written_over_one_here(
    good: bytes, tmp_path: Path
) -> None:
    """Its hash no longer its own, its history is not believed: a copy."""
    store = GameStore(tmp_path)
    mine = Backups(GameHub(store), LiveSeat())
    assert drive(mine.restore(good)) == "2 games added."

    def more(body: dict[str, Any]) -> None:
        game = _games(body)[0]["game"]
        game["sheet"]["players"][0]["name"] = "Annie"  # hash left as it was

    assert (
        drive(mine.restore(edited(good, more))) == "1 already here, 1 kept as a copy."
    )
    names = sorted(s.players for s in store.list_games())
    assert names == [("Ann", "Bob"), ("Annie", "Bob"), ("Cy", "Dee")]


# --- a write that fails midway --------------------------------------------------------
def test_a_write_failing_midway_takes_back_what_was_written(
    good: bytes, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = files_of(folder)
    store = GameStore(folder)
    real = store.restore
    calls: list[str] = []

    def full_disk(record):  # type: ignore[no-untyped-def]
        calls.append(record.id)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real(record)

    monkeypatch.setattr(store, "restore", full_disk)
    with pytest.raises(Refusal, match="No space left on device"):
        drive(Backups(GameHub(store), LiveSeat()).restore(good))
    store.close()
    assert len(calls) == 2
    assert files_of(folder) == before


def test_a_folder_that_cannot_be_written_refuses_first(
    good: bytes, folder: Path
) -> None:
    store = GameStore(folder)
    store.folder_problem = "The games folder cannot be written (read-only)."
    with pytest.raises(Refusal, match="cannot be written"):
        drive(Backups(GameHub(store), LiveSeat()).restore(good))


def test_a_guest_may_neither_back_up_nor_restore(good: bytes) -> None:
    state = AppState(GameStore.memory())
    state.seat.access = Access(Role.GUEST, "x", "token")
    assert drive(state.act(state.backups.export)) is not None
    assert drive(state.act(state.backups.restore, good)) is not None
    assert state.backups.status().games == 0
    assert state.store.list_games() == []


def test_a_file_the_browser_gave_no_contents_for(folder: Path) -> None:
    store = GameStore(folder)
    with pytest.raises(Refusal, match="That file could not be read."):
        drive(Backups(GameHub(store), LiveSeat()).restore(None))


def test_a_restore_summary_groups_its_numbers_as_the_reader_writes_them() -> None:
    """1,000 games is "1,000 games added." in English and "1 000" in Hungarian,
    as every other count the app shows (issue 34 review)."""
    from companion.app.backup_words import summary
    from companion.i18n import use

    by = {"added": 1000, "updated": 2, "here": 12000, "copy": 1}
    assert summary(by, ()) == (
        "1,000 games added, 2 games brought up to date, 12,000 already here,"
        " 1 kept as a copy."
    )
    with use("hu"):
        assert "1\N{NO-BREAK SPACE}000" in summary({"added": 1000}, ())
