"""Facts about one player's line that scoring, validation, odds and the deal
engine all need: what busts it, and how far it is from Flip 7.

Kept in one place so the four never disagree about the Lucky 13 pair (R8) or
the Unlucky 7 (R10).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .cards import NUMBER_VALUES, Card
from .config import FLIP7_CARDS, Rules

LUCKY_PAIR: Final = ("13", "13L")  # the number cards of value 13


def numbers(line: Iterable[Card]) -> list[Card]:
    return [c for c in line if c.is_number]


def would_bust(line: Iterable[Card], new: Card) -> bool:
    """True if ``new`` arriving in ``line`` busts it.

    Only number cards bust. The Unlucky 7 never busts on arrival (R10). A 13
    is safe beside one other 13 when either of the two is the Lucky 13 (R8);
    a third 13 always busts.
    """
    code = new.code  # lookups by code: the deal engine calls this often
    value = NUMBER_VALUES.get(code)
    if value is None or code == "7U":
        return False
    if value == 13:
        thirteens = [c.code for c in line if c.code in LUCKY_PAIR]
        if not thirteens:
            return False
        if len(thirteens) == 1:
            return not (code == "13L" or thirteens[0] == "13L")
        return True
    get = NUMBER_VALUES.get
    return any(get(c.code) == value for c in line)


def flip7_count(line: Iterable[Card], rules: Rules) -> int:
    """Number cards that count toward Flip 7 (the Lucky pair option, R8)."""
    held = numbers(line)
    count = len(held)
    codes = [c.code for c in held]
    if not rules.lucky_pair_counts_two and "13L" in codes and codes.count("13") >= 1:
        count -= 1
    return count


def is_flip7(line: Iterable[Card], rules: Rules) -> bool:
    return flip7_count(line, rules) >= FLIP7_CARDS
