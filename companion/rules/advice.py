"""The hit/stay advice as a value (:class:`Advice`): the figures the
suggestion rests on and how the sampling ended (:attr:`Advice.verdict`), no
words. Why: each phone at a live table reads its own language, so the
sentence is made where a session shows it
(``companion/app/advice_words.py``), English included. Made by
:func:`.advisor.advise`."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

# What the advice rests on (Advice.verdict).
CERTAIN: Final = "certain"  # the totals settle it: no play-out can change the outcome
CLEAR: Final = "clear"  # the gap is clear (CLEAR_Z standard errors)
SPENT: Final = "spent"  # the gap is outside noise but not clear when the budget ran out
CLOSE: Final = "close"  # within noise after every play-out the budget allows
SAME: Final = "same"  # the same chance in every play-out: the round's points decide
BUSTS: Final = "busts"  # within noise, but hitting busts for sure: stay
MUST: Final = "must"  # The Zero: hitting is the only option
ALMOST: Final = 0.05  # a chance under this (or over 1 - this) is "almost certain"
WINS: Final = "wins"  # an option all but sure to win the game (Advice.almost)
LOSES: Final = "loses"  # ... all but sure to lose it
# Two options are "either is fine" only when the whole 95 % interval of the
# gap between them lies within this many points of win chance (one point).
# Why one: a choice worth under a point of win chance costs less than one
# game in a hundred, below what a table notices over an evening; and it is
# a bar the budget can reach (a paired gap's standard error after 480
# play-outs is typically 0.3-1 point), so "either is fine" is said where it
# is true and known, never of an interval of ±5 points around a real gap.
EVEN: Final = 0.01


def even(gap: float, margin: float) -> bool:
    """The gap's whole interval (``gap`` ± ``margin``) is within :data:`EVEN`."""
    return abs(gap) + margin <= EVEN


@dataclass(frozen=True, slots=True)
class Advice:
    """``stay``/``hit``: exact expected round score of staying now and of
    hitting exactly once (kept for callers; not what the suggestion rests
    on); ``sim_stay``/``sim_hit``: mean final round score over the
    play-outs; ``win_stay``/``win_hit``: mean chance of winning the game
    over the same play-outs, what the suggestion compares; ``margin``:
    half-width of the 95 % interval of their difference; ``close``: the
    options are within noise; ``suggestion``: "hit" or "stay", the better
    of the two chances (of the two point figures when the chances are
    equal)."""

    player: int
    bust: Fraction
    flip7: Fraction
    stay: Fraction
    hit: Fraction
    sim_stay: float
    sim_hit: float
    samples: int
    must_hit: bool
    suggestion: str
    margin: float = 0.0
    close: bool = False
    # CERTAIN (the game's totals settle it, no play-outs): the total the
    # player would bank by staying, and when staying loses, the best total
    # of a finished opponent (0 otherwise).
    bank: int = 0
    rival: int = 0
    win_stay: float = 0.0
    win_hit: float = 0.0
    verdict: str = ""  # CERTAIN, CLEAR, SPENT, CLOSE, SAME, BUSTS or MUST
    # Options whose outcome the play-outs make all but sure: (option, WINS
    # or LOSES), said with the figure as "almost certainly".
    almost: tuple[tuple[str, str], ...] = ()
    # The caller's time budget (``stop``) ended the sampling, not the
    # number of play-outs: the words must not say "after all n play-outs".
    timed: bool = False

    def figures(self) -> tuple[str, str]:
        """The hit and stay chances to win, in per cent as shown, with
        enough decimals that they never look equal (or reversed) when one
        is ahead."""
        hit, stay = 100 * self.win_hit, 100 * self.win_stay
        for places in (0, 1, 2, 3):
            h, s = f"{hit:.{places}f}", f"{stay:.{places}f}"
            if (float(h) > float(s)) == (hit > stay) and h != s:
                return h, s
        return h, s

    @property
    def gap(self) -> float:
        """The suggestion's lead in chance to win over the other option."""
        return abs(self.win_hit - self.win_stay)

    @property
    def even(self) -> bool:
        """Close, and known to be (:data:`EVEN`): "either is fine"."""
        return self.kind() == CLOSE and even(self.gap, self.margin)

    @property
    def chances(self) -> tuple[tuple[str, float], ...]:
        """The two options and their chances to win, the suggestion first:
        the same shape as :attr:`.choice_advice.ChoiceAdvice.chances`."""
        pair = (("hit", self.win_hit), ("stay", self.win_stay))
        return pair if pair[0][0] == self.suggestion else pair[::-1]

    def kind(self) -> str:
        """:attr:`verdict`, or for an advice made without one, "close" or
        "clear" by :attr:`close`."""
        return self.verdict or (CLOSE if self.close else CLEAR)
