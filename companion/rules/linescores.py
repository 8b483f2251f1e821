"""``score_line``, memoised for the engine's hot path.

A simulation scores the same lines again and again (the stop bot asks for
its line's value, every round ends with a score per player). The memo is
keyed by the identities of the cards, which the engine interns (one
immortal :class:`Card` object per code, ``cards.CARDS``), sorted (a score
does not depend on the order the cards came in), and by the two options
that change a score, not by the Rules object (its hash is slow). A busted
line under standard rules scores 0 whatever it holds: no memo needed.
"""

from __future__ import annotations

from typing import Any, Final

from .cards import Card
from .choice import HIT, STAY
from .config import Rules
from .scoring import BUSTED_SCORE, LineScore, score_line

_SCORES: Final[dict[tuple[Any, ...], LineScore]] = {}
_SCORES_MAX: Final = 1 << 17


def cached_score(
    line: list[Card], busted: bool, bonus: bool, attacked: bool, rules: Rules
) -> LineScore:
    """``score_line(line, busted=…, take_bonus=bonus, attacked=…, rules=…)``.
    ``line`` must hold interned cards (every card of a Table does)."""
    if busted and not (rules.brutal or attacked):
        return BUSTED_SCORE  # what score_line gives, whatever the cards
    key = (
        tuple(sorted(map(id, line))),  # the order of the cards never matters
        busted,
        bonus,
        attacked,
        rules.brutal,
        rules.lucky_pair_counts_two,
    )
    got = _SCORES.get(key)
    if got is None:
        if len(_SCORES) >= _SCORES_MAX:
            _SCORES.clear()
        got = _SCORES[key] = score_line(
            line, busted=busted, take_bonus=bonus, rules=rules, attacked=attacked
        )
    return got


_BELOW_13: Final = (1 << 13) - 1


def stay_or_hit(line: list[Card], values: int, at: int, rules: Rules) -> str:
    """The stop bot's call on a live line whose number sum has reached its
    mark ``at`` and that holds no Zero: stay when the line is worth ``at``.
    ``values``: the line's bit mask of number values (``Table.values``);
    as many of bits 0-12 as cards means only numbers, worth their sum
    (bit 13 is not kept exact: a line with a 13, like any other, is scored
    exactly, which gives the same call)."""
    if (values & _BELOW_13).bit_count() == len(line):
        return STAY
    return STAY if cached_score(line, False, True, False, rules).total >= at else HIT
