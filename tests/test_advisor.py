"""Advice at a player's turn: exact odds from the unseen cards, Monte-Carlo
suggestion."""

from __future__ import annotations

from fractions import Fraction

import pytest
from round_helpers import stacked

from companion.rules import advise
from companion.rules.outlook import unseen


def test_exact_odds_from_the_unseen_cards() -> None:
    # Ann holds 9; left in the deck: 9, 9, 4, JOM -> bust 2/4.
    rnd = stacked("9 1 2 9 9 4 JOM")
    advice = advise(rnd, samples=10, seed=1)
    assert advice.player == 1
    assert advice.bust == Fraction(2, 4)
    assert advice.flip7 == 0
    assert advice.stay == 9
    # 9, 9 bust (0); 4 -> 13; Just One More counted as no change (9).
    assert advice.hit == Fraction(0 + 0 + 13 + 9, 4)
    assert advice.suggestion in ("hit", "stay")
    assert "Bust 50%" in advice.text()


def test_unseen_is_the_deck_contents_not_its_order() -> None:
    rnd = stacked("9 1 2 12 4 JOM")
    assert [c.code for c in unseen(rnd)] == sorted(["12", "4", "JOM"])


def test_flip7_chance_when_one_card_away() -> None:
    deck = "1 2 3 4 5 6 7 8 9 9"
    rnd = stacked(deck, "hit", "stay", "stay", "hit", "hit", "hit", "hit")
    # Ann: 1 4 5 6 7 8; left 9 and 9: both make Flip 7.
    advice = advise(rnd, samples=5, seed=0)
    assert advice.flip7 == 1 and advice.bust == 0
    assert advice.suggestion == "hit"
    assert advice.hit == 1 + 4 + 5 + 6 + 7 + 8 + 9 + 15


def test_certain_bust_suggests_stay() -> None:
    rnd = stacked("12 1 2 12 12 12")
    advice = advise(rnd, samples=20, seed=3)
    assert advice.bust == 1
    assert advice.suggestion == "stay"
    assert advice.sim_stay > advice.sim_hit


def test_zero_holder_must_hit() -> None:
    advice = advise(stacked("0 1 2 5"))
    assert advice.must_hit and advice.suggestion == "hit" and advice.samples == 0
    assert "must hit" in advice.text()


def test_advice_is_repeatable_with_a_seed_and_leaves_the_round_alone() -> None:
    rnd = stacked("5 1 2 " + " ".join(str(n) for n in range(3, 13)))
    before = rnd.state()
    assert advise(rnd, seed=7) == advise(rnd, seed=7)
    assert rnd.state() == before


def test_advice_only_at_a_turn() -> None:
    rnd = stacked("5 8 5 STEAL", "hit")
    with pytest.raises(ValueError):
        advise(rnd)
