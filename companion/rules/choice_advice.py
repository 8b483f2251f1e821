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
- **Racing.** Every option gets :data:`MIN_CULL` play-outs; then the
  race looks at its figures (:func:`planned_looks`: again each time the
  leader's count doubles, the last when the budget is spent): an option
  whose paired gap to the leader is more than :func:`clear_z` standard
  errors behind is dropped (:data:`.advisor.CLEAR_Z`, 3, shared out over
  the comparisons and over the looks the race plans, Bonferroni, so a lead
  that crosses it at some look is as rare as a single look's 3 standard
  errors say). A race about to end before the leader has
  :data:`MIN_CLEAR` play-outs keeps its closest rival in until then. The
  budget goes to the leaders; the race ends when one option is left, when
  the options left are known to be within a point of win chance of the
  leader (:data:`.advice.EVEN`, on a 95 % interval over the looks,
  :func:`noise_z`, never narrower than the rule of three near a chance of
  0 or 1: "either is fine"), when the budget is spent, or when the
  caller's time is up. The last play-outs, and any the budget cannot give
  every option in the race up to the next look, go to the two leaders
  only: a lean between them is what a spent race can still sharpen.
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

from .advice import ALMOST, CLEAR, CLOSE, MUST, SAME, SPENT, even
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
# Play-outs every option has before a time budget may stop the race: a
# figure and a spread for each. Why so few: the time budget is the promise
# (0.35 s a decision in the phone app), and where play-outs are slow a floor
# is what breaks it: with 8 each, a modifier whose play-outs played the next
# round took 2.2 s on a loaded phone app (issue 38). Where play-outs are
# fast the time allows far more than the floor anyway.
TIMED_FLOOR = 2
# Play-outs every option has before any is dropped or the race is called
# even (the race's first look; the next come each time the count doubles).
# Why not 24: a gap in win chance is mostly 0 with a few large values
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
    ``spent``: play-outs in all; ``level``: an option known to be within a
    point of the suggestion (:func:`.advice.even`) while the verdict is on
    another it is not clear of ("" otherwise): the two are as good as each
    other, and the words say so."""

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
    level: str = ""

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


def planned_looks(budget: int) -> int:
    """How many times at most a race on ``budget`` play-outs looks at its
    figures (drops options, or ends on a clear or even call): once every
    option has :data:`MIN_CULL`, then each time the leader's count doubles,
    the last when two options have shared the whole budget (960: at 48, 96,
    192, 384 and 480 play-outs each, 5 looks; 400: 4; under 96: 1). Why
    doubling and not a look every 24 play-outs: the bounds are shared out
    over the looks (:func:`clear_z`), and 5 looks cost far less of the
    bound than 19 would, while an option far behind still leaves at the
    first look."""
    most, n, looks = budget // 2, MIN_CULL, 1
    while n < most:
        n, looks = min(2 * n, most), looks + 1
    return looks


def _shared(z: float, ways: int) -> float:
    """The bound whose one-sided error is ``z``'s shared out ``ways`` ways."""
    if ways <= 1:
        return z
    normal = NormalDist()
    return -normal.inv_cdf(normal.cdf(-z) / ways)


def clear_z(options: int, looks: int = 1) -> float:
    """How many standard errors a lead must pass over *each* other option
    to be clear among ``options`` in a race that looks ``looks`` times:
    :data:`.advisor.CLEAR_Z` for two options and one look, and otherwise
    the same one-sided error (0.135 %) shared among the ``options - 1``
    comparisons and the looks (Bonferroni: 3.46 for two options over 5
    looks, 3.64 for three, 4.06 for twelve).

    Why share over the options: the suggestion is clear only when it beats
    every other option, and with twelve options at 3 standard errors each,
    one of eleven comparisons is wrong ten times as often as one is. Why
    over the looks: a race that looks again and again, stopping the first
    time a lead crosses a bound, crosses a single-look bound by luck far
    more often than the bound says (issue 38: two "clear" calls at 3.46 and
    3.24 standard errors after ten looks or more, bound 3.21, that another
    seed had level). Why Bonferroni and not a group-sequential boundary
    (Pocock, O'Brien-Fleming): those need the looks' correlations and a
    boundary solved per budget and option count; Bonferroni holds whatever
    they are, for any number of looks up to the planned one, including a
    race the caller's time cuts short at a look nobody planned (that look
    replaces a later one). It is conservative by about 0.2 standard errors
    here, and few looks (:func:`planned_looks`) keep that small."""
    return _shared(CLEAR_Z, max(1, options - 1) * max(1, looks))


def noise_z(looks: int = 1) -> float:
    """Standard errors of a 95 % interval that holds over ``looks`` looks
    (:data:`.advisor.NOISE_Z`, 1.96, for one; 2.58 for 5): what "within
    noise", "outside noise" and "known to be within a point" rest on."""
    return _shared(NOISE_Z, looks)


class _Race:
    """The play-outs of one decision: option i's k-th play-out is on deck k."""

    def __init__(
        self,
        rnd: Round,
        p: int,
        options: list[str],
        bots: list[Bot],
        seed: int,
        looks: int = 1,
    ) -> None:
        self.rnd, self.p, self.options, self.bots = rnd, p, options, bots
        self.rng = random.Random(seed)
        self.decks: list[int] = []
        self.wins: list[list[float]] = [[] for _ in options]
        self.alive = list(range(len(options)))
        self.spent = 0
        self.planned, self.looks = looks, 0
        self.z = clear_z(len(options), looks)
        self.noise = noise_z(looks)

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

    def fill(
        self,
        goal: int,
        budget: int,
        first: int,
        stop: Callable[[], bool] | None,
        floor: int,
    ) -> bool:
        """Play every option in the race up to ``goal`` play-outs, the k-th
        of every option before the (k+1)-th (a rival back in the race
        catches up on its own decks), within ``budget`` (``first`` each
        whatever it says). ``stop`` is asked after every play-out once each
        option has ``floor``: True (time is up) ends the race there, at
        most one play-out late. The order changes no figure: play-out k is
        dealt from deck k whatever was played before it."""
        for k in range(min(len(self.wins[i]) for i in self.alive), goal):
            for i in self.alive:
                if len(self.wins[i]) != k or (self.spent >= budget and k >= first):
                    continue
                self.play(i)
                if stop is not None and min(map(len, self.wins)) >= floor and stop():
                    return True
        return False

    def mean(self, i: int) -> float:
        w = self.wins[i]
        return sum(w) / len(w)

    def same(self, lead: int, j: int) -> bool:
        """``j`` gave ``lead``'s chance in every common play-out."""
        a, b = self.wins[lead], self.wins[j]
        return all(x == y for x, y in zip(a, b, strict=False))

    def gap(self, lead: int, j: int) -> tuple[float, float]:
        """``lead``'s mean lead over ``j`` and its standard error, paired
        over their common play-outs. Near a chance of 0 or 1 (either option
        within :data:`.advice.ALMOST`) the standard error is at least what
        puts the rule of three (3 / n) inside the interval: there most
        play-outs change nothing and the few where the choice turns the
        game may not have come up yet (issue 38: 0.3 % against 0.05 % "within
        a point" on 48 play-outs; another seed's 480 showed 1.2 points)."""
        a, b = self.wins[lead], self.wins[j]
        n = min(len(a), len(b))
        gap, se = mean_se([x - y for x, y in zip(a[:n], b[:n], strict=True)])
        edge = (self.mean(lead), self.mean(j))
        if any(c < ALMOST or c > 1 - ALMOST for c in edge):
            se = max(se, 3 / n / self.noise)
        return gap, se

    def separation(self, lead: int, j: int) -> float:
        """``lead``'s paired lead over ``j`` in standard errors (infinite
        when every play-out shows the same lead)."""
        gap, se = self.gap(lead, j)
        if se > 0:
            return gap / se
        return math.copysign(math.inf, gap) if gap else 0.0

    def leader(self) -> int:
        return max(self.alive, key=self.mean)  # ties: the round's order

    def leaders(self, keep: int) -> list[int]:
        """The ``keep`` best options in the race, in the round's order."""
        best = sorted(self.alive, key=self.mean, reverse=True)[:keep]
        return [i for i in self.alive if i in best]

    def rival(self, lead: int) -> int:
        """The option ``lead`` is least separated from (in the race or
        dropped): what decides whether the lead is clear."""
        others = [j for j in range(len(self.options)) if j != lead]
        return min(others, key=lambda j: (self.separation(lead, j), self.gap(lead, j)))

    def cull(self) -> None:
        """A look: drop the options clearly behind the leader; when every
        option left gave the leader's chance in every play-out, or is known
        to be within a point of it, the race is over. A race that would end
        before the leader has :data:`MIN_CLEAR` play-outs keeps its closest
        rival in until then."""
        self.looks += 1
        lead = self.leader()
        if all(self.same(lead, j) for j in self.alive):
            self.alive = [lead]  # nothing tells them apart: SAME
            return
        gaps = {j: self.gap(lead, j) for j in self.alive if j != lead}
        self.alive = [
            j for j in self.alive if j == lead or gaps[j][0] <= self.z * gaps[j][1]
        ]
        rest = [gaps[j] for j in self.alive if j != lead]
        if rest and all(even(g, self.noise * se) for g, se in rest):
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
    ``stop``: a time budget, asked after every play-out once every option
    has :data:`TIMED_FLOOR`; True ends the race there (the advice says on
    how many play-outs it rests)."""
    pend = rnd.pending
    if pend is None or pend.kind is TURN:
        raise ValueError("choice advice is for a decision other than hit or stay")
    legal = rnd.legal()
    p = pend.player
    options = shortlist(rnd, p, legal)
    bots: list[Bot] = [bot or PLAYOUT_OTHERS] * rnd.players
    if bot is None:
        bots[p] = WinBot()
    seeded = position_seed(rnd, p, seed)
    race = _Race(rnd, p, options, bots, seeded, planned_looks(budget))
    goal = first = max(min_each, 1)  # every option's first play-outs
    while not (timed := race.fill(goal, budget, first, stop, TIMED_FLOOR)):
        if goal >= MIN_CULL:
            race.cull()
        room = budget - race.spent
        if len(race.alive) == 1 or room <= 0 or race.looks >= race.planned:
            break
        top = max(len(race.wins[i]) for i in race.alive)
        behind = sum(top - len(race.wins[i]) for i in race.alive)
        last = race.looks >= race.planned - 1 or room <= top * len(race.alive) + behind
        if last and len(race.alive) > 2:
            race.alive = race.leaders(2)  # the last play-outs: the two leaders
            behind = sum(top - len(race.wins[i]) for i in race.alive)
        step = max(0, room - behind) // len(race.alive)
        if not last:
            step = min(step, top)  # the next look when the count doubles
        if step == 0 and behind == 0:
            break  # not a play-out each left
        goal = top + step
    return _advice(race, pend.kind, len(legal), timed)


def _judge(race: _Race, lead: int) -> tuple[str, float, float, int | None]:
    """The verdict on ``lead``, the gap and standard error it rests on, and
    the option known to be level with it when the verdict is on another.

    Against the option it is least separated from (:meth:`_Race.rival`):
    CLEAR past :func:`clear_z` standard errors (it beats every other option,
    on bounds that hold over the race's looks), SPENT past :func:`noise_z`
    (a lean: the words say more play-outs could reverse it), CLOSE within
    noise, SAME when that option gave the lead's chance in every play-out.
    Except when some option is known to be within a point of the lead
    (:func:`.advice.even`) and every option the lead is not clear of is:
    then CLOSE on the widest of those, "either is fine" (said as the lead it
    is when outside noise); when the least separated option is within a
    point but another the lead is not clear of is not known to be, the
    verdict is on that one, never "either is fine". Why: below a point a
    lead is nothing a player can bet on, and there its standard error
    misleads most (issue 38: a modifier led by 0.02 points, "clear" on 96
    play-outs in which every gap was a hair; another seed's rare play-out
    where the other target was better by more reversed it)."""
    if len(race.options) == 1:
        return MUST, 0.0, 0.0, None
    rival = race.rival(lead)
    gap, se = race.gap(lead, rival)
    if race.same(lead, rival):
        return SAME, 0.0, 0.0, None
    others = [j for j in range(len(race.options)) if j != lead]
    near = {j: race.gap(lead, j) for j in others}
    evens = [j for j, (g, e) in near.items() if even(g, race.noise * e)]
    unclear = [j for j in others if race.separation(lead, j) <= race.z]
    if evens and set(unclear) <= set(evens):
        widest = max(evens, key=lambda j: abs(near[j][0]) + race.noise * near[j][1])
        return CLOSE, *near[widest], None
    level = None
    if rival in evens:  # level with it, but not known to be with every option
        level = rival
        wide = [j for j in unclear if j not in evens]
        rival = min(wide, key=lambda j: (race.separation(lead, j), near[j]))
        gap, se = near[rival]
    if gap > race.z * se:
        return CLEAR, gap, se, level
    return (SPENT if gap > race.noise * se else CLOSE), gap, se, level


def _advice(race: _Race, kind: Decision, of: int, timed: bool) -> ChoiceAdvice:
    lead = race.leader()
    verdict, gap, se, level = _judge(race, lead)
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
        margin=race.noise * se,
        close=verdict == CLOSE,
        of=of,
        counts=tuple(len(race.wins[i]) for i in order),
        gap=gap,
        verdict=verdict,
        timed=timed,
        spent=race.spent,
        level="" if level is None else race.options[level],
    )
