"""The app state without Flet: every flow of the table, through the intents."""

from __future__ import annotations

from pathlib import Path

import pytest
from drive import drive

from companion.app import AppState, banner, standings
from companion.app.telling import chain
from companion.app.views.setup import setup_of
from companion.rules.sheet_read import read_sheet
from companion.store import GameStore

# 48 → ÷2 24 → −4 20 → +15 = 35
FLIP7 = ["3", "11", "5", "7", "10", "8", "4", "/2", "-4"]


def new_state(names: list[str], files: dict[str, str] | None = None, **opts: object):  # type: ignore[no-untyped-def]
    state = AppState(GameStore.memory({} if files is None else files))
    for name in names:
        assert drive(state.act(state.form.add, name)) is None
    for key, value in opts.items():
        if key == "target":
            assert drive(state.act(state.form.set_target, value)) is None  # type: ignore[arg-type]
        else:
            assert drive(state.act(state.form.set_option, key, bool(value))) is None
    assert state.start_game() is None
    return state


def tap(state: AppState, pid: str, codes: str) -> None:
    for code in codes.split():
        assert drive(state.act(state.entry.add_card, pid, code)) is None, state.notice


# --- observing ----------------------------------------------------------------
def test_subscribers_hear_every_change_until_they_unsubscribe() -> None:
    state = AppState(GameStore.memory())
    heard: list[int] = []
    stop = state.subscribe(lambda: heard.append(1))
    drive(state.act(state.form.add, "Ann"))
    drive(state.act(state.form.add, ""))  # a refusal is news too (the notice)
    assert len(heard) == 2
    stop()
    drive(state.act(state.form.add, "Bob"))
    assert len(heard) == 2


# --- setup ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("   ", "A player needs a name."),
        ("aNN", "aNN is already at the table."),
        ("x" * 31, "Names are at most 30 characters."),
    ],
)
def test_refused_names_say_why(name: str, message: str) -> None:
    state = AppState(GameStore.memory())
    drive(state.act(state.form.add, "Ann"))
    assert drive(state.act(state.form.add, name)) == message
    assert state.notice is not None and state.notice.error
    assert state.notice.text == message
    assert state.form.names == ["Ann"]


def test_any_script_or_emoji_is_a_name() -> None:
    state = AppState(GameStore.memory())
    for name in ["Zoë", "李雷", "Αλέξης", "🦊 Fox", "  Ann   Lee "]:
        assert drive(state.act(state.form.add, name)) is None
    assert state.form.names[-1] == "Ann Lee"


def test_more_than_18_players_switch_to_two_decks_and_say_so() -> None:
    state = AppState(GameStore.memory())
    for i in range(18):
        assert drive(state.act(state.form.add, f"P{i}")) is None
    assert state.form.decks == 1
    assert drive(state.act(state.form.add, "P18")) is None
    assert state.form.decks == 2
    assert state.notice is not None and "two decks" in state.notice.text
    for i in range(19, 36):
        drive(state.act(state.form.add, f"P{i}"))
    assert drive(state.act(state.form.add, "P36")) == "At most 36 players (two decks)."
    assert (
        drive(state.act(state.form.set_two_decks, False))
        == "More than 18 players need two decks."
    )
    for _ in range(18):
        drive(state.act(state.form.remove, 0))
    assert state.form.decks == 1
    assert state.notice is not None and "back to one deck" in state.notice.text
    assert state.start_game() is None
    assert state.sheet is not None and state.sheet.rules.decks == 1


