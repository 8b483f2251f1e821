"""The end of a game: the target, the winner, and tie-break rounds (R21)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .config import Rules


@dataclass(frozen=True, slots=True)
class EndCheck:
    over: bool
    winners: tuple[int, ...] = ()
    tie_break: tuple[int, ...] = ()  # the tied leaders who must play on

    @property
    def tiebreak(self) -> tuple[int, ...]:
        """DESIGN.md's contract name for :attr:`tie_break` (kept for it)."""
        return self.tie_break


NOT_OVER: Final = EndCheck(False)  # the usual answer, made once (EndCheck is frozen)


def check_end(totals: Sequence[int], rules: Rules = Rules()) -> EndCheck:
    """Check the totals after a round.

    Over when someone has reached the target and one player alone has the
    highest total. Tied leaders at or above the target play tie-break rounds
    among themselves (``tie_break``), or share the win when the table chose
    that option (``winners`` then holds them all). The check reads only the
    totals, so it also ends a tie-break: call it after each tie-break round.
    """
    if not totals:
        return NOT_OVER
    best = max(totals)
    if best < rules.target:
        return NOT_OVER
    leaders = tuple(i for i, t in enumerate(totals) if t == best)
    if len(leaders) == 1 or not rules.tie_break:
        return EndCheck(True, winners=leaders)
    return EndCheck(False, tie_break=leaders)
