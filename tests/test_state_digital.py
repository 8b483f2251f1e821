"""Digitally dealt rounds in the app state: each decision type, computer
players, the advisor, recording in the sheet, the deck carried over, and a
restart in the middle of a decision."""

from __future__ import annotations

import pytest
from drive import drive

from companion.app import AppState
from companion.rules import Rules
from companion.store import GameStore


def game(
    names: list[str],
    deck: str,
    files: dict[str, str] | None = None,
    *,
    brutal: bool = False,
    bots: dict[int, str] | None = None,
    target: int = 200,
) -> AppState:
    state = AppState(GameStore.memory({} if files is None else files))
    state.test_deck = deck
    for name in names:
        assert drive(state.act(state.form.add, name)) is None
    for seat, how in (bots or {}).items():
        assert drive(state.act(state.form.set_computer, seat, how)) is None
    if brutal:
        assert drive(state.act(state.form.set_option, "brutal", True)) is None
    assert drive(state.act(state.form.set_target, target)) is None
    assert state.start_game() is None
    assert drive(state.act(state.table.start)) is None
    return state


def pending(state: AppState) -> tuple[int, str, list[str]]:
    rnd = state.table.round
    assert rnd is not None and rnd.pending is not None
    return rnd.pending.player, rnd.pending.kind, rnd.legal()


# Ann deals, so the deal goes Bob (seat 1), Cy (seat 2), Ann (seat 0).


def test_turn_hit_and_stay_then_the_round_lands_in_the_sheet() -> None:
    state = game(["Ann", "Bob", "Cy"], "5 6 7 5 9 10")
    assert pending(state) == (1, "turn", ["hit", "stay"])
    assert drive(state.act(state.table.play, "stay")) is None  # Bob stays on 5
    assert drive(state.act(state.table.play, "hit")) is None  # Cy: 6, then a 5
    assert drive(state.act(state.table.play, "stay")) is None  # Ann stays on 7
    assert drive(state.act(state.table.play, "hit")) is None  # Cy: a 9
    assert drive(state.act(state.table.play, "stay")) is None  # Cy stays on 20
    rnd = state.table.round
    assert rnd is not None and rnd.over
    assert state.sheet is not None
    assert state.sheet.totals() == {"p1": 7, "p2": 5, "p3": 20}
    (rec,) = state.sheet.rounds
    assert rec.digital and rec.entry("p3") is not None
    # the deck passes on: the next digital round starts with the 10
    assert state.digital.deck == ["10"]
    assert sorted(state.digital.discard) == sorted(["5", "6", "5", "7", "9"])


def test_illegal_choice_is_refused_and_changes_nothing() -> None:
    state = game(["Ann", "Bob"], "5 6 7 8")
    before = state.digital.to_dict()
    assert drive(state.act(state.table.play, "attack 0")) is not None
    assert state.notice is not None and state.notice.error
    assert state.digital.to_dict() == before


def test_modifier_decision_asks_who_gets_it() -> None:
    state = game(["Ann", "Bob", "Cy"], "-4 6 7 8")
    player, kind, options = pending(state)
    assert (player, kind) == (1, "modifier")
    assert options == ["target 0", "target 1", "target 2"]
    assert drive(state.act(state.table.play, "target 2")) is None
    assert state.table.round is not None
    assert state.table.round.line(2)[0] == "-4"


def test_just_one_more_asks_for_a_target() -> None:
    state = game(["Ann", "Bob", "Cy"], "JOM 6 7 8 9")
    player, kind, options = pending(state)
    assert (player, kind) == (1, "target")
    assert "target 2" in options


def test_steal_decision_lists_cards_to_take() -> None:
    state = game(["Ann", "Bob", "Cy"], "3 STEAL 8 9")
    player, kind, options = pending(state)
    assert (player, kind) == (2, "steal")
    assert options == ["steal 1 3"]
    assert drive(state.act(state.table.play, "steal 1 3")) is None
    rnd = state.table.round
    assert rnd is not None and rnd.line(2) == ["3"] and rnd.line(1) == []


