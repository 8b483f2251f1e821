"""Card codes, parsing and the deck composition (RULES.md section 1)."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.rules import (
    ALL_CODES,
    Card,
    CardParseError,
    Kind,
    full_deck,
    parse_cards,
)


def test_every_code_round_trips() -> None:
    for code in ALL_CODES:
        assert Card.parse(code).code == code
        assert str(Card.parse(code)) == code
    assert len(ALL_CODES) == 27


def test_parse_is_case_insensitive_and_accepts_unicode() -> None:
    assert [c.code for c in parse_cards("13l 7u jom f4 steal Swap dIsCaRd")] == [
        "13L",
        "7U",
        "JOM",
        "F4",
        "STEAL",
        "SWAP",
        "DISCARD",
    ]
    assert [c.code for c in parse_cards("÷2 −4 /2 -10")] == ["/2", "-4", "/2", "-10"]
    assert [c.code for c in parse_cards("3, 11,5")] == ["3", "11", "5"]
    assert parse_cards("") == []


@pytest.mark.parametrize("bad", ["14", "7X", "-3", "x", "÷3", "1.5", "-0", "JOMM"])
def test_bad_token_is_a_value_error_naming_it(bad: str) -> None:
    with pytest.raises(ValueError, match=repr(bad).replace("\\", "\\\\")) as info:
        parse_cards(f"3 {bad} 5")
    assert isinstance(info.value, CardParseError)
    assert info.value.token == bad


def test_direct_construction_validates() -> None:
    with pytest.raises(ValueError):
        Card("14")


def test_card_kinds_and_values() -> None:
    assert Card.parse("0").kind is Kind.NUMBER and Card.parse("0").value == 0
    assert Card.parse("7U").value == 7 and Card.parse("13L").value == 13
    assert Card.parse("/2").kind is Kind.MODIFIER and Card.parse("/2").is_halve
    assert Card.parse("-10").minus == 10 and Card.parse("-10").is_modifier
    assert Card.parse("F4").kind is Kind.ACTION and Card.parse("F4").is_action
    with pytest.raises(ValueError):
        _ = Card.parse("F4").value
    assert Card.parse("-4").name == "−4" and Card.parse("/2").name == "÷2"


def test_one_deck_is_108_cards() -> None:
    deck = full_deck(1)
    counts = Counter(c.code for c in deck)
    assert len(deck) == 108
    assert sum(n for code, n in counts.items() if Card.parse(code).is_number) == 92
    assert sum(n for code, n in counts.items() if Card.parse(code).is_modifier) == 6
    assert sum(n for code, n in counts.items() if Card.parse(code).is_action) == 10
    assert counts["0"] == 1 and counts["12"] == 12 and counts["1"] == 1
    assert counts["7"] + counts["7U"] == 7
    assert counts["13"] + counts["13L"] == 13


def test_two_decks_double_every_count() -> None:
    one = Counter(c.code for c in full_deck(1))
    two = Counter(c.code for c in full_deck(2))
    assert len(full_deck(2)) == 216
    assert all(two[code] == 2 * n for code, n in one.items())
    with pytest.raises(ValueError):
        full_deck(3)


def test_one_interned_card_per_code_everywhere() -> None:
    """Card.parse, full_deck and a dealt round all hand out the objects of
    the one table ``cards.CARDS`` (the engine caches lines by identity)."""
    import random

    from companion.rules import Round
    from companion.rules.cards import CARDS, NUMBER_VALUES

    assert set(CARDS) == set(ALL_CODES)
    assert all(Card.parse(code.lower()) is CARDS[code] for code in ALL_CODES)
    assert all(c is CARDS[c.code] for c in full_deck(2))
    rnd = Round.start(players=4, seed=3, discard=["7", "F4"])
    rng = random.Random(3)
    while not rnd.over:
        rnd.play(rng.choice(rnd.legal()))
    deck, pile = rnd.leftovers()
    assert all(c is CARDS[c.code] for c in deck + pile)
    assert {c.code: c.value for c in CARDS.values() if c.is_number} == NUMBER_VALUES
