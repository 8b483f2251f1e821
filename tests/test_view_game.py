"""The score sheet's view (companion/app/views/game.py): who deals next,
how the next round can be played, the corrections on offer and the winner,
from real games played through the app layer, without a browser."""

from __future__ import annotations

from drive import drive
from test_live_table import phone, table
from test_state import new_state, tap
from test_state_players import leftover

from companion.app import AppState
from companion.app.views.game import GameView, game_of
from companion.store import GameStore


def view(state: AppState) -> GameView:
    shown = game_of(state)
    assert shown is not None
    return shown


def typed_round(state: AppState, *scores: int) -> None:
    for i, score in enumerate(scores):
        assert drive(state.act(state.entry.set_typed, f"p{i + 1}", score)) is None
    assert drive(state.act(state.entry.save)) is None, state.notice


def test_a_new_game_says_who_deals_the_first_round() -> None:
    sheet = view(new_state(["Ann", "Bob"]))
    nxt = sheet.next
    assert nxt is not None
    assert (nxt.number, nxt.dealer, nxt.tie_break, nxt.fixing) == (
        1,
        "Ann",
        False,
        None,
    )
    assert not nxt.half_entered and not nxt.digital and nxt.left_over is None
    assert not sheet.can_undo and not sheet.can_redo
    assert sheet.banner is None and not sheet.over and sheet.host
    assert game_of(AppState(GameStore.memory())) is None


def test_a_saved_round_passes_the_deal_and_can_be_undone_and_redone() -> None:
    state = new_state(["Ann", "Bob"])
    typed_round(state, 10, 20)
    sheet = view(state)
    assert sheet.next is not None and sheet.next.dealer == "Bob"
    assert sheet.can_undo and not sheet.can_redo
    assert {c.pid: c.total for c in sheet.sheet.columns} == {"p1": 10, "p2": 20}
    assert drive(state.act(state.fixes.undo_round)) is None
    assert view(state).can_redo and not view(state).can_undo


def test_a_half_entered_round_and_a_fix_in_progress() -> None:
    state = new_state(["Ann", "Bob"])
    tap(state, "p1", "5")
    nxt = view(state).next
    assert nxt is not None and nxt.half_entered
    typed_round(state, 10, 20)
    assert drive(state.act(state.fixes.edit_round, 0)) is None
    nxt = view(state).next
    assert nxt is not None and nxt.fixing == 1 and not nxt.half_entered


def test_a_digital_round_in_progress_and_one_left_over() -> None:
    state = new_state(["Ann", "Bob"])
    assert drive(state.act(state.table.start)) is None
    nxt = view(state).next
    assert nxt is not None and nxt.digital and nxt.left_over is None
    stale = leftover({}, numbered=True)  # round 1 was tapped in meanwhile
    nxt = view(stale).next
    assert nxt is not None and nxt.number == 2
    assert nxt.left_over == 1 and not nxt.digital


def test_the_winner_and_the_standings_at_the_end() -> None:
    state = new_state(["Ann", "Bob", "Cy"], target=50)
    typed_round(state, 60, 20, 20)
    sheet = view(state)
    assert sheet.over and sheet.next is None
    assert sheet.banner == "Ann wins with 60!"
    assert [(p.place, p.name, p.total) for p in sheet.standings] == [
        (1, "Ann", 60),
        (2, "Bob", 20),
        (2, "Cy", 20),
    ]


def test_a_phone_is_not_the_host_and_reads_the_purist_setting() -> None:
    host, _gid = table()
    ann = phone(host)
    assert not view(ann).host and not view(ann).purist
    assert drive(host.act(host.table.set_purist, True)) is None
    assert view(ann).purist and view(host).purist