def test_swap_and_discard_decisions() -> None:
    state = game(["Ann", "Bob", "Cy"], "3 4 SWAP DISCARD 9 10")
    player, kind, options = pending(state)
    assert (player, kind) == (0, "swap")
    assert options == ["swap 1 3 2 4"]
    assert drive(state.act(state.table.play, "swap 1 3 2 4")) is None
    rnd = state.table.round
    assert rnd is not None and rnd.line(1) == ["4"] and rnd.line(2) == ["3"]


def test_discard_decision() -> None:
    state = game(["Ann", "Bob", "Cy"], "3 DISCARD 9 10")
    player, kind, options = pending(state)
    assert (player, kind) == (2, "discard")
    assert options == ["discard 1 3"]


def test_brutal_flip7_choice_and_minus_15_in_the_sheet() -> None:
    deck = "1 2 3 4 5 6 7 8 9 10 11 12 13"
    state = game(["Ann", "Bob"], deck, brutal=True)
    while pending(state)[1] == "turn":
        assert drive(state.act(state.table.play, "hit")) is None
    player, kind, options = pending(state)
    assert (player, kind) == (1, "flip7")
    assert options == ["bonus", "attack 0"]
    assert drive(state.act(state.table.play, "attack 0")) is None
    assert state.sheet is not None
    totals = state.sheet.totals()
    assert totals["p2"] == 49  # 1+3+5+7+9+11+13, no bonus: sent −15 instead
    assert totals["p1"] == 2 + 4 + 6 + 8 + 10 + 12 - 15


def test_computer_players_move_one_step_at_a_time() -> None:
    state = game(["Ann", "Bob", "Cy"], "5 6 7 8 9 10 11", bots={1: "stop", 2: "odds"})
    assert state.table.bot_to_move
    assert drive(state.act(state.table.play, "hit")) is not None  # not a person's turn
    steps = 0
    while drive(state.table.bot_step())[0]:
        steps += 1
    assert steps >= 2
    assert not state.table.bot_to_move
    player, kind, _ = pending(state)
    assert (player, kind) == (0, "turn")


def test_advisor_only_when_switched_on_and_for_people() -> None:
    state = game(["Ann", "Bob"], "5 6 7 8 9 10 11")
    assert state.table.advice() is None
    assert drive(state.act(state.table.set_advisor, True)) is None
    advice = state.table.advice()
    assert advice is not None and advice.player == 1
    assert advice.suggestion in ("hit", "stay")


def test_a_purist_table_has_no_advisor_and_keeps_it_off() -> None:
    """Issue 13: the host turns the advisor and odds off for the table; the
    advisor can't be switched back on, the setting survives a restart and
    the next round; turning purist off lets the advisor be switched on."""
    files: dict[str, str] = {}
    state = game(["Ann", "Bob"], "5 6 7 8 9 10 11", files)
    assert (
        drive(state.act(state.table.set_advisor, True)) is None
        and state.table.advice() is not None
    )
    assert drive(state.act(state.table.set_purist, True)) is None
    assert state.digital.purist and state.table.advice() is None
    refused = drive(state.act(state.table.set_advisor, True))
    assert refused is not None and "purist" in refused
    assert state.table.advice() is None
    assert state.game_id is not None
    state.store.flush()
    again = AppState(GameStore.memory(files))
    assert again.open_game(state.game_id) is None
    assert again.digital.purist and again.table.advice() is None
    assert drive(again.act(again.table.set_purist, False)) is None
    # the advisor was on before: turning purist off brings it back as it was
    assert again.table.advice() is not None
    assert (
        drive(again.act(again.table.set_advisor, False)) is None
        and again.table.advice() is None
    )
    assert (
        drive(again.act(again.table.set_advisor, True)) is None
        and again.table.advice() is not None
    )


def test_the_purist_setting_passes_to_the_next_round() -> None:
    state = game(["Ann", "Bob"], "5 6 7 8 9 10 11")
    assert drive(state.act(state.table.set_purist, True)) is None
    while state.table.round is not None and not state.table.round.over:
        player, kind, legal = pending(state)
        assert (
            drive(state.act(state.table.play, "stay" if "stay" in legal else legal[0]))
            is None
        )
    assert state.digital.purist
    assert drive(state.act(state.table.start)) is None
    assert state.digital.purist and state.table.advice() is None


