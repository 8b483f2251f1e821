"""Exact bust and Flip 7 chances checked by brute force (issue 13's tests).

For small positions (a line and the cards not yet seen), every ordering of
the unseen cards is dealt as a stacked deck to a one-player round that
builds the line and hits once; the engine itself says whether that hit
busted the line or made Flip 7. Counting over all orderings gives the exact
chance, which must equal :func:`companion.rules.bust_chance` and
:func:`companion.rules.flip7_chance` as fractions.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest

from companion.rules import Round, Rules, bust_chance, flip7_chance, parse_cards

# (line, unseen): number cards and modifiers in the line (no decision but
# the hit is needed to build it), any cards unseen.
POSITIONS = [
    ("5", "5 5 6 F4"),
    ("3 8", "3 8 8 7U -4"),
    ("12 11 10", "12 1 2 JOM /2"),
    ("7U", "7 7U 1 13"),
    ("13", "13L 13 13 4"),
    ("13L", "13 13 2"),
    ("13 13L", "13 1 STEAL 9"),
    ("1 2 3 4 5", "6 6 1 0 SWAP"),
    ("1 2 3 4 5 6", "7 1 7U 9 DISCARD"),
    ("0 2 4 6 8 10", "1 2 3 0 -10"),
    ("9 10 11 12 13 13L", "1 13 F4 -2"),
    ("2 -6 4 /2 6 8", "3 2 9 4 JOM"),
]
VARIANTS = [Rules(), Rules(lucky_pair_counts_two=False), Rules(brutal=True)]


def _hit_once(rules: Rules, line: list[str], order: tuple[str, ...]) -> Round:
    """A one-player round dealt ``line`` (first card dealt, the rest hit),
    then one more hit from the top of ``order``."""
    rnd = Round.start(players=1, rules=rules, deck=[*line, *order], seed=1)
    for _ in range(len(line)):
        pend = rnd.pending
        assert pend is not None
        if pend.kind == "modifier":  # the only player takes it
            rnd.play("target 0")
            pend = rnd.pending
            assert pend is not None
        if len(rnd.cards(0)) == len(line):
            break
        rnd.play("hit")
    assert rnd.line(0) == line
    assert rnd.pending is not None and rnd.pending.kind == "turn"
    rnd.play("hit")
    return rnd


def brute_force(rules: Rules, line: str, unseen: str) -> tuple[Fraction, Fraction]:
    """Bust and Flip 7 chances of the next card over every ordering of the
    unseen cards, each ordering equally likely."""
    held = [c.code for c in parse_cards(line)]
    pool = [c.code for c in parse_cards(unseen)]
    orders = busts = flip7s = 0
    for order in permutations(pool):
        rnd = _hit_once(rules, held, order)
        log = rnd.state()["log"]
        drew = max(i for i, e in enumerate(log) if e[0] == "drew")
        assert log[drew][2] == order[0]
        after = log[drew + 1 :]
        orders += 1
        # the drawn card itself busted the line (not a card an action drew)
        busts += any(e == ("busted", 0, order[0]) for e in after[:1])
        flip7s += bool(after[:1]) and after[0] == ("flip7", 0)
    return Fraction(busts, orders), Fraction(flip7s, orders)


@pytest.mark.parametrize("rules", VARIANTS, ids=["standard", "pair-one", "brutal"])
@pytest.mark.parametrize(("line", "unseen"), POSITIONS)
def test_odds_match_every_ordering(rules: Rules, line: str, unseen: str) -> None:
    bust, flip7 = brute_force(rules, line, unseen)
    assert bust_chance(parse_cards(line), parse_cards(unseen), rules) == bust
    assert flip7_chance(parse_cards(line), parse_cards(unseen), rules) == flip7


def test_brute_force_sees_both_events() -> None:
    """The positions exercise a bust, a Flip 7, a Lucky pair and a partial
    chance, so agreement is not agreement on zeros."""
    figures = [brute_force(Rules(), line, unseen) for line, unseen in POSITIONS]
    assert any(0 < b < 1 for b, _ in figures)
    assert any(0 < f < 1 for _, f in figures)
    assert brute_force(Rules(), "13", "13L 13 13 4") == (Fraction(2, 4), 0)
    assert brute_force(Rules(), "1 2 3 4 5 6", "7 1 7U 9 DISCARD")[1] == Fraction(2, 5)
