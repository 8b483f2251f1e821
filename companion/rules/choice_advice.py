"""Advice for every decision that is not hit or stay: whom to give Flip
Four, Just One More or a modifier, which card to steal, swap or discard,
and Brutal's +15 or −15 (R20).

Each option is played out, everyone then playing on as the advisor's
play-outs do, and each play-out ends in the deciding player's chance of
winning the game (:func:`.advisor.game_chance`: the win-chance model, or
near the end of the game the next round played out for real), so a −15 on
the leader, a Flip Four on a risky line or a steal from the player closest
to the target is weighed by what it does to the game, not to one line.

Play-outs are spent where they decide (issue 38):

- **Common random numbers.** The k-th play-out of every option is dealt
  from the same shuffle of the unseen cards and played with the same
  random stream, so two options are compared play-out by play-out (paired
  differences) and the luck of the deal cancels out of the gap.
- **Racing.** Every option gets :data:`MIN_CULL` play-outs; then, after
  each batch of :data:`BATCH` more for the options still in the race, an
  option whose paired gap to the leader is more than :func:`clear_z`
  standard errors behind is dropped (:data:`.advisor.CLEAR_Z`, 3, shared
  out over the comparisons when there are more than two options). A race
  about to end before the leader has :data:`MIN_CLEAR` play-outs keeps its
  closest rival in until then. The budget goes to the leaders; the
  race ends when one option is left, when the options left are known to be
  within a point of win chance of the leader (:data:`.advice.EVEN`: more
  play-outs could not change what the advice says, "either is fine"), when
  the budget is spent, or when the caller's time is up. When the budget
  left cannot give every option in the race another batch, only the best
  half (at least two) go on (successive halving).
- **Budget.** A count, :data:`BUDGET` play-outs per decision (the same
  advice on every machine for the same position: seeded by the position),
  and a time check (``stop``) a caller adds where Python is slow (the phone
  app, ``companion/app/thinking.py``).

A Steal, Swap or Discard with more than :data:`SHORTLIST` options (a swap
can have a hundred) plays out only the most promising by the computer
players' quick estimate (:func:`.tactics.score_card_actions`). The advice is
figures, no words: ``companion/app/advice_words.py`` says it in the reader's
language, with the words of the decision's buttons.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from statistics import NormalDist

from .advice import CLEAR, CLOSE, MUST, SAME, SPENT, even
from .advisor import (
    CLEAR_Z,
    NOISE_Z,
    PLAYOUT_OTHERS,
    game_chance,
    mean_se,
    position_seed,
    twin_round,
)
from .bots import Bot, WinBot
from .decision import DISCARD, STEAL, SWAP, TURN, Decision
from .lean import play_out
from .round import Round
from .tactics import score_card_actions

# Play-outs per decision, shared by its options: two options get up to 480
# each, as many as a hit or stay near the end of the game
# (:data:`.advisor.ENDGAME_SAMPLES`).
BUDGET = 960
MIN_EACH = 24  # every option, unless a time budget stops the race first
# Play-outs every option has before a time budget may stop the race: a swap's
# 12 options times 24 would take the phone's whole 0.35 s and more.
TIMED_FLOOR = 8
BATCH = 24  # play-outs added to each option still in the race, per step
# Play-outs every option has before any is dropped or the race is called
# even. Why not 24: a gap in win chance is mostly 0 with a few large values
# (the play-outs where the choice turns the game), so after 24 its standard
# error is often underestimated; on 300 decisions, 2 of 57 "clear" calls
# made on the first 24 flipped under another seed.
MIN_CULL = 48
# Play-outs the suggestion has before the race may end on a clear lead: a
# race whose first cull left one option keeps the closest rival in until
# then. Why: a lead of three standard errors over 48 play-outs was reversed
# by 432 play-outs of another seed (bench_choices agree, seed 38, #37): over
# few play-outs the rare ones where the choice turns the game make the
# standard error itself unsure.
MIN_CLEAR = 96
SHORTLIST = 12


@dataclass(frozen=True, slots=True)
class ChoiceAdvice:
    """``chances``: the options played out with the deciding player's mean
    chance of winning the game after each, the suggestion first, then the
    others best first (ties in the round's order); ``counts``: how many
    play-outs each of them had (those dropped from the race had fewer);
    ``samples``: play-outs of the suggestion; ``of``: how many options there
    were (more than were played out when a long list was shortened);
    ``gap``: the suggestion's lead over the option it is least separated
    from (:meth:`_Race.rival`; the one known within a point when the
    advice is even), paired over their common play-outs; ``margin``:
    half-width of that gap's 95 % interval;
    ``close``: the gap is within noise (verdict CLOSE); ``verdict``: CLEAR,
    SPENT, CLOSE, SAME or MUST (a lone option) as for hit or stay
    (:mod:`.advice`); ``timed``: the caller's time budget ended the race;
    ``spent``: play-outs in all."""

    player: int
    kind: Decision
    chances: tuple[tuple[str, float], ...]
    samples: int
    margin: float
    close: bool
    of: int = 0
    counts: tuple[int, ...] = ()
    gap: float = 0.0
    verdict: str = ""
    timed: bool = False
    spent: int = 0

    @property
    def suggestion(self) -> str:
        return self.chances[0][0]

    @property
    def even(self) -> bool:
        """Close, and known to be: the whole interval of the gap is within
        :data:`.advice.EVEN` (only then may the words say "either is fine")."""
        return self.close and even(self.gap, self.margin)

    def kind_of_verdict(self) -> str:
        return self.verdict or (CLOSE if self.close else CLEAR)


def shortlist(rnd: Round, p: int, legal: list[str]) -> list[str]:
    """The options worth playing out: all, or for a long Steal, Swap or
    Discard the :data:`SHORTLIST` most promising."""
    pend = rnd.pending
    assert pend is not None
    if len(legal) <= SHORTLIST or pend.kind not in (STEAL, SWAP, DISCARD):
        return legal
    scored = score_card_actions(rnd, p, legal)
    scored.sort(key=lambda so: -so[0])  # stable: ties in the round's order
    ranked = [opt for _, opt in scored]
    known = set(ranked)
    ranked += [opt for opt in legal if opt not in known]  # minor swaps
    return ranked[:SHORTLIST]


def clear_z(options: int) -> float:
    """How many standard errors a lead must pass over *each* other option
    to be clear among ``options``: :data:`.advisor.CLEAR_Z` for two, and
    for more the same one-sided error (0.135 %) shared among the
    ``options - 1`` comparisons (Bonferroni). Why: the suggestion is
    clear only when it beats every other option, and with twelve options
    at 3 standard errors each, one of eleven comparisons is wrong ten
    times as often as one is (issue 38: seeds disagreed on "clear" calls
    among several targets)."""
    if options <= 2:
        return CLEAR_Z
    normal = NormalDist()
    return -normal.inv_cdf(normal.cdf(-CLEAR_Z) / (options - 1))


class _Race:
    """The play-outs of one decision: option i's k-th play-out is on deck k."""

    def __init__(
        self, rnd: Round, p: int, options: list[str], bots: list[Bot], seed: int
    ) -> None:
        self.rnd, self.p, self.options, self.bots = rnd, p, options, bots
        self.rng = random.Random(seed)
        self.decks: list[int] = []
        self.wins: list[list[float]] = [[] for _ in options]
        self.alive = list(range(len(options)))
        self.spent = 0
        self.z = clear_z(len(options))

    def play(self, i: int) -> None:
        k = len(self.wins[i])
        if k == len(self.decks):
            self.decks.append(self.rng.getrandbits(64))
        twin = twin_round(self.rnd, random.Random(self.decks[k]))
        twin.play(self.options[i])
        stream = random.Random(self.decks[k])  # the same for every option
        play_out(twin, self.bots, stream)
        self.wins[i].append(game_chance(twin, self.p, self.bots, stream))
        self.spent += 1

    def mean(self, i: int) -> float:
        w = self.wins[i]
        return sum(w) / len(w)

    def gap(self, lead: int, j: int) -> tuple[float, float]:
        """``lead``'s mean lead over ``j`` and its standard error, paired
        over their common play-outs."""
        a, b = self.wins[lead], self.wins[j]
        n = min(len(a), len(b))
        return mean_se([x - y for x, y in zip(a[:n], b[:n], strict=True)])

    def separation(self, lead: int, j: int) -> float:
        """``lead``'s paired lead over ``j`` in standard errors (infinite
        when every play-out shows the same lead)."""
        gap, se = self.gap(lead, j)
        if se > 0:
            return gap / se
        return math.copysign(math.inf, gap) if gap else 0.0

    def leader(self) -> int:
        return max(self.alive, key=self.mean)  # ties: the round's order

    def rival(self, lead: int) -> int:
        """The option ``lead`` is least separated from (in the race or
        dropped): what decides whether the lead is clear."""
        others = [j for j in range(len(self.options)) if j != lead]
        return min(others, key=lambda j: (self.separation(lead, j), self.gap(lead, j)))

    def cull(self) -> None:
        """Drop the options clearly behind the leader; when every option
        left gave the leader's chance in every play-out, the race is over.
        A race that would end before the leader has :data:`MIN_CLEAR`
        play-outs keeps its closest rival in until then."""
        lead = self.leader()
        gaps = {j: self.gap(lead, j) for j in self.alive if j != lead}
        if all(se == 0 and g == 0 for g, se in gaps.values()):
            self.alive = [lead]  # nothing tells them apart: SAME
            return
        self.alive = [
            j for j in self.alive if j == lead or gaps[j][0] <= self.z * gaps[j][1]
        ]
        rest = [gaps[j] for j in self.alive if j != lead]
        if rest and all(even(g, NOISE_Z * se) for g, se in rest):
            self.alive = [lead]  # the rest known to be within a point: EVEN
            return
        if len(self.alive) == 1 and len(self.wins[lead]) < MIN_CLEAR:
            self.alive = [lead, self.rival(lead)]  # clear only on MIN_CLEAR


def advise_choice(
    rnd: Round,
    seed: int = 0,
    bot: Bot | None = None,
    budget: int = BUDGET,
    min_each: int = MIN_EACH,
    stop: Callable[[], bool] | None = None,
) -> ChoiceAdvice:
    """Advice for ``rnd.pending.player`` at a decision other than a turn's
    hit or stay (a lone option is played out too, verdict MUST: the figure
    of what it leads to). ``budget``: play-outs for the
    whole decision (every option gets ``min_each`` whatever it says);
    ``stop``: a time budget, asked after each layer of play-outs (one more
    for every option in the race) once every option has
    :data:`TIMED_FLOOR`; True ends the race there (the advice says on how
    many play-outs it rests)."""
    pend = rnd.pending
    if pend is None or pend.kind is TURN:
        raise ValueError("choice advice is for a decision other than hit or stay")
    legal = rnd.legal()
    p = pend.player
    options = shortlist(rnd, p, legal)
    bots: list[Bot] = [bot or PLAYOUT_OTHERS] * rnd.players
    if bot is None:
        bots[p] = WinBot()
    race = _Race(rnd, p, options, bots, position_seed(rnd, p, seed))
    goal, timed = max(min_each, 1), False
    goal0 = goal  # every option's first play-outs, whatever the budget
    while not timed:
        # Layer by layer (the k-th play-out of every option in the race, then
        # the next): a time budget then stops between layers, every option
        # on the same play-outs. The order changes no figure: play-out k is
        # dealt from deck k whatever was played before it.
        for k in range(min(len(race.wins[i]) for i in race.alive), goal):
            for i in race.alive:
                if len(race.wins[i]) == k and (race.spent < budget or k < goal0):
                    race.play(i)  # a rival back in the race catches up
            if stop is not None and k + 1 >= TIMED_FLOOR and stop():
                goal, timed = k + 1, True
                break
        if goal >= MIN_CULL:
            race.cull()
        room = budget - race.spent
        if timed or len(race.alive) == 1 or room <= 0:
            break
        if room < BATCH * len(race.alive) and len(race.alive) > 2:
            keep = max(2, len(race.alive) // 2)  # successive halving
            race.alive = sorted(race.alive, key=race.mean, reverse=True)[:keep]
        top = max(len(race.wins[i]) for i in race.alive)
        behind = sum(top - len(race.wins[i]) for i in race.alive)
        step = min(BATCH, max(0, room - behind) // len(race.alive))
        if step == 0 and behind == 0:
            break  # not a play-out each left
        goal = top + step
    return _advice(race, pend.kind, len(legal), timed)


def _judge(race: _Race, lead: int) -> tuple[str, float, float]:
    """The verdict on ``lead`` and the gap and standard error it rests on.

    Against the option it is least separated from (:meth:`_Race.rival`):
    CLEAR past :func:`clear_z` standard errors (it beats every other
    option), SPENT past :data:`.advisor.NOISE_Z`, CLOSE within noise, SAME
    when that option gave the lead's chance in every play-out. Except when
    some option is known to be within a point of the lead
    (:func:`.advice.even`) and every option the lead is not clear of is:
    then CLOSE on the widest of those, "either is fine" (said as the lead it
    is when outside noise). Why: below a point a lead is nothing a
    player can bet on, and there its standard error misleads most (issue
    38: a modifier led by 0.02 points, "clear" on 96 play-outs in which
    every gap was a hair; another seed's rare play-out where the other
    target was better by more reversed it)."""
    if len(race.options) == 1:
        return MUST, 0.0, 0.0
    rival = race.rival(lead)
    gap, se = race.gap(lead, rival)
    if se == 0 and gap == 0:
        return SAME, gap, se
    others = [j for j in range(len(race.options)) if j != lead]
    near = {j: race.gap(lead, j) for j in others}
    evens = [j for j, (g, e) in near.items() if even(g, NOISE_Z * e)]
    unclear = [j for j in others if race.separation(lead, j) <= race.z]
    if evens and set(unclear) <= set(evens):
        widest = max(evens, key=lambda j: abs(near[j][0]) + NOISE_Z * near[j][1])
        return CLOSE, *near[widest]
    if gap > race.z * se:
        return CLEAR, gap, se
    return (SPENT if gap > NOISE_Z * se else CLOSE), gap, se


def _advice(race: _Race, kind: Decision, of: int, timed: bool) -> ChoiceAdvice:
    lead = race.leader()
    verdict, gap, se = _judge(race, lead)
    rest = sorted(
        (i for i in range(len(race.options)) if i != lead),
        key=lambda i: -race.mean(i),  # stable: ties in the round's order
    )
    order = [lead, *rest]
    return ChoiceAdvice(
        player=race.p,
        kind=kind,
        chances=tuple((race.options[i], race.mean(i)) for i in order),
        samples=len(race.wins[lead]),
        margin=NOISE_Z * se,
        close=verdict == CLOSE,
        of=of,
        counts=tuple(len(race.wins[i]) for i in order),
        gap=gap,
        verdict=verdict,
        timed=timed,
        spent=race.spent,
    )