def test_order_dealer_rules_and_start() -> None:
    state = AppState(GameStore.memory())
    for name in ["Ann", "Bob", "Cleo"]:
        drive(state.act(state.form.add, name))
    drive(state.act(state.form.set_dealer, 2))
    drive(state.act(state.form.move, 2, -1))  # Cleo up: the dealer moves with her
    assert state.form.names == ["Ann", "Cleo", "Bob"]
    assert state.form.first_dealer == 1
    drive(state.act(state.form.move, 0, -1))  # already first: nothing happens
    drive(state.act(state.form.remove, 0))
    assert state.form.names[state.form.first_dealer] == "Cleo"
    assert (
        drive(state.act(state.form.rename, 1, "cleo"))
        == "cleo is already at the table."
    )
    for bad in ["abc", "0", "-50", "100001", ""]:
        assert drive(state.act(state.form.set_target, bad)) == (
            "The target must be a whole number from 1 to 100,000."
        )
    assert drive(state.act(state.form.set_target, " 150 ")) is None
    drive(state.act(state.form.set_option, "brutal", True))
    drive(state.act(state.form.set_option, "lucky_pair_counts_two", False))
    drive(state.act(state.form.set_option, "tie_break", False))
    assert state.start_game() is None
    sheet = state.sheet
    assert sheet is not None
    assert [p.name for p in sheet.players] == ["Cleo", "Bob"]
    assert sheet.next_dealer().name == "Cleo"
    rules = sheet.rules
    assert (rules.target, rules.brutal, rules.lucky_pair_counts_two) == (
        150,
        True,
        False,
    )
    assert not rules.tie_break and rules.decks == 1
    assert [g.id for g in state.library.games()] == [state.game_id]


def test_start_needs_two_players() -> None:
    state = AppState(GameStore.memory())
    drive(state.act(state.form.add, "Ann"))
    assert state.start_game() == "Add at least 2 players."
    assert state.game_id is None


def played(names: list[str], files: dict[str, str]) -> None:
    """A game of ``names`` with one round saved."""
    state = new_state(names, files)
    tap(state, "p1", "5")
    assert drive(state.act(state.entry.save)) is None


def test_name_suggestions_come_from_earlier_games() -> None:
    files: dict[str, str] = {}
    played(["Ann", "Bob"], files)
    played(["Ann", "Cleo"], files)
    state = AppState(GameStore.memory(files))
    assert setup_of(state).suggestions == ("Ann", "Cleo", "Bob")
    drive(state.act(state.form.add, "ann"))
    assert setup_of(state).suggestions == ("Cleo", "Bob")
    assert setup_of(state, " c").suggestions == ("Cleo",)


def test_no_suggestion_from_unplayed_games_or_computer_players() -> None:
    files: dict[str, str] = {}
    played(["Ann", "Computer 1"], files)
    unplayed = new_state(["XXXXXXXXXXXX", "Bob"], files)
    unplayed.store.flush()
    state = AppState(GameStore.memory(files))
    assert setup_of(state).suggestions == ("Ann",)


# --- tapping in a round -----------------------------------------------------------
def test_live_score_chain_and_flip7() -> None:
    state = new_state(["Ann", "Bob"])
    tap(state, "p1", " ".join(FLIP7))
    score = state.entry.line_score("p1")
    assert score.flip7 and score.total == 35
    assert chain(score) == "48 → ÷2 24 → −4 20 → Flip 7 +15 = 35"
    assert state.entry.flip7_player() == "p1"
    assert drive(state.act(state.entry.remove_card, "p1", 0)) is None
    assert state.entry.flip7_player() is None
    assert (
        drive(state.act(state.entry.remove_card, "p1", 99))
        == "That card is not in the line."
    )


def test_copies_left_across_the_table() -> None:
    state = new_state(["Ann", "Bob", "Cleo"])
    assert state.entry.copies_left()["2"] == 2
    tap(state, "p1", "2")
    tap(state, "p2", "2 0")
    assert state.entry.copies_left()["2"] == 0 and state.entry.copies_left()["0"] == 0
    assert (
        drive(state.act(state.entry.add_card, "p3", "2"))
        == "No 2 left: the deck holds 2 and all are in this round."
    )
    assert drive(state.act(state.entry.add_card, "p3", "0")) == (
        "No The Zero left: the deck holds 1 and all are in this round."
    )
    assert drive(state.act(state.entry.add_card, "p3", "F4")) == (
        "Flip Four! is an action: actions never stay in a line."
    )
    assert drive(state.act(state.entry.add_card, "p3", "99")).startswith(
        "Unknown card '99'"
    )  # type: ignore[union-attr]
    drive(state.act(state.entry.remove_card, "p2", 0))
    assert drive(state.act(state.entry.add_card, "p3", "2")) is None


