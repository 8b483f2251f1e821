"""The "hard" computer player: plays every decision as the advisor advises,
for the chance of winning the game.

Every decision follows :func:`.advising.advise`. Each hit or stay:
paired play-outs of the
rest of the round, each ending in the chance to win the game
(:mod:`.winchance`, and near the end the next round played out for real),
sampled until the gap is clear, the totals' certain calls
(:func:`.outlook.game_call`) first. Every other decision (Flip Four and Just
One More targets, steals, swaps, discards, who gets a modifier, Brutal's
±15) follows :func:`.choice_advice.advise_choice`, which races the options
on the same shuffles and spends its play-outs on the leaders. Seeded by the position as
the app's advice is, so the same position gets the same choice, and a
player who follows the advisor plays as hard does.

Why play-outs and not a look-ahead: the earlier hard bot weighed each hit
two cards deep by the win-chance model against a guess of the others' ends
(a stay at 27, a rough bust chance) and took its targets from the shared
tactics. Over the same 300 heads-up deals against medium it won 56.3 %;
following the advice, 60.3 % (docs/benchmarks.md). The play-outs deal the
others' real lines and weigh each target by what it does to the game. A
decision costs about 10-20 ms with the compiled engine
(companion/machine/native.py), a few times more from the plain sources: nothing
beside a computer player's pause at the table.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from .advising import advise
from .round import Round


@dataclass(frozen=True, slots=True)
class HardBot:
    """``budget``: play-outs per decision (None: the advisor's own caps);
    ``hard:N`` in :mod:`.roster`, to measure what a smaller budget costs."""

    name: str = "hard"
    budget: int | None = None

    def choose(
        self,
        rnd: Round,
        player: int,
        rng: random.Random,
        stop: Callable[[], bool] | None = None,
    ) -> str:
        """``stop``: the caller's time budget (the phone app's, where Python
        is slow: ``companion/app/thinking.py``), asked between play-outs."""
        pend = rnd.pending
        if pend is None:
            raise ValueError("the round is over")
        if len(pend.options) == 1 or len(rnd.legal()) == 1:
            return rnd.legal()[0]  # The Zero's forced hit, a lone target
        return advise(rnd, budget=self.budget, stop=stop).suggestion
