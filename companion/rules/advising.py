"""One entry for the advice at every decision of a round (issue 38): hit
or stay (:func:`.advisor.advise_turn`, an :class:`.advice.Advice`), and
every other decision, a target, a steal, a swap, a discard, a modifier,
Brutal's ±15 (:func:`.choice_advice.advise_choice`, a
:class:`.choice_advice.ChoiceAdvice`).

Both answers have the same shape where a caller compares them: ``player``,
``suggestion``, ``chances`` (each option and the chance to win the game
after it, the suggestion first), ``samples`` (play-outs of the
suggestion), ``gap`` and ``margin`` (the suggestion's lead over the
runner-up and the half-width of its 95 % interval), ``verdict`` (CLEAR,
SPENT, CLOSE, SAME, MUST; hit or stay also CERTAIN and BUSTS), ``close``,
``even`` (close and known to be: "either is fine") and ``timed`` (the
caller's time ran out first). Why two classes and not one: a hit or stay
carries exact next-card odds and the totals' certain calls that no other
decision has, and the app shows them.

The budget is the same idea for both: a count of play-outs (``budget``,
the same advice for the same position on every machine) and an optional
time check (``stop``) where Python is slow.
"""

from __future__ import annotations

from collections.abc import Callable

from .advice import Advice
from .advisor import DEFAULT_SAMPLES, advise_turn
from .bots import Bot
from .choice_advice import BUDGET, ChoiceAdvice, advise_choice
from .decision import TURN
from .round import Round

AnyAdvice = Advice | ChoiceAdvice


def advise(
    rnd: Round,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    bot: Bot | None = None,
    max_samples: int | None = None,
    stop: Callable[[], bool] | None = None,
    budget: int | None = None,
) -> AnyAdvice:
    """The advice for ``rnd.pending.player``, whatever ``rnd.pending`` asks.

    ``budget``: play-outs for the decision (a hit or stay plays both options
    on each shuffle, so it makes ``budget // 2`` paired samples at most;
    None: the advisor's own caps, :data:`.advisor.MAX_SAMPLES` /
    :data:`.advisor.ENDGAME_SAMPLES` or :data:`.choice_advice.BUDGET`).
    ``samples`` and ``max_samples`` are the hit-or-stay advisor's first batch
    and cap (kept for its callers); ``stop`` a time budget, asked between
    play-outs once a minimum is made; ``seed`` is mixed with the position
    (0 for the app: the same advice on every phone)."""
    pend = rnd.pending
    if pend is None:
        raise ValueError("the round is over: there is no decision to advise")
    if pend.kind is TURN:
        if budget is not None:
            cap = max(1, budget // 2)
            max_samples = cap if max_samples is None else min(max_samples, cap)
            samples = min(samples, max_samples)
        return advise_turn(rnd, samples, seed, bot, max_samples, stop)
    return advise_choice(
        rnd, seed=seed, bot=bot, budget=BUDGET if budget is None else budget, stop=stop
    )
