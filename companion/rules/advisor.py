"""Advice for the player about to hit or stay, from what they can know.

The suggestion plays for the game, not the round. It rests on play-outs of
the rest of the round: the unseen cards are shuffled (the real deck order
stays hidden), the player hits or stays, and everybody then plays on (the
others as stop-at-value bots, the player as the game-aware ``win`` bot).
Each play-out ends with every player's round score; the totals they make
are turned into the player's chance of winning the game
(:func:`.winchance.win_chances`), and the option with the higher mean
chance is suggested. Each sample plays both options on the same shuffle, so
the comparison is paired and fair. Sampling goes on in batches until the
gap between the options is clear (three standard errors) or a cap is
reached; the options are then "within noise" when the gap is under two
standard errors. Equal chances (the game cannot turn on this choice) fall
back to the round's points.

The text shows exactly the figures the suggestion compares, so it never
shows two figures that point the other way; the exact next-card odds (bust,
Flip 7) are shown beside them as facts, not as a competing recommendation.

When the game's totals settle the choice (a finished opponent already
beats what staying would bank: only a hit can still win; staying would
bank the target ahead of everyone), the suggestion says so instead, from
:func:`.outlook.game_call`, without play-outs of round points that would
point the other way.

Stable: the generator is seeded from the position as the player sees it
(lines, totals, the unseen cards as a multiset), never from the hidden deck
order or the way the position was reached, so the same position always gets
the same advice.
"""

from __future__ import annotations

import hashlib
import math
import random
from dataclasses import dataclass
from fractions import Fraction
from operator import attrgetter

from .bots import Bot, StopBot, WinBot, play_out
from .choice import HIT, STAY
from .odds import bust_chance, flip7_chance
from .outlook import game_call, hit_value, stay_value, unseen
from .round import Round
from .shuffle import shuffle
from .winchance import chance_after_round

DEFAULT_SAMPLES = 80  # the first batch; more are drawn until the gap is clear
MAX_SAMPLES = 240
BATCH = 40
CLEAR_Z = 3.0  # stop sampling once the gap is this many standard errors
NOISE_Z = 1.96  # options closer than this many standard errors: within noise
_code = attrgetter("code")


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
        if self.close:
            verdict = (
                f"Too close to call (within ±{100 * self.margin:.1f}%): either is "
                f"fine; {self.suggestion} is a shade better."
            )
        else:
            verdict = f"Suggestion: {self.suggestion}."
        return f"{basis} {verdict} {odds}"


def position_key(rnd: Round, player: int) -> str:
    """What the deciding player can see, as text: equal for equal positions
    however they were reached and whatever the hidden deck order."""
    seats = ";".join(
        f"{rnd.status(q)}:{','.join(rnd.codes(q))}:{','.join(rnd.face_down(q))}"
        for q in range(rnd.players)
    )
    z = rnd.zones()
    return "|".join(
        [
            repr(rnd.rules),
            str(player),
            str(rnd.totals),
            seats,
            ",".join(sorted(z["deck"])),
            ",".join(sorted(z["discard"])),
            ",".join(z["set_aside"] + z["resolving"]),
        ]
    )


def position_seed(rnd: Round, player: int, salt: int) -> int:
    """The play-outs' seed: the position as the player sees it, and ``salt``."""
    text = f"{position_key(rnd, player)}#{salt}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def twin_round(rnd: Round, rng: random.Random) -> Round:
    """A fork whose deck order depends only on ``rng`` and the deck's
    contents (the fork shuffles the real order; sorting first hides it)."""
    twin = rnd.fork(rng)
    table = twin._t  # the round's own package may reach its table
    table.seed = f"advice/{rng.getrandbits(32)}"  # not the round's hidden seed
    table.discard.sort(key=_code)  # a mid-round reshuffle starts from it
    table.deck.sort(key=_code)
    shuffle(rng, table.deck)
    return twin


def _sample(
    rnd: Round, p: int, bots: list[Bot], rng: random.Random
) -> tuple[float, float, float, float]:
    """One paired play-out: p's final round score after hitting, after
    staying, then p's chance to win the game after hitting, after staying."""
    deck_seed = rng.getrandbits(64)
    points, wins = [], []
    for choice in (HIT, STAY):
        twin = twin_round(rnd, random.Random(deck_seed))
        twin.play(choice)
        play_out(twin, bots, random.Random(deck_seed))
        scores = twin.scores()
        points.append(float(scores[p]))
        wins.append(chance_after_round(rnd, scores, p))
    return points[0], points[1], wins[0], wins[1]


def advise(
    rnd: Round,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    bot: Bot | None = None,
    max_samples: int = MAX_SAMPLES,
) -> Advice:
    """Advice for ``rnd.pending.player`` at their turn. ``samples``: the
    first batch of play-outs; more follow (up to ``max_samples``) until the
    gap is clear. ``seed`` is mixed with the position (0 for the app)."""
    pend = rnd.pending
    if pend is None or pend.kind != "turn":
        raise ValueError("advice is for a player's turn (hit or stay)")
    p = pend.player
    pool = unseen(rnd)
    line = rnd.cards(p)
    must = pend.options == (HIT,)
    stay_now = Fraction(stay_value(rnd, p))
    hit_once = hit_value(rnd, p, pool)
    call = None if must else game_call(rnd, p)
    if call is not None:
        return Advice(
            player=p,
            bust=bust_chance(line, pool, rnd.rules),
            flip7=flip7_chance(line, pool, rnd.rules),
            stay=stay_now,
            hit=hit_once,
            sim_stay=float(stay_now),
            sim_hit=float(hit_once),
            samples=0,
            must_hit=False,
            suggestion=call[0],
            reason=call[1],
        )
    bots: list[Bot] = [bot or StopBot()] * rnd.players
    if bot is None:
        bots[p] = WinBot()  # the player plays on for the game
    rng = random.Random(position_seed(rnd, p, seed))
    hits: list[float] = []
    stays: list[float] = []
    win_hits: list[float] = []
    diffs: list[float] = []  # win chance after hitting minus after staying
    goal = 0 if must else max(samples, 1)
    while len(diffs) < goal:
        h, s, wh, ws = _sample(rnd, p, bots, rng)
        hits.append(h)
        stays.append(s)
        win_hits.append(wh)
        diffs.append(wh - ws)
        if len(diffs) == goal and goal < max_samples:
            mean, se = mean_se(diffs)
            if se > 0 and abs(mean) <= CLEAR_Z * se:
                goal = min(goal + BATCH, max_samples)
    n = len(diffs)
    mean, se = mean_se(diffs) if n else (0.0, 0.0)
    sim_hit = sum(hits) / n if n else float(hit_once)
    sim_stay = sum(stays) / n if n else float(stay_now)
    win_hit = sum(win_hits) / n if n else 0.0
    win_stay = win_hit - mean if n else 0.0
    if must or mean > 0:
        suggestion = HIT
    elif mean < 0:
        suggestion = STAY
    else:  # the game cannot turn on it: the round's points decide
        suggestion = HIT if sim_hit > sim_stay else STAY
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
        suggestion=suggestion,
        margin=NOISE_Z * se if n else 0.0,
        close=not must and abs(mean) <= NOISE_Z * se,
        win_stay=win_stay,
        win_hit=win_hit,
    )


def mean_se(xs: list[float]) -> tuple[float, float]:
    """Mean and standard error (infinite for one value)."""
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, math.inf
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, math.sqrt(var / n)