def test_two_decks_hold_twice_the_copies() -> None:
    state = new_state([f"P{i}" for i in range(19)])
    assert state.sheet is not None and state.sheet.rules.decks == 2
    tap(state, "p1", "0")
    tap(state, "p2", "0")
    assert drive(state.act(state.entry.add_card, "p3", "0")) == (
        "No The Zero left: two decks hold 2 and all are in this round."
    )


def test_impossible_entry_is_refused_with_its_message() -> None:
    state = new_state(["Ann", "Bob"])
    tap(state, "p1", "5 5")
    tap(state, "p2", "9")
    by_player = state.entry.problems_by_player()
    assert [p.code for p in by_player["p1"]] == ["duplicate"]
    message = "Ann: two 5s in a line that did not bust."
    assert drive(state.act(state.entry.save)) == message
    assert state.sheet is not None and state.sheet.rounds == ()
    assert (
        drive(state.act(state.entry.toggle_busted, "p1")) is None
    )  # two 5s: Ann busted
    assert state.entry.problems() == []
    assert drive(state.act(state.entry.save)) is None
    assert state.sheet.totals() == {"p1": 0, "p2": 9}
    assert state.sheet.next_dealer().name == "Bob"
    assert state.notice is not None and state.notice.text == "Bob deals next."
    assert state.entry.draft is not None and state.entry.draft.empty


def test_typed_score_for_swept_up_cards() -> None:
    state = new_state(["Ann", "Bob"])
    assert (
        drive(state.act(state.entry.set_typed, "p1", "abc"))
        == "Type the round score as a whole number."
    )
    assert drive(state.act(state.entry.set_typed, "p1", "-5")) is None
    assert (
        drive(state.act(state.entry.save))
        == "Ann: scores never go below 0 without Brutal mode."
    )
    assert drive(state.act(state.entry.set_typed, "p1", " 27 ")) is None
    assert state.entry.round_score("p1") == 27
    assert drive(state.act(state.entry.save)) is None
    assert state.sheet is not None
    entry = state.sheet.rounds[0].entry("p1")
    assert entry is not None and entry.typed == 27
    assert state.sheet.totals()["p1"] == 27


def test_brutal_flip7_attack_and_busted_minus_cards() -> None:
    state = new_state(["Ann", "Bob", "Cleo"], brutal=True)
    tap(state, "p1", " ".join(FLIP7))
    tap(state, "p2", "5 9")
    tap(state, "p3", "6 6 -10")
    drive(state.act(state.entry.set_busted, "p3", True))
    assert state.entry.round_score("p3") == -10  # busted: base 0, then −10 (R19)
    assert (
        drive(state.act(state.entry.choose_attack, "p1"))
        == "The −15 goes to another player."
    )
    assert drive(state.act(state.entry.choose_attack, "p2")) is None
    assert state.entry.round_score("p1") == 20  # no +15 for Ann
    assert state.entry.round_score("p2") == -1  # 14 − 15
    assert chain(state.entry.line_score("p2")) == "14 → −15 = −1"
    assert drive(state.act(state.entry.save)) is None
    assert state.sheet.totals() == {"p1": 20, "p2": -1, "p3": -10}
    assert (
        drive(state.act(state.entry.choose_attack, "p3"))
        == "Nobody has a Flip 7 in this round."
    )


def test_attack_needs_brutal() -> None:
    state = new_state(["Ann", "Bob"])
    tap(state, "p1", " ".join(FLIP7))
    assert (
        drive(state.act(state.entry.choose_attack, "p2"))
        == "Only Brutal mode has the −15 attack."
    )


