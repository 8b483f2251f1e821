"""Several sessions on one game (two tabs, later every phone at the table):
every acknowledged change is kept, none is written over, and a change built
on a stale screen is refused with what changed.

Before the shared game each session saved its own copy over the file: tab 1
saved round 1, tab 2 its round 1, tab 1 round 2 — all three said "saved" and
the file held only tab 1's two rounds.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from pathlib import Path

from drive import drive

from companion.app import AppState
from companion.app.entry import RoundDraft
from companion.app.hub import GameHub
from companion.app.open_game import GameState
from companion.store import GameStore


def two_tabs(store: GameStore) -> tuple[AppState, AppState]:
    hub = GameHub(store)
    one, two = AppState(hub), AppState(hub)
    for name in ("Ann", "Bob"):
        assert drive(one.act(one.form.add, name)) is None
    assert one.start_game() is None
    assert one.game_id is not None
    assert two.open_game(one.game_id) is None
    return one, two


def enter(state: AppState, ann: int, bob: int) -> None:
    assert drive(state.act(state.entry.set_typed, "p1", ann)) is None, state.notice
    assert drive(state.act(state.entry.set_typed, "p2", bob)) is None, state.notice
    assert drive(state.act(state.entry.save)) is None, state.notice


def test_rounds_saved_from_two_tabs_are_all_kept(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    one, two = two_tabs(store)
    enter(one, 10, 20)
    two.shown()  # tab 2 re-rendered (the UI does this on every change)
    enter(two, 30, 40)
    one.shown()
    enter(one, 50, 60)
    assert one.sheet.totals() == two.sheet.totals() == {"p1": 90, "p2": 120}
    store.close()
    again = GameStore(tmp_path)
    (game,) = again.list_games()
    sheet = again.load(game.id).sheet
    assert len(sheet.rounds) == 3 and sheet.totals() == {"p1": 90, "p2": 120}


def test_taps_on_other_lines_land_on_top_of_each_other() -> None:
    one, two = two_tabs(GameStore.memory())
    assert drive(one.act(one.entry.add_card, "p1", "7")) is None
    # Tab 2 has not redrawn yet: its tap on Bob's line still lands.
    assert drive(two.act(two.entry.add_card, "p2", "9")) is None
    assert one.entry.draft is two.entry.draft
    assert one.entry.round_score("p1") == 7 and one.entry.round_score("p2") == 9


def test_a_tap_on_a_line_changed_meanwhile_is_refused_with_what_changed() -> None:
    one, two = two_tabs(GameStore.memory())
    assert drive(one.act(one.entry.add_card, "p1", "7")) is None
    refused = drive(two.act(two.entry.add_card, "p1", "9"))
    assert refused == (
        "Meanwhile on another screen: Ann's line changed. "
        "Nothing was changed here: check and try again."
    )
    assert two.notice is not None and two.notice.error
    assert one.entry.draft is not None and one.entry.draft.lines["p1"] == ["7"]
    two.shown()
    assert drive(two.act(two.entry.add_card, "p1", "9")) is None
    assert one.entry.draft is not None and two.entry.draft is not None
    assert one.entry.draft.lines["p1"] == two.entry.draft.lines["p1"] == ["7", "9"]


def test_saving_a_round_with_a_change_not_yet_seen_is_refused() -> None:
    one, two = two_tabs(GameStore.memory())
    assert (
        drive(two.act(two.entry.set_typed, "p1", 10)) is None
        and drive(two.act(two.entry.set_typed, "p2", 5)) is None
    )
    one.shown()
    assert (
        drive(two.act(two.entry.add_card, "p2", "3")) is None
    )  # after one's last look
    refused = drive(one.act(one.entry.save))
    assert refused == (
        "Meanwhile on another screen: Bob's line changed. "
        "Nothing was changed here: check and try again."
    )
    assert one.sheet is not None and one.sheet.rounds == ()
    one.shown()
    assert drive(one.act(one.entry.save)) is None
    assert two.sheet is not None and len(two.sheet.rounds) == 1


def test_the_other_tab_is_told_of_every_change_and_of_a_delete() -> None:
    one, two = two_tabs(GameStore.memory())
    heard: list[str] = []
    two.news.subscribe(lambda: heard.append("two"))
    one.news.subscribe(lambda: heard.append("one"))
    assert drive(one.act(one.entry.add_card, "p1", "5")) is None
    assert heard == ["two"]  # not one: its own change re-renders it anyway
    game_id = one.game_id
    assert game_id is not None and one.delete_game(game_id) is None
    assert heard == ["two", "two"]
    assert two.game_id is None
    assert "That game was deleted on another screen." in two.alerts
    assert two.entry is None  # nothing left to tap on


def test_news_about_an_older_sheet_goes_when_another_tab_changes_it() -> None:
    one, two = two_tabs(GameStore.memory())
    enter(two, 10, 20)
    assert two.notice is not None and two.notice.text == "Bob deals next."
    one.shown()
    enter(one, 1, 2)
    assert two.notice is None  # Bob no longer deals next: Ann does


def test_a_game_left_unplayed_is_kept_while_another_tab_shows_it() -> None:
    one, two = two_tabs(GameStore.memory())
    one.close_game()
    assert len(one.library.games()) == 1 and two.sheet is not None


def test_a_failed_write_changes_nothing_in_any_tab(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    one, two = two_tabs(store)
    assert drive(one.act(one.entry.add_card, "p1", "5")) is None
    two.shown()

    def broken(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    store.save_draft = broken  # type: ignore[method-assign]
    refused = drive(two.act(two.entry.add_card, "p1", "6"))
    assert refused == "Could not save (No space left on device); nothing was changed."
    assert one.entry.draft is not None and one.entry.draft.lines["p1"] == ["5"]


def _count(state: GameState, t: int) -> GameState:
    """One commit of thread ``t``: +1 on Ann's typed score (every thread's
    count) and +1 on thread t's own player (read, add, write: a change built
    on a stale copy would lose the other threads' counts)."""
    draft = RoundDraft.from_dict(state.draft.to_dict())
    for pid in ("p1", f"p{t + 2}"):
        draft.set_typed(pid, draft.typed.get(pid, 0) + 1)
    return replace(state, draft=draft)


