"""Odds while flipping through the app's intents: the switch remembered per
game, the odds of the player being tapped changing with every tap, the
earlier rounds counted until "Deck reshuffled", a purist table showing none,
and Undo of a mis-tap as removing the last card."""

from __future__ import annotations

from drive import drive
from test_state import new_state, tap

from companion.app import AppState
from companion.store import GameStore


def ids(state: AppState) -> list[str]:
    assert state.entry.draft is not None
    return list(state.entry.draft.players)


def test_off_by_default_and_on_for_the_game() -> None:
    files: dict[str, str] = {}
    state = new_state(["Ann", "Bob"], files)
    ann, _bob = ids(state)
    assert not state.odds.on and state.odds.words(ann) is None
    assert drive(state.act(state.odds.set_on, True)) is None
    assert state.odds.on
    state.store.flush()
    again = AppState(GameStore.memory(files))
    assert state.game_id is not None and again.open_game(state.game_id) is None
    assert again.odds.on


def test_the_odds_follow_each_tap() -> None:
    state = new_state(["Ann", "Bob"])
    ann, bob = ids(state)
    assert drive(state.act(state.odds.set_on, True)) is None
    first = state.odds.words(ann)
    assert first is not None and first.bust is None  # no card yet
    assert "first card" in first.advice
    tap(state, ann, "12")
    one = state.odds.words(ann)
    assert one is not None and one.bust == "Bust 10%"  # 11 of 107
    assert one.basis == "From 1 card seen in this round."
    assert "Suggestion:" in one.advice and "bust 10%" in one.advice
    tap(state, bob, "12 12")  # Bob's pair: fewer 12s left
    assert drive(state.act(state.entry.set_busted, bob, True)) is None
    two = state.odds.words(ann)
    assert two is not None and two.bust == "Bust 9%"  # 9 of 105
    assert two.basis == "From 3 cards seen in this round."
    busted = state.odds.words(bob)
    assert busted is not None and busted.bust is None
    assert busted.advice == "Bob busted: no more cards this round."


def test_earlier_rounds_count_until_the_deck_is_reshuffled() -> None:
    state = new_state(["Ann", "Bob"])
    ann, bob = ids(state)
    assert drive(state.act(state.odds.set_on, True)) is None
    tap(state, ann, "12 11")
    tap(state, bob, "12 10")
    assert drive(state.act(state.entry.save)) is None
    tap(state, ann, "12")
    seen = state.odds.words(ann)
    assert seen is not None and seen.bust == "Bust 9%"  # 9 of 103 (8.7 %)
    assert seen.basis == "From 5 cards seen (4 of earlier rounds)."
    assert drive(state.act(state.odds.reshuffled)) is None
    fresh = state.odds.words(ann)
    assert fresh is not None and fresh.bust == "Bust 10%"  # 11 of 107
    assert fresh.basis == "From 1 card seen in this round."


def test_a_purist_table_shows_no_odds_and_refuses_the_switch() -> None:
    state = new_state(["Ann", "Bob"])
    ann, _bob = ids(state)
    assert drive(state.act(state.odds.set_on, True)) is None
    tap(state, ann, "5")
    assert state.odds.words(ann) is not None
    assert drive(state.act(state.table.set_purist, True)) is None
    assert not state.odds.on and state.odds.words(ann) is None
    drive(state.act(state.odds.set_on, False))
    refused = drive(state.act(state.odds.set_on, True))
    assert refused is not None and "purist" in refused
    assert state.odds.words(ann) is None


def test_no_odds_while_a_past_round_is_edited() -> None:
    state = new_state(["Ann", "Bob"])
    ann, bob = ids(state)
    assert drive(state.act(state.odds.set_on, True)) is None
    tap(state, ann, "5")
    tap(state, bob, "6")
    assert drive(state.act(state.entry.save)) is None
    assert drive(state.act(state.fixes.edit_round, 0)) is None
    assert state.odds.words(ann) is None


def test_undo_of_a_mis_tap_takes_the_last_card_back() -> None:
    state = new_state(["Ann", "Bob"])
    ann, _bob = ids(state)
    tap(state, ann, "5 9")
    assert state.entry.draft is not None
    assert (
        drive(
            state.act(
                state.entry.remove_card, ann, len(state.entry.draft.line(ann)) - 1
            )
        )
        is None
    )
    assert state.entry.draft.line(ann) == ["5"]


def test_the_odds_in_italian_and_hungarian() -> None:
    from companion.i18n import use

    state = new_state(["Ann", "Bob"])
    ann, _bob = ids(state)
    assert drive(state.act(state.odds.set_on, True)) is None
    tap(state, ann, "12")
    with use("it"):
        it = state.odds.words(ann)
    with use("hu"):
        hu = state.odds.words(ann)
    assert it is not None and hu is not None
    assert it.bust is not None and it.bust.startswith("Eliminazione 10")
    assert it.basis == "Da 1 carta vista in questo round."
    assert "Prossima carta" in it.advice
    assert hu.bust is not None and hu.bust.startswith("Bedőlés 10")
    assert "Következő lap" in hu.advice


def test_a_digital_round_between_keeps_the_odds_and_the_paper_deck() -> None:
    """A round dealt digitally in the middle (cards missing for once): the
    switch stays on, the reshuffle mark stays, and the digital round's
    cards, dealt from the app's own deck, are not on the table's pile."""
    state = new_state(["Ann", "Bob"])
    ann, bob = ids(state)
    assert drive(state.act(state.odds.set_on, True)) is None
    tap(state, ann, "12 11")
    tap(state, bob, "12 10")
    assert drive(state.act(state.entry.save)) is None  # round 1, real cards
    assert (
        drive(state.act(state.odds.reshuffled)) is None
    )  # the pile went back in the deck
    tap(state, ann, "9")
    tap(state, bob, "8")
    assert drive(state.act(state.entry.save)) is None  # round 2, real cards
    assert drive(state.act(state.table.start)) is None  # round 3, on the screen
    while state.table.round is not None and not state.table.round.over:
        assert drive(state.act(state.table.play, state.table.round.legal()[-1])) is None
    assert state.sheet is not None and len(state.sheet.rounds) == 3
    assert state.odds.on  # it stays on: the game remembers it
    tap(state, ann, "12")
    odds = state.odds.words(ann)
    assert odds is not None
    assert odds.basis == "From 3 cards seen (2 of earlier rounds)."  # 9, 8


def test_with_odds_on_a_duplicate_busts_the_line_at_once() -> None:
    """Tapping cards as they are flipped, a second 12 is a bust: the entry
    says so itself (it needed Busted switched by hand); a Lucky 13 pair is
    not a bust. Without the odds the entry only names the problem."""
    state = new_state(["Ann", "Bob"])
    ann, bob = ids(state)
    tap(state, ann, "12 12")
    assert state.entry.draft is not None and ann not in state.entry.draft.busted
    assert drive(state.act(state.odds.set_on, True)) is None
    tap(state, bob, "13 13L 12")
    assert bob not in state.entry.draft.busted
    tap(state, bob, "12")
    assert bob in state.entry.draft.busted
    odds = state.odds.words(bob)
    assert odds is not None and odds.advice == "Bob busted: no more cards this round."
    assert (
        drive(state.act(state.entry.remove_card, bob, 3)) is None
    )  # a mis-tap after all: Undo
    assert bob not in state.entry.draft.busted