def test_tie_break_round_takes_only_the_tied_players() -> None:
    state = new_state(["Ann", "Bob", "Cleo"], target=10)
    tap(state, "p1", "10")
    tap(state, "p2", "4 6")
    tap(state, "p3", "5")
    assert drive(state.act(state.entry.save)) is None
    assert banner(state.sheet) == (
        "Tie at 10: Ann and Bob play a tie-break round; the others sit it out."
    )
    assert state.notice is not None and state.notice.text == banner(state.sheet)
    assert state.entry.draft is not None and state.entry.draft.players == ["p1", "p2"]
    assert state.entry.draft.tie_break
    assert (
        drive(state.act(state.entry.add_card, "p3", "1"))
        == "That player does not play this round."
    )
    tap(state, "p1", "3")
    tap(state, "p2", "2")
    assert drive(state.act(state.entry.save)) is None
    assert banner(state.sheet) == "Ann wins with 13!"
    assert state.sheet is not None and state.sheet.rounds[1].tie_break
    assert [(s.player.name, s.total, s.place) for s in standings(state.sheet)] == [
        ("Ann", 13, 1),
        ("Bob", 12, 2),
        ("Cleo", 5, 3),
    ]
    tap(state, "p1", "1")
    assert (
        drive(state.act(state.entry.save))
        == "The game is over; start a new game or undo a round."
    )
    assert state.library.games()[0].finished and state.library.games()[0].winners == (
        "Ann",
    )


def test_shared_win_option() -> None:
    state = new_state(["Ann", "Bob"], target=10, tie_break=False)
    tap(state, "p1", "10")
    tap(state, "p2", "10")
    drive(state.act(state.entry.save))
    assert banner(state.sheet) == "Ann and Bob share the win with 10!"
    assert [s.place for s in standings(state.sheet)] == [1, 1]


# --- corrections --------------------------------------------------------------------
def play_rounds(state: AppState, *lines: tuple[str, str]) -> None:
    for a, b in lines:
        tap(state, "p1", a)
        tap(state, "p2", b)
        assert drive(state.act(state.entry.save)) is None, state.notice


def test_edit_a_past_round_and_totals_follow() -> None:
    state = new_state(["Ann", "Bob"])
    play_rounds(state, ("5", "6"), ("7", "8"))
    tap(state, "p1", "12")  # round 3 in progress, put aside during the edit
    assert drive(state.act(state.fixes.edit_round, 0)) is None
    assert state.entry.draft is not None and state.entry.draft.editing == 0
    assert state.entry.draft.lines == {"p1": ["5"], "p2": ["6"]}
    assert state.entry.draft.dealer == "p1"
    drive(state.act(state.entry.remove_card, "p1", 0))
    tap(state, "p1", "11")
    assert drive(state.act(state.entry.save)) is None
    assert state.notice is not None and state.notice.text.startswith("Round 1 fixed.")
    assert state.sheet.totals() == {"p1": 18, "p2": 14}
    assert state.sheet is not None and len(state.sheet.rounds) == 2
    assert state.entry.draft.editing is None and state.entry.draft.lines == {
        "p1": ["12"]
    }
    assert drive(state.act(state.fixes.edit_round, 5)) == "There is no round 6."
    drive(state.act(state.fixes.edit_round, 1))
    drive(state.act(state.entry.set_busted, "p2", True))
    assert drive(state.act(state.fixes.cancel_edit)) is None
    assert state.sheet.totals() == {"p1": 18, "p2": 14}
    assert state.entry.draft.lines == {"p1": ["12"]}


