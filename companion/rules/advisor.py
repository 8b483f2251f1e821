"""Advice for the player about to hit or stay, from what they can know.

Exact figures come from the unseen cards (:mod:`.outlook`): the chance that
the next card busts, the chance it makes Flip 7, the round score of staying
now and the expected score after one more card. The hit/stay suggestion
comes from quick Monte-Carlo play-outs of the rest of the round: the unseen
cards are shuffled (the real deck order stays hidden), the player hits or
stays, and everybody then plays on as a stop-at-value bot. Each sample uses
the same shuffle for both options, so the comparison is fair; the rng is
seeded, so the advice is repeatable.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from .bots import Bot, StopBot
from .odds import bust_chance, flip7_chance
from .outlook import hit_value, stay_value, unseen
from .round import Round

DEFAULT_SAMPLES = 80


@dataclass(frozen=True, slots=True)
class Advice:
    """``stay``/``hit``: exact expected round score of staying now and of
    hitting exactly once; ``sim_stay``/``sim_hit``: mean final round score
    over the play-outs; ``suggestion``: "hit" or "stay"."""

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

    def text(self) -> str:
        if self.must_hit:
            return "You hold The Zero: you must hit."
        return (
            f"Bust {float(self.bust):.0%}, Flip 7 {float(self.flip7):.0%}. "
            f"Stay: {float(self.stay):.1f} points; one more card: "
            f"{float(self.hit):.1f} on average. Suggestion: {self.suggestion}."
        )


def _play_out(rnd: Round, bot: Bot, rng: random.Random) -> None:
    while (pend := rnd.pending) is not None:
        rnd.play(bot.choose(rnd, pend.player, rng))


def advise(
    rnd: Round,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    bot: Bot | None = None,
) -> Advice:
    """Advice for ``rnd.pending.player`` at their turn."""
    pend = rnd.pending
    if pend is None or pend.kind != "turn":
        raise ValueError("advice is for a player's turn (hit or stay)")
    p = pend.player
    pool = unseen(rnd)
    line = rnd.cards(p)
    must = pend.options == ("hit",)
    stay_now = Fraction(stay_value(rnd, p))
    hit_once = hit_value(rnd, p, pool)
    play_bot = bot or StopBot()
    rng = random.Random(seed)
    totals = {"hit": 0, "stay": 0}
    n = 0 if must else samples
    for _ in range(n):
        deck_seed = rng.getrandbits(64)
        for choice in ("hit", "stay"):
            twin = rnd.fork(random.Random(deck_seed))
            twin.play(choice)
            _play_out(twin, play_bot, random.Random(deck_seed))
            totals[choice] += twin.scores()[p]
    sim_hit = totals["hit"] / n if n else float(hit_once)
    sim_stay = totals["stay"] / n if n else float(stay_now)
    return Advice(
        player=p,
        bust=bust_chance(line, pool, rnd.rules),
        flip7=flip7_chance(line, pool, rnd.rules),
        stay=stay_now,
        hit=hit_once,
        sim_stay=sim_stay,
        sim_hit=sim_hit,
        samples=n,
        must_hit=must,
        suggestion="hit" if must or sim_hit > sim_stay else "stay",
    )