def test_restart_in_the_middle_of_a_decision() -> None:
    files: dict[str, str] = {}
    state = game(["Ann", "Bob", "Cy"], "3 STEAL 8 9 10", files)
    assert pending(state)[1] == "steal"
    assert state.game_id is not None
    game_id = state.game_id
    state.store.flush()

    again = AppState(GameStore.memory(files))
    assert again.open_game(game_id) is None
    assert pending(again) == (2, "steal", ["steal 1 3"])
    assert drive(again.act(again.table.play, "steal 1 3")) is None


def test_tie_break_round_deals_only_to_the_tied() -> None:
    state = game(["Ann", "Bob", "Cy"], "5 6 7 8", target=10)
    # the table chose to tap this round in instead: one that ties Ann and Bob
    assert drive(state.act(state.table.discard)) is None
    for pid, cards in (("p1", "12"), ("p2", "5 7"), ("p3", "1")):
        for code in cards.split():
            assert drive(state.act(state.entry.add_card, pid, code)) is None
    assert drive(state.act(state.entry.save)) is None
    assert state.sheet is not None and state.sheet.end().tiebreak == (0, 1)
    assert drive(state.act(state.table.start)) is None
    rnd = state.table.round
    assert rnd is not None
    assert rnd.status(2) == "out"
    assert state.digital.tie_break


@pytest.mark.parametrize("strategy", ["odds", "stop", "random"])
def test_whole_game_against_computer_players(strategy: str) -> None:
    state = AppState(GameStore.memory())
    for name in ("Ann", "Bob", "Cy"):
        assert drive(state.act(state.form.add, name)) is None
    for seat in range(3):
        assert drive(state.act(state.form.set_computer, seat, strategy)) is None
    assert state.start_game() is None
    assert state.sheet is not None and state.sheet.rules == Rules()
    for _ in range(200):
        if state.sheet.over:
            break
        assert drive(state.act(state.table.start)) is None
        while drive(state.table.bot_step())[0]:
            pass
        rnd = state.table.round
        assert rnd is not None and rnd.over
    assert state.sheet.over
    assert all(rec.digital for rec in state.sheet.rounds)
    assert drive(state.act(state.table.start)) is not None  # the game is over


def test_seat_button_cycles_person_and_strategies() -> None:
    from companion.app import next_strategy, seat_kind

    seen = []
    current: str | None = None
    for _ in range(4):
        current = next_strategy(current)
        seen.append(seat_kind(current))
    assert seen == [
        "Computer: easy (cautious, aims anywhere)",
        "Computer: medium (stays at 27, aims well)",
        "Computer: hard (plays to win the game)",
        "Person",
    ]


def test_a_game_saved_with_an_older_strategy_still_names_it() -> None:
    from companion.app import seat_kind

    assert seat_kind("odds") == "Computer: odds-aware"
    assert seat_kind("stop") == "Computer: stops at 25"


def test_a_failed_save_of_the_last_choice_keeps_memory_and_disk_as_they_were(
    tmp_path: object,
) -> None:
    """The finishing choice records the round, passes the deck on and clears
    the round in one write; when that write fails, the round is still in
    progress on screen, as on disk (it used to show the round finished)."""
    state = game(["Ann", "Bob", "Cy"], "5 6 7 5 9 10")
    for choice in ("stay", "hit", "stay", "hit"):
        assert drive(state.act(state.table.play, choice)) is None
    before = state.table.round
    assert before is not None and not before.over
    game_id = state.game_id
    assert game_id is not None
    on_disk = state.store.load(game_id)

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    state.store.save = full  # type: ignore[method-assign]
    refused = drive(
        state.act(state.table.play, "stay")
    )  # Cy stays: the round would be over
    assert refused == "Could not save (No space left on device); nothing was changed."
    rnd = state.table.round
    assert rnd is not None and not rnd.over and rnd.choices == before.choices
    assert state.sheet is not None and state.sheet.rounds == ()
    assert state.store.load(game_id).digital == on_disk.digital