def test_undo_and_redo_the_last_round() -> None:
    state = new_state(["Ann", "Bob"])
    play_rounds(state, ("5", "6"), ("7", "8"))
    assert state.sheet.next_dealer().name == "Ann"
    assert drive(state.act(state.fixes.undo_round)) is None
    assert state.notice is not None and state.notice.text == "Round 2 undone."
    assert state.sheet.totals() == {"p1": 5, "p2": 6}
    assert state.sheet.next_dealer().name == "Bob"
    assert state.fixes.can_redo
    assert drive(state.act(state.fixes.redo_round)) is None
    assert state.sheet.totals() == {"p1": 12, "p2": 14}
    drive(state.act(state.fixes.undo_round))
    drive(state.act(state.fixes.undo_round))
    assert drive(state.act(state.fixes.undo_round)) == "No round to undo."
    assert not state.fixes.can_redo or drive(state.act(state.fixes.redo_round)) is None


def test_rename_add_late_player_and_remove() -> None:
    state = new_state(["Ann", "Bob", "Cleo"])
    play_rounds_three(state)
    assert (
        drive(state.act(state.fixes.rename_player, "p2", "ANN"))
        == "ANN is already at the table."
    )
    assert drive(state.act(state.fixes.rename_player, "p2", "Bobby")) is None
    assert drive(state.act(state.fixes.add_player, "Dan", at_lowest=True)) is None
    assert state.sheet.totals()["p4"] == 3  # the lowest total
    assert drive(state.act(state.fixes.add_player, "Eve")) is None
    assert state.sheet.totals()["p5"] == 0
    assert state.entry.draft is not None and state.entry.draft.players == [
        "p1",
        "p2",
        "p3",
        "p4",
        "p5",
    ]
    tap(state, "p2", "4")
    assert drive(state.act(state.fixes.remove_player, "p2")) is None
    assert state.entry.draft.players == ["p1", "p3", "p4", "p5"]
    assert "p2" not in state.entry.draft.lines
    assert [s.player.name for s in standings(state.sheet)] == [
        "Ann",
        "Cleo",
        "Dan",
        "Eve",
    ]
    assert state.sheet.next_dealer().name == "Cleo"  # Bobby would have dealt
    assert state.sheet is not None
    assert state.sheet.player("p2").name == "Bobby"  # past rounds stay
    assert state.sheet.rounds[0].entry("p2") is not None


def play_rounds_three(state: AppState) -> None:
    tap(state, "p1", "10")
    tap(state, "p2", "5")
    tap(state, "p3", "3")
    assert drive(state.act(state.entry.save)) is None


def test_late_19th_player_brings_the_second_deck() -> None:
    state = new_state([f"P{i}" for i in range(18)])
    assert drive(state.act(state.fixes.add_player, "Late")) is None
    assert state.sheet is not None and state.sheet.rules.decks == 2
    assert state.notice is not None and "two decks" in state.notice.text


# --- home, restart, end -------------------------------------------------------------
def test_restart_resumes_exactly_including_the_draft(tmp_path: Path) -> None:
    state = AppState(GameStore(tmp_path))
    for name in ["Ann", "Bob", "Cleo"]:
        drive(state.act(state.form.add, name))
    drive(state.act(state.form.set_option, "brutal", True))
    state.start_game()
    tap(state, "p1", "5 6")
    tap(state, "p2", "7")
    tap(state, "p3", "9")
    drive(state.act(state.entry.save))
    tap(state, "p1", " ".join(FLIP7))
    drive(state.act(state.entry.choose_attack, "p3"))
    drive(state.act(state.entry.set_typed, "p2", 12))
    drive(state.act(state.entry.set_busted, "p3", True))
    sheet, draft = state.sheet, state.entry.draft
    assert draft is not None
    # No close, no flush: the process is simply gone.
    again = AppState(GameStore(tmp_path))
    assert (
        again.library.unfinished() is not None
        and again.library.unfinished().id == state.game_id
    )
    assert again.continue_unfinished() is None
    assert again.sheet == sheet
    assert (
        again.entry.draft is not None and again.entry.draft.to_dict() == draft.to_dict()
    )
    assert again.entry.round_score("p3") == -15
    assert drive(again.act(again.entry.save)) is None
    assert again.sheet.totals() == {"p1": 31, "p2": 19, "p3": -6}


