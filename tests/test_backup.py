"""Back up every game and restore them (issue 34): the round trip, each
merge rule, undo, and the open game told through its commit."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from backup_games import every_kind, files_of, never, records, tap
from drive import drive

from companion.app import AppState
from companion.app.backups import Backups
from companion.app.bots import BotClock
from companion.app.hub import GameHub
from companion.app.live import LiveSeat
from companion.i18n import use
from companion.store import GameStore
from companion.store.records import GameRecord

DAY = date(2026, 12, 3)


def backups(store: GameStore | GameHub) -> Backups:
    hub = store if isinstance(store, GameHub) else GameHub(store)
    return Backups(hub, LiveSeat(), today=lambda: DAY)


def same(a: GameRecord, b: GameRecord) -> bool:
    """Equal as games: everything stored but the invite token."""
    return replace(a, invite=None).to_doc() == replace(b, invite=None).to_doc()


# --- the round trip -----------------------------------------------------------------
def test_every_kind_of_game_comes_back_whole_in_an_empty_folder(
    tmp_path: Path,
) -> None:
    phone = GameStore.memory()  # the phone app: the same store code, no disk
    ids = every_kind(phone)
    made = backups(phone).export()
    assert made.name == "flip7-games-2026-12-03.json"
    assert made.games == len(ids) == 9
    laptop = GameStore(tmp_path)  # the served app: the file store on disk
    assert drive(backups(laptop).restore(made.data)) == "9 games added."
    before, after = records(phone), records(laptop)
    assert sorted(after) == sorted(before)
    for game_id, record in before.items():
        assert same(after[game_id], record), game_id
    # what the app shows is the same too: the round in progress, the
    # digital round, the edit under way
    state = AppState(GameHub(laptop, BotClock(1, never)))  # no move meanwhile
    assert state.open_game(ids[0]) is None
    assert state.entry is not None and state.entry.draft.lines["p1"] == ["9", "10"]
    assert state.open_game(ids[3]) is None
    assert state.table is not None and state.table.round is not None
    assert state.digital.bots == {"p1": "hard"}  # the computer player too
    # and back onto the phone: nothing new
    back = backups(phone).restore(backups(laptop).export().data)
    assert drive(back) == "9 already here."
    assert len(phone.list_games()) == 9


def test_the_file_is_versioned_json_with_every_game_and_no_invite() -> None:
    store = GameStore.memory()
    hub = GameHub(store)
    (game_id, *_) = every_kind(hub)
    hub.invite(game_id)  # a token made for phones to join: stays here
    body = json.loads(backups(hub).export().data)
    assert body["format"] == "flip7-companion-backup" and body["version"] == 1
    assert len(body["games"]) == 9
    first = next(g for g in body["games"] if g["game"]["id"] == game_id)
    assert "invite" not in first["game"]
    assert first["seen"] == [first["hash"]]


# --- the merge rules ---------------------------------------------------------------
def one_game(store: GameStore) -> tuple[AppState, str]:
    """A game of Ann and Bob with one round saved, left open in a session."""
    state = AppState(store)
    for name in ("Ann", "Bob"):
        drive(state.act(state.form.add, name))
    assert state.start_game() is None
    tap(state, "p1", "5")
    tap(state, "p2", "6")
    assert drive(state.act(state.entry.save)) is None
    assert state.game_id is not None
    return state, state.game_id


def play_round(state: AppState, game_id: str, a: str, b: str) -> None:
    if state.game_id != game_id:
        assert state.open_game(game_id) is None
    tap(state, "p1", a)
    tap(state, "p2", b)
    assert drive(state.act(state.entry.save)) is None, state.notice
    state.close_game()


def test_a_game_unchanged_here_since_the_backup_takes_the_newer_one() -> None:
    home = GameStore.memory()
    state, gid = one_game(home)
    state.close_game()
    first = backups(home).export()
    phone = GameStore.memory()
    assert drive(backups(phone).restore(first.data)) == "1 game added."
    play_round(AppState(phone), gid, "7", "8")  # played on on the phone
    newer = backups(phone).export()
    assert drive(backups(home).restore(newer.data)) == "1 game brought up to date."
    assert same(home.load(gid), phone.load(gid))
    assert len(home.load(gid).sheet.rounds) == 2


def test_an_older_backup_keeps_the_newer_game_here() -> None:
    store = GameStore.memory()
    state, gid = one_game(store)
    state.close_game()
    old = backups(store).export()
    play_round(state, gid, "9", "10")
    kept = store.load(gid)
    assert drive(backups(store).restore(old.data)) == "1 already here."
    assert same(store.load(gid), kept) and len(store.list_games()) == 1


def test_a_game_changed_on_both_sides_is_kept_twice_the_copy_named_so() -> None:
    home = GameStore.memory()
    state, gid = one_game(home)
    state.close_game()
    phone = GameStore.memory()
    drive(backups(phone).restore(backups(home).export().data))
    play_round(AppState(phone), gid, "7", "8")
    play_round(state, gid, "11", "12")  # and at home, differently
    ours = home.load(gid)
    text = drive(backups(home).restore(backups(phone).export().data))
    assert text == "1 kept as a copy."
    assert same(home.load(gid), ours)  # never overwritten
    (copy,) = [s for s in home.list_games() if s.id != gid]
    assert copy.title == "Ann, Bob (restored)"
    assert home.load(copy.id).sheet == phone.load(gid).sheet
    # the same backup again: the copy is already here
    assert (
        drive(backups(home).restore(backups(phone).export().data)) == "1 already here."
    )
    assert len(home.list_games()) == 2


def test_a_titled_game_kept_as_a_copy_keeps_its_title() -> None:
    store = GameStore.memory()
    every_kind(store)
    made = backups(store).export()
    theirs = GameStore.memory()
    drive(backups(theirs).restore(made.data))
    (gid,) = [s.id for s in store.list_games() if s.title == "Thursday's game"]
    for one in (store, theirs):  # the same game changed on both sides
        rec = one.load(gid)
        one.replace(replace(rec, draft={"changed": one is store}))
    assert drive(backups(store).restore(backups(theirs).export().data)) == (
        "8 already here, 1 kept as a copy."
    )
    titles = [s.title for s in store.list_games()]
    assert "Thursday's game (restored)" in titles


def test_the_summary_counts_in_italian_and_hungarian() -> None:
    store = GameStore.memory()
    every_kind(store)
    data = backups(store).export().data
    with use("it"):
        it = drive(backups(GameStore.memory()).restore(data))
    with use("hu"):
        hu = drive(backups(GameStore.memory()).restore(data))
    assert it == "9 partite aggiunte."
    assert hu == "9 játszma hozzáadva."
    with use("it"):
        assert drive(backups(store).restore(data)) == "9 già presenti."


# --- undo ----------------------------------------------------------------------------
def test_undo_puts_the_library_back_as_it_was(tmp_path: Path) -> None:
    home = GameStore(tmp_path / "home")
    state, gid = one_game(home)
    state.close_game()
    phone = GameStore.memory()
    drive(backups(phone).restore(backups(home).export().data))
    play_round(AppState(phone), gid, "7", "8")  # newer there
    every_kind(phone)  # and nine more
    data = backups(phone).export().data
    home.close()
    home = GameStore(tmp_path / "home")
    before = files_of(tmp_path / "home")
    mine = backups(home)
    assert not mine.can_undo
    assert drive(mine.restore(data)) == "9 games added, 1 game brought up to date."
    assert mine.can_undo and len(home.list_games()) == 10
    assert drive(mine.undo()).startswith("The restore was undone")
    assert not mine.can_undo
    assert [s.id for s in home.list_games()] == [gid]
    assert len(home.load(gid).sheet.rounds) == 1
    home.close()
    after = files_of(tmp_path / "home")
    assert after.keys() == before.keys()
    assert after["games/" + gid + ".json"] == before["games/" + gid + ".json"]


def test_undo_is_refused_when_a_restored_game_changed_since() -> None:
    phone = GameStore.memory()
    state, gid = one_game(phone)
    state.close_game()
    data = backups(phone).export().data
    store = GameStore.memory()
    mine = backups(store)
    drive(mine.restore(data))
    play_round(AppState(store), gid, "1", "2")
    with pytest.raises(Exception, match="changed since") as info:
        drive(mine.undo())
    assert "Ann, Bob" in str(info.value)
    assert len(store.load(gid).sheet.rounds) == 2


# --- an open game ------------------------------------------------------------------
def test_a_game_open_on_a_screen_is_brought_up_to_date_through_its_commit() -> None:
    home = GameStore.memory()
    state, gid = one_game(home)
    state.close_game()
    phone = GameStore.memory()
    drive(backups(phone).restore(backups(home).export().data))
    play_round(AppState(phone), gid, "7", "8")
    newer = backups(phone).export().data
    hub = GameHub(home)
    table = AppState(hub)  # a screen showing the game
    assert table.open_game(gid) is None
    heard: list[int] = []
    table.news.subscribe(lambda: heard.append(1))
    seen = table.watch.seen if table.watch else -1
    host = AppState(hub)
    assert drive(host.act(host.backups.restore, newer)) is None
    assert host.notice is not None
    assert host.notice.text == "1 game brought up to date."
    assert heard, "the screen on the game was told"
    assert table.sheet is not None and len(table.sheet.rounds) == 2
    assert table.watch is not None and table.watch.game.revision > seen
    # a tap made on the game as it was is refused, not applied over it
    refused = drive(table.act(table.entry.add_card, "p1", "3"))  # type: ignore[union-attr]
    assert refused is not None and "restored from a backup" in refused
    # and undo goes back through the commit as well
    assert drive(host.backups.undo()).startswith("The restore was undone")
    assert table.sheet is not None and len(table.sheet.rounds) == 1


# --- status -------------------------------------------------------------------------
def test_status_counts_the_games_changed_since_the_last_backup() -> None:
    store = GameStore.memory()
    mine = backups(store)
    state, gid = one_game(store)
    state.close_game()
    status = mine.status()
    assert (status.games, status.last_backup, status.changed_since) == (1, None, 1)
    mine.export()
    status = mine.status()
    assert status.last_backup is not None and status.changed_since == 0
    play_round(state, gid, "1", "2")
    one_game(store)[0].close_game()
    assert mine.status().changed_since == 2


def test_undo_of_a_game_a_screen_opened_sends_that_screen_home() -> None:
    phone = GameStore.memory()
    state, gid = one_game(phone)
    state.close_game()
    data = backups(phone).export().data
    hub = GameHub(GameStore.memory())
    host, table = AppState(hub), AppState(hub)
    assert drive(host.act(host.backups.restore, data)) is None
    assert table.open_game(gid) is None
    assert drive(host.act(host.backups.undo)) is None
    assert table.game_id is None  # told, and back Home
    assert table.alerts[-1] == "That game was deleted on another screen."


# --- the record of backups ---------------------------------------------------------
def test_a_damaged_record_of_backups_loses_no_game(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    state, gid = one_game(store)
    state.close_game()
    mine = backups(store)
    data = mine.export().data
    play_round(state, gid, "1", "2")  # newer here than the backup
    store.close()
    (tmp_path / "backups.json").write_text("{ not json")
    store = GameStore(tmp_path)
    mine = backups(store)
    status = mine.status()
    assert (status.last_backup, status.changed_since) == (None, 1)
    assert any("backups.json could not be read" in w for w in store.warnings)
    # it cannot tell that the backup is this game's past: both are kept
    assert drive(mine.restore(data)) == "1 kept as a copy."
    assert len(store.load(gid).sheet.rounds) == 2
    assert sorted(s.rounds for s in store.list_games()) == [1, 2]


def test_a_backup_changes_no_game_file(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    every_kind(store)
    store.flush()
    before = files_of(tmp_path)
    backups(store).export()
    after = files_of(tmp_path)
    assert set(after) - set(before) == {"backups.json"}
    assert {k: after[k] for k in before} == before


def test_a_folder_that_cannot_be_written_can_still_be_backed_up(
    tmp_path: Path,
) -> None:
    store = GameStore(tmp_path)
    every_kind(store)
    store.flush()
    store.folder_problem = "The games folder cannot be written (read-only)."
    made = backups(store).export()
    assert made.games == 9
    assert drive(backups(GameStore.memory()).restore(made.data)) == "9 games added."
