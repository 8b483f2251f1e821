"""The score sheet's corrections and signs, in the app state: renaming
and removing say what they did; a digital round and a tapped-in round for the
same number never both exist (the state refuses, the table chooses); a game
nobody played is not kept."""

from __future__ import annotations

from drive import drive

from companion.app import AppState, Digital
from companion.rules import Entry, RoundRecord, Sheet
from companion.store import GameStore

# Ann deals: Bob 10, Cy 11, Ann 1; then hits draw 2, 3, 4...
DECK = "10 11 1 2 3 4 5 6 7 8 9 12 12 12 12"


def game(names: list[str], files: dict[str, str] | None = None) -> AppState:
    state = AppState(GameStore.memory({} if files is None else files))
    state.test_deck = DECK
    for name in names:
        assert drive(state.act(state.form.add, name)) is None
    assert state.start_game() is None
    return state


def tap_round(state: AppState, points: str = "5") -> str | None:
    assert state.entry.draft is not None
    for pid in state.entry.draft.players:
        failed = drive(state.act(state.entry.add_card, pid, points))
        if failed:
            return failed
    return drive(state.act(state.entry.save))


# --- the Players panel -----------------------------------------------------------
def test_rename_says_what_it_did_and_refuses_bad_names() -> None:
    state = game(["Ann", "Bob", "Cy"])
    assert drive(state.act(state.fixes.rename_player, "p2", "Rob")) is None
    assert state.notice is not None and state.notice.text == "Bob is now Rob."
    assert (
        drive(state.act(state.fixes.rename_player, "p2", "ann"))
        == "ann is already at the table."
    )
    assert (
        drive(state.act(state.fixes.rename_player, "p2", "   "))
        == "A player needs a name."
    )
    assert state.notice is not None and state.notice.error
    assert drive(state.act(state.fixes.rename_player, "p9", "Zed")) == "No player p9."
    assert state.sheet is not None
    assert [p.name for p in state.sheet.seated] == ["Ann", "Rob", "Cy"]


def test_remove_says_what_it_did() -> None:
    state = game(["Ann", "Bob", "Cy"])
    assert drive(state.act(state.fixes.remove_player, "p3")) is None
    assert state.notice is not None
    assert state.notice.text == "Cy left the table; past rounds stay on the sheet."
    assert (
        drive(state.act(state.fixes.remove_player, "p2"))
        == "A game needs at least 2 players."
    )


# --- a digital round and a tapped-in round for one number -----------------------
def test_no_tapping_in_while_a_digital_round_of_that_number_is_dealt() -> None:
    state = game(["Ann", "Bob", "Cy"])
    assert drive(state.act(state.table.start)) is None
    assert drive(state.act(state.table.play, "hit")) is None
    assert state.table.in_progress and state.table.number == 1
    refused = drive(state.act(state.entry.add_card, "p1", "5"))
    assert refused == (
        "A digital round 1 is in progress: continue it, "
        "or discard it to tap this round in."
    )
    assert drive(state.act(state.entry.save)) == refused
    assert state.sheet is not None and not state.sheet.rounds
    # The table chose: discard the digital round, then tap the round in.
    assert drive(state.act(state.table.discard)) is None
    assert (
        state.notice is not None and state.notice.text == "Digital round 1 discarded."
    )
    assert state.digital.round is None and state.digital.deck is None
    assert tap_round(state) is None
    # The next digital round is round 2, dealt by the next dealer (Bob).
    assert drive(state.act(state.table.start)) is None
    rnd = state.digital.round
    assert rnd is not None and state.digital.ids[rnd.dealer] == "p2"
    assert state.table.number == 2


def test_no_dealing_while_the_round_is_half_tapped_in() -> None:
    state = game(["Ann", "Bob", "Cy"])
    assert drive(state.act(state.entry.add_card, "p1", "5")) is None
    assert state.entry.half_entered
    assert drive(state.act(state.table.start)) == (
        "Round 1 is half entered by tapping: continue it, "
        "or discard it to deal digitally."
    )
    assert state.digital.round is None
    assert drive(state.act(state.entry.discard)) is None
    assert not state.entry.half_entered
    assert drive(state.act(state.table.start)) is None


