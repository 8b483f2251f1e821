"""Advice for every decision that is not hit or stay: whom to give Flip
Four, Just One More or a modifier, which card to steal, swap or discard,
and Brutal's +15 or −15 (R20).

Each option is played out on the same shuffles of the unseen cards (paired,
as in :mod:`.advisor`), everyone then playing on as the advisor's play-outs
do; each play-out's totals become the deciding player's chance of winning
the game (:func:`.winchance.win_chances`), so a −15 on the leader, a Flip
Four on a risky line or a steal from the player closest to the target is
weighed by what it does to the game, not to one line. The play-outs are
shared out so that the advice stays within the advisor's time:
:data:`BUDGET` play-outs, at least :data:`MIN_EACH` per option. A Steal,
Swap or Discard with more than :data:`SHORTLIST` options (a swap can have a
hundred) plays out only the most promising by the computer players' quick
estimate (:func:`.tactics.score_card_actions`). Seeded from the position,
so the same position gets the same advice. The advice is figures, no words:
``companion/app/advice_words.py`` says it in the reader's language, with the
words of the decision's buttons.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from .advisor import NOISE_Z, PLAYOUT_OTHERS, mean_se, position_seed, twin_round
from .bots import Bot, WinBot, play_out
from .decision import DISCARD, STEAL, SWAP, TURN, Decision
from .round import Round
from .tactics import score_card_actions
from .winchance import chance_after_round

BUDGET = 320  # play-outs per decision, shared by its options
MIN_EACH = 16
MAX_EACH = 64
SHORTLIST = 12


@dataclass(frozen=True, slots=True)
class ChoiceAdvice:
    """``chances``: every option with the deciding player's mean chance of
    winning the game after it, best first (ties in the round's order);
    ``samples``: play-outs per option; ``of``: how many options there were
    (more than were played out when a long list was shortened);
    ``margin``: half-width of the 95 % interval of the gap between the best
    two; ``close``: that gap is within noise."""

    player: int
    kind: Decision
    chances: tuple[tuple[str, float], ...]
    samples: int
    margin: float
    close: bool
    of: int = 0

    @property
    def suggestion(self) -> str:
        return self.chances[0][0]


def advise_choice(
    rnd: Round,
    seed: int = 0,
    bot: Bot | None = None,
    budget: int = BUDGET,
    min_each: int = MIN_EACH,
    stop: Callable[[], bool] | None = None,
) -> ChoiceAdvice:
    """Advice for ``rnd.pending.player`` at a decision other than a turn's
    hit or stay, with at least two options. ``stop``: a time budget, asked
    after each round of play-outs once ``min_each`` are made; True ends
    them there (the advice says how many each option had)."""
    pend = rnd.pending
    if pend is None or pend.kind is TURN:
        raise ValueError("choice advice is for a decision other than hit or stay")
    legal = options = rnd.legal()
    if len(options) < 2:
        raise ValueError("there is nothing to choose")
    p = pend.player
    if len(options) > SHORTLIST and pend.kind in (STEAL, SWAP, DISCARD):
        scored = score_card_actions(rnd, p, options)
        scored.sort(key=lambda so: -so[0])  # stable: ties in the round's order
        ranked = [opt for _, opt in scored]
        known = set(ranked)
        ranked += [opt for opt in legal if opt not in known]  # minor swaps
        options = ranked[:SHORTLIST]
    bots: list[Bot] = [bot or PLAYOUT_OTHERS] * rnd.players
    if bot is None:
        bots[p] = WinBot()
    each = max(min_each, min(MAX_EACH, budget // len(options)))
    rng = random.Random(position_seed(rnd, p, seed))
    wins: list[list[float]] = [[] for _ in options]
    for made in range(each):
        if stop is not None and made >= min_each and stop():
            each = made
            break
        deck_seed = rng.getrandbits(64)
        for i, option in enumerate(options):
            twin = twin_round(rnd, random.Random(deck_seed))
            twin.play(option)
            play_out(twin, bots, random.Random(deck_seed))
            wins[i].append(chance_after_round(rnd, twin.scores(), p))
    means = [sum(w) / each for w in wins]
    order = sorted(range(len(options)), key=lambda i: -means[i])  # stable
    best, second = order[0], order[1]
    gap, se = mean_se([a - b for a, b in zip(wins[best], wins[second], strict=True)])
    return ChoiceAdvice(
        player=p,
        kind=pend.kind,
        chances=tuple((options[i], means[i]) for i in order),
        samples=each,
        margin=NOISE_Z * se,
        close=gap <= NOISE_Z * se,
        of=len(legal),
    )
