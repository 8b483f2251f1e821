"""The scoring pipeline: every worked example of RULES.md sections 6 and 7,
rulings R8, R18, R19, R20, and properties checked with Hypothesis."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.app.telling import chain
from companion.rules import Card, Rules, parse_cards, score_line
from companion.rules.config import RULE_KEYS

BRUTAL = Rules(brutal=True)


@pytest.mark.parametrize(
    ("line", "total", "flip7"),
    [
        ("3 11 5 7 10 8 4 /2 -4", 35, True),
        ("5 9 -10", 4, False),
        ("1 -10", 0, False),
        ("12 13 13L", 38, False),
        ("0 4 9 12", 0, False),
        ("0 1 2 3 4 5 6", 36, True),
        ("7U", 7, False),  # 5 7 -2 after the Unlucky 7 arrived
        ("", 0, False),
    ],
)
def test_standard_worked_examples(line: str, total: int, flip7: bool) -> None:
    score = score_line(parse_cards(line))
    assert score.total == total
    assert score.flip7 is flip7


def test_first_example_steps_and_chain() -> None:
    s = score_line(parse_cards("3 11 5 7 10 8 4 /2 -4"))
    assert (s.sum, s.halved, s.after_minus, s.bonus) == (48, 24, 20, 15)
    assert chain(s) == "48 → ÷2 24 → −4 20 → Flip 7 +15 = 35"


def test_floor_and_zero_are_reported() -> None:
    floor = score_line(parse_cards("1 -10"))
    assert floor.floored and floor.after_minus == -9
    zero = score_line(parse_cards("0 4 9 12"))
    assert zero.zero_applied and zero.sum == 25 and zero.total == 0


def test_busted_standard_scores_zero() -> None:
    s = score_line(parse_cards("5 5 -2"), busted=True)
    assert s.total == 0 and s.busted and not s.flip7
    assert chain(s) == "Busted = 0"


def test_r8_lucky_pair_counts_two_by_default() -> None:
    line = parse_cards("13 13L 1 2 3 4 5")
    assert score_line(line).flip7
    assert score_line(line).total == 26 + 15 + 15
    option = Rules(lucky_pair_counts_two=False)
    assert not score_line(line, rules=option).flip7
    assert score_line(line, rules=option).total == 41
    assert score_line(parse_cards("13 13L 1 2 3 4 5 6"), rules=option).flip7


def test_r18_each_halve_halves_again_with_two_decks() -> None:
    two = Rules(decks=2)
    s = score_line(parse_cards("12 13 /2 /2"), rules=two)
    assert (s.sum, s.halves, s.halved, s.total) == (25, 2, 6, 6)
    assert chain(s) == "25 → ÷2 12 → ÷2 6 = 6"


def test_brutal_allows_negative() -> None:
    s = score_line(parse_cards("3 -8"), rules=BRUTAL)
    assert s.total == -5 and not s.floored


def test_r19_brutal_busted_base_zero() -> None:
    assert score_line(parse_cards("-10"), busted=True, rules=BRUTAL).total == -10
    assert score_line(parse_cards("/2 -4"), busted=True, rules=BRUTAL).total == -4
    # number cards of a busted line are ignored: the base is 0
    assert score_line(parse_cards("9 9 -2"), busted=True, rules=BRUTAL).total == -2
    assert score_line([], busted=True, rules=BRUTAL).total == 0


def test_brutal_zero_without_flip7_is_zero_not_negative() -> None:
    assert score_line(parse_cards("0 3 -10"), rules=BRUTAL).total == 0


def test_r20_brutal_flip7_choice() -> None:
    line = parse_cards("1 2 3 4 5 6 7")
    assert score_line(line, rules=BRUTAL).total == 43
    sent = score_line(line, take_bonus=False, rules=BRUTAL)
    assert sent.flip7 and sent.bonus == 0 and sent.total == 28
    hit = score_line(parse_cards("10 2"), attacked=True, rules=BRUTAL)
    assert hit.total == -3 and chain(hit).endswith("−15 = −3")
    busted_hit = score_line([], busted=True, attacked=True, rules=BRUTAL)
    assert busted_hit.total == -15
    with pytest.raises(ValueError):
        score_line(line, attacked=True)


number_codes = st.sampled_from(["0", *[str(n) for n in range(1, 14)], "7U", "13L"])
any_card = st.sampled_from(
    [*[str(n) for n in range(14)], "7U", "13L", "/2", "-2", "-4", "-6", "-8", "-10"]
)
minus_card = st.sampled_from(["-2", "-4", "-6", "-8", "-10"])


@given(st.lists(any_card, max_size=12), st.booleans(), st.booleans())
def test_standard_score_never_negative(
    codes: list[str], busted: bool, bonus: bool
) -> None:
    assert score_line(codes, busted=busted, take_bonus=bonus).total >= 0


@given(st.lists(any_card, max_size=12), minus_card, st.booleans(), st.booleans())
def test_adding_a_minus_card_never_raises_a_score(
    codes: list[str], minus: str, busted: bool, brutal: bool
) -> None:
    rules = Rules(brutal=brutal, decks=2)
    before = score_line(codes, busted=busted, rules=rules).total
    after = score_line([*codes, minus], busted=busted, rules=rules).total
    assert after <= before


@given(st.lists(number_codes, min_size=7, max_size=7, unique=True))
def test_seven_distinct_numbers_always_flip7(codes: list[str]) -> None:
    cards = [Card.parse(c) for c in codes]
    values = [c.value for c in cards]
    if len(set(values)) == 7:
        assert score_line(cards).flip7
        assert score_line(cards).total >= 15


def test_rule_keys_name_every_setting_of_rules() -> None:
    """Saved sheets and share codes write the rules by these names."""
    assert tuple(f.name for f in dataclasses.fields(Rules)) == RULE_KEYS
