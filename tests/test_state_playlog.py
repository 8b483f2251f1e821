"""Logging plays through the app state (no Flet): the share screen's "Log
this play" and History's "Log these plays", with the game's real start,
length and computer players, and one play however often it is logged."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

from drive import drive
from share_games import brutal_game, standard_game

from companion.app import AppState, PlayLogView
from companion.rules import Entry, RoundRecord, Sheet
from companion.store import GameStore

START = datetime(2026, 11, 27, 19, 15, 3, 123456, tzinfo=UTC)


def ticking(minutes: int) -> Iterator[str]:
    """The store's clock: the game is created at START, then every later
    write is ``minutes`` on."""
    yield START.isoformat()
    while True:
        yield (START + timedelta(minutes=minutes)).isoformat()


def store_with(*sheets: Sheet, minutes: int = 41) -> tuple[GameStore, list[str]]:
    clock = ticking(minutes)
    store = GameStore.memory(clock=lambda: next(clock))
    ids = [store.create(s, {"title": f"Game {i}"}) for i, s in enumerate(sheets)]
    for gid, sheet in zip(ids, sheets, strict=True):
        store.save(gid, sheet)  # the last round: the game's end
    return store, ids


def log_of(state: AppState, gid: str) -> PlayLogView | str:
    view = state.library.share_view(gid)
    assert not isinstance(view, str)
    return view.log


def the_play(log: PlayLogView | str) -> dict:  # type: ignore[type-arg]
    assert isinstance(log, PlayLogView), log
    doc = json.loads(log.file_bytes)
    [play] = doc["plays"]
    return play  # type: ignore[no-any-return]


def test_a_finished_game_logs_its_start_length_and_winner() -> None:
    store, [gid] = store_with(standard_game())
    log = log_of(AppState(store), gid)
    play = the_play(log)
    local = START.astimezone()  # BG Stats and BGG keep the table's own time
    assert play["playDate"] == local.strftime("%Y-%m-%d %H:%M:%S")
    assert play["durationMin"] == 41
    assert isinstance(log, PlayLogView)
    assert log.file_name == f"flip7-play-{local:%Y-%m-%d}.bgsplay"
    assert "1. Bo: 228 (winner)" in log.bgg_text


def test_a_game_in_progress_or_not_started_says_why_it_cannot_be_logged() -> None:
    going = Sheet.new(["Ana", "Bo"]).add_round(
        RoundRecord("p1", (("p1", Entry(("5",))), ("p2", Entry(("6",)))))
    )
    store, [g1, g2] = store_with(going, Sheet.new(["Ana", "Bo", "Cy"]))
    state = AppState(store)
    assert log_of(state, g1) == (
        "This game is still in progress: it can be logged once someone has won."
    )
    assert log_of(state, g2) == "No round has been played yet: there is nothing to log."


def test_computer_players_come_from_the_digital_seats() -> None:
    store, [gid] = store_with(standard_game())
    state = AppState(store)
    assert state.open_game(gid) is None
    assert drive(state.act(state.table.set_bot, "p3", "hard")) is None
    play = the_play(log_of(state, gid))
    cy = play["playerScores"][2]
    assert cy["role"] == "Computer (hard)" and json.loads(cy["metaData"]) == {
        "isNpc": 1
    }


def test_the_same_game_imported_elsewhere_is_the_same_play() -> None:
    """Re-logging on another phone updates the play in BG Stats instead of
    adding it twice; the length is not known there (0, not made up)."""
    store, [gid] = store_with(standard_game())
    here = AppState(store)
    view = here.library.share_view(gid)
    assert not isinstance(view, str)
    there = AppState(GameStore.memory())
    assert drive(there.act(there.library.import_code, view.code)) is None
    imported = there.library.imported_id
    assert imported is not None
    mine, theirs = the_play(view.log), the_play(log_of(there, imported))
    assert theirs["uuid"] == mine["uuid"]
    assert theirs["playDate"] == mine["playDate"]
    assert theirs["durationMin"] == 0
    again = the_play(log_of(AppState(store), gid))
    assert again["uuid"] == mine["uuid"]


def test_a_game_left_open_for_days_has_no_length() -> None:
    store, [gid] = store_with(standard_game(), minutes=3 * 24 * 60)
    assert the_play(log_of(AppState(store), gid))["durationMin"] == 0


def test_history_logs_the_finished_games_it_lists_in_one_file() -> None:
    going = Sheet.new(["Ana", "Dee"]).add_round(
        RoundRecord("p1", (("p1", Entry(("5",))), ("p2", Entry(("6",)))))
    )
    store, _ids = store_with(standard_game(), brutal_game(), going)
    state = AppState(store)
    log = state.library.history_log()
    assert isinstance(log, PlayLogView)
    assert log.said == "2 finished games. 1 game in progress left out."
    doc = json.loads(log.file_bytes)
    assert len(doc["plays"]) == 2
    assert sorted(p["name"] for p in doc["players"]) == ["Ana", "Bo", "Cy"]
    assert log.file_name.startswith("flip7-plays-")
    assert log.bgg_text.count("Flip 7: With A Vengeance") == 2
    # the search narrows what is logged, as it narrows the list
    assert state.library.history_log("dee") == (
        "No finished game to log: a game can be logged once someone has won."
    )
    only = state.library.history_log("ana")
    assert isinstance(only, PlayLogView) and only.said == (
        "2 finished games. 1 game in progress left out."
    )
