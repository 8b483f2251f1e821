"""Odds at the physical table (issue 13, item 6): the chances from the cards
seen (every line of this round, busted ones included, and the earlier
rounds' cards while the deck goes on), checked exactly and by brute force,
and the advisor's hit/stay on the same position."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.rules import Rules, bust_chance, flip7_chance, parse_cards
from companion.rules.advice import CERTAIN
from companion.rules.table_odds import TableRound, table_odds, table_pool


def codes(text: str) -> list[str]:
    return [c.code for c in parse_cards(text)] if text else []


def test_a_lone_twelve_on_a_new_deck() -> None:
    odds = table_odds([["12"]], [False], 0, samples=20)
    assert (odds.bust, odds.flip7) == (Fraction(11, 107), 0)
    assert (odds.unseen, odds.seen) == (107, 1)


def test_every_line_counts_busted_ones_too() -> None:
    # Bob busted on a pair of 12s: only 9 twelves are left among 105 cards.
    odds = table_odds([["12"], ["12", "12"]], [False, True], 0, samples=20)
    assert odds.bust == Fraction(9, 105)
    assert odds.seen == 3


def test_earlier_rounds_are_on_the_discard_pile() -> None:
    earlier = codes("12 12 12 12 12 1")
    odds = table_odds([["12"]], [False], 0, earlier, samples=20)
    assert odds.bust == Fraction(6, 101)
    assert (odds.unseen, odds.seen) == (101, 7)


def test_flip7_chance_counts_what_is_left() -> None:
    # Ann holds 1-6; Bob a 7 and an 8; four 7s went in earlier rounds.
    lines = [codes("1 2 3 4 5 6"), codes("7 8")]
    earlier = codes("7 7 7 7")
    odds = table_odds(lines, [False, False], 0, earlier, samples=20)
    pool = table_pool(lines, earlier)
    assert len(pool) == 108 - 8 - 4
    # completing numbers: 0 (1), 7 (6-1-4=1), 8 (8-1=7), 9..12 (9+10+11+12),
    # 13 (12) and the Lucky 13 (1): 64 of 96
    assert odds.flip7 == Fraction(1 + 1 + 7 + 9 + 10 + 11 + 12 + 12 + 1, 96)
    assert odds.flip7 == Fraction(2, 3)
    assert odds.flip7 == flip7_chance(lines[0], pool)
    # busting: the other copies of 1-6 (0+1+2+3+4+5)
    assert odds.bust == Fraction(15, 96) == bust_chance(lines[0], pool)


def test_more_seen_than_the_deck_holds_means_a_reshuffle() -> None:
    """The table reshuffled without saying so: the earlier rounds are
    ignored rather than counted twice."""
    earlier = codes("1 1")  # the deck holds one 1
    assert len(table_pool([["12"]], earlier)) == 107


def test_a_used_up_deck_gives_the_pile_back() -> None:
    """Every card of the deck went in earlier rounds: the discard pile is
    shuffled into a new deck (R7); only this round's lines stay out."""
    everything = codes_of_deck()
    everything.remove("12")  # the one in Ann's line
    odds = table_odds([["12"]], [False], 0, everything, samples=20)
    assert odds.unseen == 107 and odds.bust == Fraction(11, 107)


def codes_of_deck() -> list[str]:
    from companion.rules import full_deck

    return [c.code for c in full_deck()]


def test_no_advice_without_a_decision() -> None:
    busted = table_odds([["5", "5"], ["3"]], [True, False], 0)
    empty = table_odds([[], ["3"]], [False, False], 0)
    flip7 = table_odds([["3"], codes("1 2 4 5 6 8 9")], [False, False], 0)
    assert busted.advice is None and empty.advice is None and flip7.advice is None


# --- brute force: every card of the pool as the next one -------------------------
POSITIONS = [
    # lines, busted, player, earlier
    (["5", "5 6", "12 12"], [False, False, True], 0, ""),
    (["3 8 -4", "8 9 10 11", "7U"], [False, False, False], 0, "8 8 8 3"),
    (["13", "13L 2", ""], [False, False, False], 0, "13 13 13"),
    (["1 2 3 4 5 6", "0 9", "7 7"], [False, False, True], 0, "9 9 10"),
    (["2 /2 4 6", "1 2 3 4 5 6"], [False, False], 1, "7 7 7 7 7 7"),
]
VARIANTS = [Rules(), Rules(lucky_pair_counts_two=False), Rules(brutal=True)]