def test_half_entered_round_put_aside_by_an_edit_still_counts() -> None:
    state = game(["Ann", "Bob", "Cy"])
    assert tap_round(state) is None
    assert drive(state.act(state.entry.add_card, "p1", "7")) is None
    assert drive(state.act(state.fixes.edit_round, 0)) is None
    assert not state.entry.half_entered  # the draft is the edit of round 1...
    assert drive(state.act(state.table.start)) is not None  # ...round 2 waits aside


def test_undo_waits_for_the_digital_round() -> None:
    state = game(["Ann", "Bob", "Cy"])
    assert tap_round(state) is None
    assert drive(state.act(state.table.start)) is None
    assert drive(state.act(state.fixes.undo_round)) == (
        "A digital round 2 is in progress: finish or discard it first."
    )
    assert state.sheet is not None and len(state.sheet.rounds) == 1


def leftover(files: dict[str, str], *, numbered: bool) -> AppState:
    """The bug's data: a digital round 1 left over while round 1 was tapped
    in and saved (as an older version stored it, or with its number)."""
    state = game(["Ann", "Bob", "Cy"], files)
    assert drive(state.act(state.table.start)) is None
    assert drive(state.act(state.table.play, "hit")) is None
    assert state.game_id is not None and state.sheet is not None
    gid, sheet = state.game_id, state.sheet
    entries = tuple((p.id, Entry(("5",))) for p in sheet.seated)
    blob = state.digital.to_dict()
    if not numbered:
        del blob["number"]
    state.store.save(gid, sheet.add_round(RoundRecord("p1", entries)), digital=blob)
    state.close_game()
    again = AppState(state.store)
    assert again.open_game(gid) is None
    return again


def test_a_leftover_digital_round_can_only_be_discarded() -> None:
    for numbered in (True, False):
        state = leftover({}, numbered=numbered)
        assert state.table.stale and not state.table.in_progress
        assert state.table.number == 1
        refused = drive(state.act(state.table.play, "hit"))
        assert (
            refused is not None and "Round 1 is already on the score sheet" in refused
        )
        assert drive(state.act(state.table.start)) == (
            "A digital round 1 is left over: discard it first."
        )
        assert tap_round(state) is None  # round 2 by tapping is not blocked
        assert drive(state.act(state.table.discard)) is None
        assert not state.table.stale
        assert drive(state.act(state.table.start)) is None
        rnd = state.digital.round
        assert rnd is not None and state.digital.ids[rnd.dealer] == "p3"


def test_a_stale_digital_round_is_never_recorded() -> None:
    state = game(["Ann", "Bob"])
    assert drive(state.act(state.table.start)) is None
    assert state.sheet is not None
    state.digital.number = 0  # as if its round were already on the sheet
    before = state.digital.round
    assert before is not None
    assert drive(state.act(state.table.play, "stay")) is not None
    assert state.sheet.rounds == ()
    assert state.digital.round is before


def test_the_round_number_is_stored() -> None:
    d = Digital(number=3)
    assert Digital.from_dict(d.to_dict()).number == 3
    assert Digital.from_dict({"v": 1}).number is None


# --- a game nobody played --------------------------------------------------------
def test_a_game_started_and_left_unplayed_is_not_kept() -> None:
    state = game(["Ann", "Bob"])
    state.close_game()
    assert state.library.games() == []
    assert state.notice is not None
    assert state.notice.text == (
        "No round was played, so the game of Ann and Bob was not kept."
    )
    assert drive(state.act(state.deletions.restore)) is None
    assert len(state.library.games()) == 1


def test_a_game_with_anything_in_it_is_kept() -> None:
    tapped = game(["Ann", "Bob"])
    assert drive(tapped.act(tapped.entry.add_card, "p1", "5")) is None
    dealt = game(["Ann", "Bob"])
    assert drive(dealt.act(dealt.table.start)) is None
    played = game(["Ann", "Bob"])
    assert tap_round(played) is None
    for state in (tapped, dealt, played):
        state.close_game()
        assert len(state.library.games()) == 1 and state.notice is None


def test_an_unplayed_game_opened_later_is_kept() -> None:
    store = GameStore.memory()
    gid = store.create(Sheet.new(["Ann", "Bob"]))
    state = AppState(store)
    assert state.open_game(gid) is None
    state.close_game()
    assert len(state.library.games()) == 1
