"""The hit/stay advice as a value (:class:`Advice`): the figures the
suggestion rests on, how the sampling ended (:attr:`Advice.verdict`), and
its English words (the app words it itself, in the reader's language:
``companion/app/advice_words.py``). Made by :func:`.advisor.advise`."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from .choice import HIT

# What the advice rests on (Advice.verdict).
CERTAIN: Final = "certain"  # the totals settle it: no play-out can change the outcome
CLEAR: Final = "clear"  # the gap is clear (CLEAR_Z standard errors)
SPENT: Final = "spent"  # the gap is outside noise but not clear when the budget ran out
CLOSE: Final = "close"  # within noise after every play-out the budget allows
SAME: Final = "same"  # the same chance in every play-out: the round's points decide
BUSTS: Final = "busts"  # within noise, but hitting busts for sure: stay
MUST: Final = "must"  # The Zero: hitting is the only option
ALMOST: Final = 0.05  # a chance under this (or over 1 - this) is "almost certain"


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
    reason: str = ""  # the game's totals settle it (no play-outs needed)
    win_stay: float = 0.0
    win_hit: float = 0.0
    verdict: str = ""  # CERTAIN, CLEAR, SPENT, CLOSE, SAME, BUSTS or MUST
    # Options whose outcome the play-outs make all but sure: (option,
    # "wins" or "loses"), said with the figure as "almost certainly".
    almost: tuple[tuple[str, str], ...] = ()

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

    def text(self) -> str:
        """English, for tests and the simulator (the app words it itself,
        ``companion/app/advice_words.py``, sentence for sentence)."""
        if self.must_hit:
            return "You hold The Zero: you must hit."
        h, s = self.figures()
        odds = (
            f"Next card: bust {float(self.bust):.0%}, Flip 7 {float(self.flip7):.0%}."
        )
        if self.reason:
            reason = self.reason[0].upper() + self.reason[1:]
            return f"{reason}. Suggestion: {self.suggestion}. {odds}"
        basis = (
            f"Chance to win the game, over {self.samples} play-outs: "
            f"hit {h}%, stay {s}%."
        )
        parts = [basis, *self.almost_text()]
        kind = self.kind()
        if kind == CLOSE:
            parts.append(
                f"Too close to call after all {self.samples} play-outs (within "
                f"±{100 * self.margin:.1f}%): either is fine; {self.suggestion} "
                "is a shade better."
            )
        elif kind == SPENT:
            parts.append(
                f"Suggestion: {self.suggestion} (ahead, but not yet clear after "
                f"all {self.samples} play-outs)."
            )
        elif kind == SAME:
            parts.append(
                "The chance to win was the same either way in every play-out, so "
                f"this round's points decide (hit {self.sim_hit:.1f}, stay "
                f"{self.sim_stay:.1f} on average). Suggestion: {self.suggestion}."
            )
        elif kind == BUSTS:
            parts.append(
                "Hitting busts for sure, and the chance to win is no better for "
                f"it. Suggestion: {self.suggestion}."
            )
        else:
            parts.append(f"Suggestion: {self.suggestion}.")
        return " ".join([*parts, odds])

    def kind(self) -> str:
        """:attr:`verdict`, or for an advice made without one, "close" or
        "clear" by :attr:`close`."""
        return self.verdict or (CLOSE if self.close else CLEAR)

    def almost_text(self) -> list[str]:
        """ "Staying almost certainly loses the game (1.2% to win)." for
        each option the play-outs make all but sure (:attr:`almost`)."""
        out = []
        for option, word in self.almost:
            name = "Hitting" if option == HIT else "Staying"
            chance = 100 * (self.win_hit if option == HIT else self.win_stay)
            out.append(
                f"{name} almost certainly {word} the game ({chance:.1f}% to win)."
            )
        return out
