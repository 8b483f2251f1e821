"""validate_round: impossible tapped-in rounds, each with a code and a message
that names the player and the card."""

from __future__ import annotations

import pytest

from companion.rules import Rules, parse_cards, validate_round


def codes(
    lines: list[str], busted: list[bool] | None = None, **kw: object
) -> list[str]:
    parsed = [parse_cards(line) for line in lines]
    flags = busted or [False] * len(lines)
    return [p.code for p in validate_round(parsed, flags, **kw)]  # type: ignore[arg-type]


def test_possible_round_has_no_problem() -> None:
    assert codes(["3 11 5 7 10 8 4 /2 -4", "12 13 13L", "0 4 9 12", ""]) == []


def test_duplicate_in_live_line_names_player_and_card() -> None:
    problems = validate_round(
        [parse_cards("5 9 5"), parse_cards("1")], [False, False], names=["Ann", "Bob"]
    )
    assert [(p.code, p.player, p.card) for p in problems] == [("duplicate", 0, "5")]
    assert "Ann" in problems[0].message and "5" in problems[0].message


def test_duplicate_in_busted_line_is_fine() -> None:
    assert codes(["5 9 5"], [True]) == []


def test_r8_lucky_pair_allowed_third_13_refused() -> None:
    assert codes(["13 13L"]) == []
    assert codes(["13 13"]) == ["duplicate"]
    problems = validate_round([parse_cards("13 13L 13")], [False])
    assert [p.code for p in problems] == ["third_13"]
    assert "third 13" in problems[0].message


def test_seven_beside_unlucky_seven() -> None:
    problems = validate_round([parse_cards("7U 7")], [False], names=["Cy"])
    assert [(p.code, p.card) for p in problems] == [("seven_with_unlucky", "7")]
    assert "Cy" in problems[0].message


def test_more_than_seven_number_cards() -> None:
    assert codes(["1 2 3 4 5 6 8 9"]) == ["too_many_numbers"]
    # with the R8 option the Lucky pair counts once, so 8 cards are possible
    option = Rules(lucky_pair_counts_two=False)
    assert codes(["13 13L 1 2 3 4 5 6"], rules=option) == []
    assert codes(["13 13L 1 2 3 4 5 6"]) == ["too_many_numbers"]


def test_too_many_copies_across_the_table() -> None:
    problems = validate_round(
        [parse_cards("1"), parse_cards("1 5")], [False, False], names=["Ann", "Bob"]
    )
    assert [(p.code, p.card) for p in problems] == [("too_many_copies", "1")]
    assert "Ann" in problems[0].message and "Bob" in problems[0].message
    assert codes(["-10", "-10"], [False, True]) == ["too_many_copies"]
    assert codes(["-10", "-10"], rules=Rules(decks=2)) == []


def test_more_than_one_flip7() -> None:
    problems = validate_round(
        [parse_cards("1 2 3 4 5 6 7"), parse_cards("0 8 9 10 11 12 13")],
        [False, False],
        names=["Ann", "Bob"],
    )
    assert [p.code for p in problems] == ["two_flip7"]
    assert "Ann" in problems[0].message and "Bob" in problems[0].message


def test_action_cards_never_stay_in_a_line() -> None:
    assert codes(["3 F4"]) == ["action_in_line"]


def test_lines_and_flags_must_match() -> None:
    with pytest.raises(ValueError):
        validate_round([parse_cards("1")], [False, True])
