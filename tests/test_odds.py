"""bust_chance and flip7_chance: exact fractions from the unseen cards."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from companion.rules import (
    ALL_CODES,
    Card,
    bust_chance,
    flip7_chance,
    full_deck,
    parse_cards,
)


def test_simple_bust_chance() -> None:
    assert bust_chance(parse_cards("5"), parse_cards("5 5 6 F4")) == Fraction(1, 2)


def test_actions_and_modifiers_are_safe() -> None:
    assert bust_chance(parse_cards("5"), parse_cards("F4 -10 /2 JOM")) == 0


def test_unlucky_seven_never_busts_but_ordinary_seven_does() -> None:
    assert bust_chance(parse_cards("7"), parse_cards("7U")) == 0
    assert bust_chance(parse_cards("7U"), parse_cards("7 7U 1")) == Fraction(1, 3)


def test_lucky_13_pair_rule() -> None:
    assert bust_chance(parse_cards("13L"), parse_cards("13 13")) == 0
    assert bust_chance(parse_cards("13"), parse_cards("13L 13")) == Fraction(1, 2)
    assert bust_chance(parse_cards("13 13L"), parse_cards("13 1")) == Fraction(1, 2)


def test_empty_unseen_is_zero() -> None:
    assert bust_chance(parse_cards("5"), []) == 0


def test_full_deck_first_hit_on_a_twelve() -> None:
    deck = full_deck()
    deck.remove(Card.parse("12"))
    assert bust_chance(parse_cards("12"), deck) == Fraction(11, 107)


def test_flip7_chance() -> None:
    line = parse_cards("1 2 3 4 5 6")
    assert flip7_chance(line, parse_cards("6 8 F4 7U")) == Fraction(1, 4)


def _busts_by_counting(line: list[Card], nxt: Card) -> bool:
    """Independent statement of the rule, written out case by case."""
    if not nxt.is_number or nxt.code == "7U":
        return False
    values = [c.value for c in line if c.is_number]
    if nxt.value != 13:
        return nxt.value in values
    thirteens = [c.code for c in line if c.is_number and c.value == 13]
    lucky = "13L" in thirteens or nxt.code == "13L"
    return len(thirteens) >= (2 if lucky else 1)


codes = st.sampled_from(list(ALL_CODES))


@given(st.lists(codes, max_size=8), st.lists(codes, max_size=40))
def test_bust_chance_equals_counting(line: list[str], unseen: list[str]) -> None:
    held = parse_cards(line)
    pool = parse_cards(unseen)
    expected = (
        Fraction(sum(_busts_by_counting(held, c) for c in pool), len(pool))
        if pool
        else Fraction(0)
    )
    assert bust_chance(held, pool) == expected