def test_eight_threads_commit_200_times_each_and_none_is_lost(tmp_path: Path) -> None:
    hub = GameHub(GameStore(tmp_path))
    opener = AppState(hub)
    for name in ("Ann", *(f"T{t}" for t in range(8))):
        assert drive(opener.act(opener.form.add, name)) is None
    assert opener.start_game() is None and opener.watch is not None
    game = opener.watch.game
    revisions: dict[int, list[int]] = {t: [] for t in range(8)}
    start = threading.Barrier(8)

    def work(t: int) -> None:
        start.wait()
        for _ in range(200):
            revisions[t].append(drive(game.commit(lambda s: _count(s, t), what="+1")))

    threads = [threading.Thread(target=work, args=(t,)) for t in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    expected = {"p1": 1600, **{f"p{t + 2}": 200 for t in range(8)}}
    assert game.state.draft.typed == expected
    for t in range(8):  # each thread saw its own revisions strictly rising
        assert revisions[t] == sorted(set(revisions[t]))
    every = sorted(r for t in range(8) for r in revisions[t])
    assert every == list(range(1, 1601)) and game.revision == 1600
    hub.store.close()
    record = GameStore(tmp_path).load(game.id)
    assert record.draft is not None and record.draft["typed"] == expected


def test_a_game_nobody_shows_is_dropped_from_memory() -> None:
    one, two = two_tabs(GameStore.memory())
    hub = one.hub
    assert hub.open_count == 1
    one.detach()
    two.detach()  # both tabs closed (Flet's session expired)
    other = AppState(hub)
    drive(other.act(other.form.add, "Cy"))
    drive(other.act(other.form.add, "Dee"))
    assert other.start_game() is None
    assert other.open_game(other.game_id or "") is None
    assert hub.open_count == 1  # only Cy and Dee's game is held


def test_live_views_are_shared_per_commit_and_follow_every_tap(tmp_path: Path) -> None:
    """Scores and problems are computed once per commit for every session on
    the game (OpenGame.derived), and a tap on one tab shows on the other."""
    one, two = two_tabs(GameStore(tmp_path))
    assert one.watch is not None
    game = one.watch.game
    calls: list[int] = []

    def count(state: GameState) -> int:
        calls.append(1)
        return len(state.draft.line("p1"))

    assert game.derived("n", count) == game.derived("n", count) == 0
    assert len(calls) == 1  # the second session's question was answered from memory
    assert (
        drive(one.act(one.entry.add_card, "p1", "5")) is None
        and drive(one.act(one.entry.add_card, "p1", "5")) is None
    )
    assert game.derived("n", count) == 2 and len(calls) == 2  # a new state: anew
    assert two.entry.round_score("p1") == one.entry.round_score("p1") == 10
    assert two.entry.problems_by_player() == one.entry.problems_by_player()
    assert two.entry.copies_left()["5"] == 3
    assert drive(one.act(one.entry.remove_card, "p1", 1)) is None
    assert two.entry.round_score("p1") == 5 and two.entry.copies_left()["5"] == 4