def brute_force(
    rules: Rules, lines: list[list[str]], busted: list[bool], p: int, pile: list[str]
) -> tuple[Fraction, Fraction]:
    """Deal the table position with each unseen card on top of the deck in
    turn (each card is as likely as any other to be next) and let the engine
    say whether the hit busted the player or made Flip 7."""
    pool = table_pool(lines, pile, rules)
    busts = flip7s = 0
    for i, top in enumerate(pool):
        deck = [top, *pool[:i], *pool[i + 1 :]]
        rnd = TableRound.build(rules, lines, busted, p, deck, [], None)
        assert rnd.pending is not None and rnd.pending.player == p
        rnd.play("hit")
        log = rnd.state()["log"]
        assert log[0][:3] == ("drew", p, top.code)
        busts += log[1:2] == [("busted", p, top.code)]
        flip7s += log[1:2] == [("flip7", p)]
    return Fraction(busts, len(pool)), Fraction(flip7s, len(pool))


@pytest.mark.parametrize("rules", VARIANTS, ids=["standard", "pair-one", "brutal"])
@pytest.mark.parametrize(("lines", "busted", "player", "earlier"), POSITIONS)
def test_odds_match_the_engine_card_by_card(
    rules: Rules, lines: list[str], busted: list[bool], player: int, earlier: str
) -> None:
    table = [codes(line) for line in lines]
    odds = table_odds(table, busted, player, codes(earlier), rules, samples=10)
    assert (odds.bust, odds.flip7) == brute_force(
        rules, table, busted, player, codes(earlier)
    )


def test_brute_force_sees_both_events() -> None:
    figures = [
        brute_force(Rules(), [codes(x) for x in lines], b, p, codes(e))
        for lines, b, p, e in POSITIONS
    ]
    assert any(0 < bust < 1 for bust, _ in figures)
    assert any(0 < flip7 < 1 for _, flip7 in figures)


# --- the advisor on the table's position -------------------------------------------
def test_the_position_is_the_table_as_tapped() -> None:
    odds = table_odds(
        [codes("5 9"), codes("12 3"), codes("11 11")], [False] * 2 + [True], 0
    )
    rnd = odds.position
    assert rnd is not None and odds.advice is not None
    assert rnd.line(0) == ["5", "9"] and rnd.line(1) == ["12", "3"]
    assert rnd.face_down(2) == ["11", "11"]
    assert [rnd.status(i) for i in range(3)] == ["active", "active", "busted"]
    assert rnd.pending is not None and rnd.pending.player == 0
    assert rnd.pending.kind == "turn"
    with pytest.raises(ValueError):
        rnd.to_json()


def test_the_advice_rests_on_the_figures_it_shows_and_is_stable() -> None:
    lines = [codes("5 9 12 1"), codes("12 3"), codes("8")]
    first = table_odds(lines, [False] * 3, 0, codes("2 3 4"), totals=[10, 20, 30])
    again = table_odds(lines, [False] * 3, 0, codes("2 3 4"), totals=[10, 20, 30])
    advice = first.advice
    assert advice is not None and advice == again.advice
    assert advice.suggestion == ("hit" if advice.win_hit > advice.win_stay else "stay")
    assert advice.bust == first.bust and advice.flip7 == first.flip7


def test_a_certain_bust_says_stay() -> None:
    """Every card but the other 12s went in earlier rounds: the next card
    busts Ann for sure, and the advisor says stay."""
    earlier = [c for c in codes_of_deck() if c != "12"]
    odds = table_odds([codes("12")], [False], 0, earlier, samples=40)
    assert odds.bust == 1 and odds.unseen == 11
    assert odds.advice is not None and odds.advice.suggestion == "stay"


def test_the_totals_settle_it_when_a_busted_rival_has_won() -> None:
    """Bob is out of the round on 210 of 200: staying on 155 loses the game,
    so the advisor says hit, with that reason (win-aware, from the totals)."""
    odds = table_odds(
        [codes("5"), codes("9 9")], [False, True], 0, totals=[150, 210], samples=10
    )
    assert odds.advice is not None
    assert odds.advice.suggestion == "hit" and odds.advice.verdict == CERTAIN
    assert (odds.advice.bank, odds.advice.rival) == (155, 210)