def test_restart_resumes_an_edit_in_progress(tmp_path: Path) -> None:
    state = AppState(GameStore(tmp_path))
    drive(state.act(state.form.add, "Ann"))
    drive(state.act(state.form.add, "Bob"))
    state.start_game()
    play_rounds(state, ("5", "6"))
    tap(state, "p1", "9")
    drive(state.act(state.fixes.edit_round, 0))
    drive(state.act(state.entry.set_busted, "p2", True))
    again = AppState(GameStore(tmp_path))
    again.continue_unfinished()
    assert again.entry.draft is not None and again.entry.draft.editing == 0
    assert drive(again.act(again.entry.save)) is None
    assert again.sheet.totals() == {"p1": 5, "p2": 0}
    assert again.entry.draft.lines == {"p1": ["9"]}


def test_home_list_delete_and_restore() -> None:
    files: dict[str, str] = {}
    new_state(["Ann", "Bob"], files)
    second = new_state(["Cleo", "Dan"], files)
    state = AppState(GameStore.memory(files))
    assert [g.title for g in state.library.games()] == ["Cleo, Dan", "Ann, Bob"]
    assert state.continue_unfinished() is None
    assert state.game_id == second.game_id
    assert state.delete_game(second.game_id or "") is None
    assert state.game_id is None and [g.title for g in state.library.games()] == [
        "Ann, Bob"
    ]
    assert state.deletions.can_restore
    assert drive(state.act(state.deletions.restore)) is None
    assert [g.title for g in state.library.games()] == ["Cleo, Dan", "Ann, Bob"]
    assert drive(state.act(state.deletions.restore)) == "Nothing to restore."
    assert state.open_game("nope") == "That game is no longer stored."


def test_corrupt_game_is_reported_not_overwritten(tmp_path: Path) -> None:
    state = AppState(GameStore(tmp_path))
    drive(state.act(state.form.add, "Ann"))
    drive(state.act(state.form.add, "Bob"))
    state.start_game()
    (tmp_path / "games" / f"{state.game_id}.json").write_text("{oops")
    again = AppState(GameStore(tmp_path))
    assert len(again.alerts) == 1 and "could not be read" in again.alerts[0]
    assert again.library.games() == []
    again.dismiss()
    assert again.alerts == []


def test_new_game_same_players() -> None:
    state = new_state(["Ann", "Bob", "Cleo"], target=10, brutal=True)
    play_rounds_three(state)
    assert banner(state.sheet) == "Ann wins with 10!"
    first = state.game_id
    state.new_game_same_players()
    assert state.form.names == ["Ann", "Bob", "Cleo"]
    assert state.form.brutal and state.form.target == 10
    assert state.form.first_dealer == 1  # the deal moves on one seat
    assert state.start_game() is None
    assert state.game_id != first and state.sheet is not None
    assert state.sheet.next_dealer().name == "Bob"
    assert len(state.library.games()) == 2
    state.close_game()  # nothing played in the rematch: not kept (undoable)
    assert state.sheet is None and state.library.unfinished() is None
    assert drive(state.act(state.deletions.restore)) is None
    assert state.library.unfinished() is not None and len(state.library.games()) == 2


def test_a_stored_sheet_round_trips() -> None:
    state = new_state(["Ann", "Bob"])
    play_rounds(state, ("5", "6"))
    assert state.sheet is not None
    assert read_sheet(state.sheet.to_dict()) == state.sheet


def test_attack_lands_on_a_typed_score_too() -> None:
    state = new_state(["Ann", "Bob"], brutal=True)
    tap(state, "p1", " ".join(FLIP7))
    drive(state.act(state.entry.set_typed, "p2", 12))
    drive(state.act(state.entry.choose_attack, "p2"))
    assert state.entry.round_score("p2") == -3
    assert drive(state.act(state.entry.save)) is None
    assert state.sheet.totals() == {"p1": 20, "p2": -3}
