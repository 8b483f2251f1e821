"""The scoring pipeline of RULES.md sections 6 and 7, step by step.

``score_line`` returns every intermediate figure, not only the total, so the
app can print the chain ``48 → ÷2 24 → −4 20 → +15 = 35`` and the table can
check the maths.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from .cards import MINUS_VALUES, NUMBER_VALUES, Card, card
from .config import FLIP7_BONUS, FLIP7_CARDS, Rules
from .lines import is_flip7

BRUTAL_ATTACK: Final = 15


@dataclass(frozen=True, slots=True)
class LineScore:
    """One line's score with the steps that led to it."""

    sum: int
    halves: int  # how many ÷2 cards halved the sum (R18)
    halved: int
    minus: int  # total of the −N cards, as a positive number
    after_minus: int
    floored: bool  # standard rules lifted a negative result to 0
    zero_applied: bool  # The Zero without Flip 7 made the line 0
    flip7: bool
    bonus: int  # +15 for Flip 7, 0 otherwise (or when sent as −15, R20)
    attacked: bool  # Brutal: another player's Flip 7 gave this line −15
    busted: bool
    total: int


# A busted line under standard rules (R19 aside, Brutal scores it on).
BUSTED_SCORE: Final = LineScore(0, 0, 0, 0, 0, False, False, False, 0, False, True, 0)


def score_line(
    cards: Iterable[Card | str],
    *,
    busted: bool = False,
    take_bonus: bool = True,
    rules: Rules = Rules(),
    attacked: bool = False,
) -> LineScore:
    """Score one line.

    ``busted``: standard rules score 0; Brutal scores from a base of 0 with
    the −N cards the line received after busting (R19), so number cards in a
    busted line are ignored. ``take_bonus=False``: a Brutal Flip 7 player who
    sent −15 to someone else (R20). ``attacked``: Brutal, this player received
    that −15; it is written on their round score after the pipeline.
    """
    if attacked and not rules.brutal:
        raise ValueError("only Brutal mode has the −15 attack (R20)")
    line = [card(c) for c in cards]
    if busted and not rules.brutal:
        return BUSTED_SCORE
    codes = [c.code for c in line]  # lookups by code: this runs in simulations
    halves = codes.count("/2")
    minus = sum([MINUS_VALUES[x] for x in codes if x in MINUS_VALUES])
    # Flip 7 needs seven number cards: shorter lines skip the count.
    flip7 = not busted and len(codes) >= FLIP7_CARDS and is_flip7(line, rules)
    base = 0 if busted else sum([NUMBER_VALUES[x] for x in codes if x in NUMBER_VALUES])
    halved = base
    for _ in range(halves):
        halved //= 2
    after_minus = halved - minus
    floored = after_minus < 0 and not rules.brutal
    score = 0 if floored else after_minus
    # The Zero without Flip 7 makes the line 0, never negative (section 7).
    zero_applied = not busted and not flip7 and "0" in codes
    if zero_applied:
        score = 0
    bonus = FLIP7_BONUS if flip7 and take_bonus else 0
    total = score + bonus - (BRUTAL_ATTACK if attacked else 0)
    return LineScore(
        sum=base,
        halves=halves,
        halved=halved,
        minus=minus,
        after_minus=after_minus,
        floored=floored,
        zero_applied=zero_applied,
        flip7=flip7,
        bonus=bonus,
        attacked=attacked,
        busted=busted,
        total=total,
    )


# The best line of all: the highest numbers with the Lucky 13 pair, a Flip 7
# with no card taken off (one more number when the pair counts one card, R8).
_BEST_LINE: Final = ("13", "13L", "12", "11", "10", "9", "8")


def score_bounds(rules: Rules) -> tuple[int, int]:
    """The lowest and the highest round score one player can make under
    ``rules``: a typed score outside them is a slip of the finger. Lowest:
    0, or in Brutal a busted line holding every −N card of the decks and
    hit by a Flip 7's −15 (R19, R20)."""
    best = _BEST_LINE if rules.lucky_pair_counts_two else (*_BEST_LINE, "7")
    high = score_line(best, rules=rules).total
    if not rules.brutal:
        return 0, high
    every_minus = sum(MINUS_VALUES.values()) * rules.decks
    return -every_minus - BRUTAL_ATTACK, high
