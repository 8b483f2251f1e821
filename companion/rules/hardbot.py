"""The "hard" computer player: plays each hit or stay for the chance of
winning the game.

At a free hit-or-stay it weighs staying now against hitting and then
choosing again (two cards deep) by the chance of winning the game
(:mod:`.winchance`) that each round score would give, against what the
others will likely end the round with: a finished player's score as it
stands; a player still in, who stays once worth 27 (the medium bot's mark,
the common case), either that or a bust, with the rough bust chance of the
draws it needs (:func:`.tactics.bust_risk`). Cards drawn from the unseen
pool are weighed by their counts; an action or modifier drawn counts as no
change. So it takes risks when behind or when a finished player beats what
it would bank, and banks early when ahead. Targets, steals, swaps, discards
and Brutal's ±15 use the shared tactics (:mod:`.tactics`). The totals'
sure calls (:func:`.outlook.game_call`) come first.

Cheap enough for the tournament: a decision is a few hundred lookups.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from itertools import product

from .cards import CARDS, NUMBER_VALUES, Card
from .choice import HIT, STAY
from .config import Rules
from .lines import is_flip7, would_bust
from .outlook import game_call, unseen
from .round import Round
from .scoring import score_line
from .status import ACTIVE
from .tactics import AVG_GAIN, bust_risk, not_hit_or_stay, value
from .winchance import chance_after_round

MARK = 27  # what the others are taken to stay at (medium, the best fixed mark)
LANDING = 3  # a player hitting to the mark lands about this far past it
DEPTH = 2  # cards looked ahead


@dataclass(frozen=True, slots=True)
class HardBot:
    name: str = "hard"
    depth: int = DEPTH

    def choose(self, rnd: Round, player: int, rng: random.Random) -> str:
        forced = not_hit_or_stay(rnd, player, rng)
        if forced is not None:
            return forced
        call = game_call(rnd, player)
        if call is not None:
            return call[0]
        return _Plan(rnd, player).choose(self.depth)


class _Plan:
    """One decision's look ahead: the chance to win for each round score
    the player may end with (memoised), and the unseen cards' counts."""

    def __init__(self, rnd: Round, me: int) -> None:
        self.rnd, self.me, self.rules = rnd, me, rnd.rules
        self.others = others = [q for q in rnd.seats if q != me]
        self.outcomes = list(
            product(*[_their_end(rnd, q) for q in others])
        )  # each a tuple of (round score, chance) per other
        self.memo: dict[int, float] = {}
        self.pool = Counter(c.code for c in unseen(rnd))
        self.size = sum(self.pool.values())
        self.scores: dict[tuple[str, ...], tuple[int, bool]] = {}

    def win(self, mine: int) -> float:
        """The chance to win the game if the round ends with ``mine``."""
        got = self.memo.get(mine)
        if got is not None:
            return got
        scores = [0] * self.rnd.players
        scores[self.me] = mine
        total = 0.0
        for outcome in self.outcomes:
            chance = 1.0
            for (score, p), q in zip(outcome, self.others, strict=True):
                chance *= p
                scores[q] = score
            total += chance * chance_after_round(self.rnd, scores, self.me)
        self.memo[mine] = total
        return total

    def score(self, codes: tuple[str, ...]) -> tuple[int, bool]:
        """A line's round score and whether it is a Flip 7 (memoised)."""
        got = self.scores.get(codes)
        if got is None:
            cards = [CARDS[c] for c in codes]
            got = (
                score_line(cards, rules=self.rules).total,
                is_flip7(cards, self.rules),
            )
            self.scores[codes] = got
        return got

    def choose(self, depth: int) -> str:
        line = tuple(self.rnd.codes(self.me))
        stay = self.win(self.score(line)[0])
        return HIT if self.hit(line, depth) > stay else STAY

    def hit(self, line: tuple[str, ...], depth: int) -> float:
        """The chance to win when drawing one more card from ``line`` and
        then doing the better of staying and (``depth`` permitting) hitting."""
        if not self.size:
            return self.win(self.score(line)[0])
        held = [CARDS[c] for c in line]
        total = 0.0
        for code, n in self.pool.items():
            card = CARDS[code]
            if code not in NUMBER_VALUES:
                after = self.win(self.score(line)[0])  # counted as no change
            elif would_bust(held, card):
                brutal = self.rules.brutal
                after = self.win(_minus(held, self.rules) if brutal else 0)
            else:
                new = (code,) if code == "7U" else (*line, code)
                points, flip7 = self.score(new)
                after = self.win(points)
                if not flip7 and depth > 1:
                    after = max(after, self.hit(new, depth - 1))
            total += n * after
        return total / self.size


def _minus(held: list[Card], rules: Rules) -> int:
    """A busted line's score in Brutal: its −N cards still count."""
    return score_line(held, busted=True, rules=rules).total


def _their_end(rnd: Round, q: int) -> list[tuple[int, float]]:
    """How another player's round may end: as it stands if their round is
    over; else, below the mark, a bust or landing past it."""
    now = value(rnd, q)
    if rnd.status(q) is not ACTIVE or now >= MARK:
        return [(now, 1.0)]
    numbers = sum(1 for c in rnd.codes(q) if c in NUMBER_VALUES)
    risk = bust_risk(numbers, math.ceil((MARK - now) / AVG_GAIN))
    return [(0, risk), (MARK + LANDING, 1 - risk)]
