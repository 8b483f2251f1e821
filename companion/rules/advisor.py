"""Advice for the player about to hit or stay, from what they can know.

The suggestion plays for the game, not the round. It rests on play-outs of
the rest of the round: the unseen cards are shuffled (the real deck order
stays hidden), the player hits or stays, and everybody then plays on (the
others as plain players: stop at 25 with the two-line endgame rule,
:class:`.plainbots.EndgameBot`; the player as the game-aware ``win`` bot).
Each play-out ends with every player's round score; the totals they make
are turned into the player's chance of winning the game
(:func:`.winchance.win_chances`). Near the end of the game (a total within
:data:`PLAY_ON` of the target) the next round is played out for real first
(:func:`game_chance`): who deals and acts first then matters more than the
model of independent rounds knows. The option with the higher mean chance
is suggested. Each sample plays both options on the same shuffle, so the
comparison is paired and fair.

Sampling goes on in batches until the gap between the options is clear
(three standard errors), or known to be under a point of win chance either
way (:data:`.advice.EVEN`: "either is fine"), or the budget is spent
(:data:`MAX_SAMPLES`, or :data:`ENDGAME_SAMPLES` near the end), and the
verdict says which
(:attr:`Advice.verdict`): clear; spent (ahead, not yet clear); close
(within two standard errors; "either is fine" only when the whole
interval is within :data:`.advice.EVEN`, else how close); the same chance in every
play-out (the round's points decide, never "either is fine"); within noise
while hitting busts for sure (stay). "Almost certainly wins/loses" is said
with the figure, only when even the edge of the 95 % interval is within
:data:`ALMOST` of 0 or 1.

The advice keeps exactly the figures the suggestion compares, so its words
(``companion/app/advice_words.py``) never show two figures that point the
other way; the exact next-card odds (bust, Flip 7) stand beside them as
facts, not as a competing recommendation.

Only when no legal play can change the outcome does the suggestion skip
the play-outs: staying wins, or staying loses (verdict CERTAIN, with the
totals it rests on; :func:`.outlook.game_call`: nobody else can still draw,
or only number cards are left and no active opponent can pass). Everything
else, a stayed line a Flip Four or a Steal can still reach, an opponent who
can still pass, is played out (issue 26).

Stable: the generator is seeded from the position as the player sees it
(lines, totals, the unseen cards as a multiset), never from the hidden deck
order or the way the position was reached, so the same position always gets
the same advice.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable
from fractions import Fraction

from .advice import (
    ALMOST,
    BUSTS,
    CERTAIN,
    CLEAR,
    CLOSE,
    LOSES,
    MUST,
    SAME,
    SPENT,
    WINS,
    Advice,
    even,
)
from .bots import Bot, WinBot
from .cards import Card
from .choice import HIT, STAY
from .decision import TURN
from .game import EndCheck, check_end
from .lean import play_out
from .next_round import DECK_CARDS
from .odds import bust_chance, flip7_chance
from .outlook import game_call, hit_value, standings, stay_value, unseen
from .plainbots import EndgameBot
from .round import Round
from .winchance import chance_after_round, win_chances

# The others in the play-outs: stop at 25, the endgame rule, shared tactics.
PLAYOUT_OTHERS: Bot = EndgameBot(plain=False)
PLAY_ON = 25  # play the next rounds out when a total is this near the target
DEFAULT_SAMPLES = 80  # the first batch; more are drawn until the gap is clear
MAX_SAMPLES = 240
ENDGAME_SAMPLES = 480  # the budget when this round can end the game
BATCH = 40
CLEAR_Z = 3.0  # stop sampling once the gap is this many standard errors
# Play-outs made before a caller's time budget may cut the sampling short
# (``stop``): fewer say too little to be worth showing.
MIN_TIMED = 24
NOISE_Z = 1.96  # options closer than this many standard errors: within noise


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
    return rnd.fork_unseen(rng, "advice")


def _sample(
    rnd: Round, p: int, bots: list[Bot], rng: random.Random
) -> tuple[float, float, float, float]:
    """One paired play-out: p's final round score after hitting, after
    staying, then p's chance to win the game after hitting, after staying."""
    deck_seed = rng.getrandbits(64)
    points, wins = [], []
    deal = twin_round(rnd, random.Random(deck_seed))  # one deal, both options
    for choice in (HIT, STAY):
        twin = deal.copy() if choice == HIT else deal  # the last plays the deal
        twin.play(choice)
        play = random.Random(deck_seed)  # the same for both: paired
        play_out(twin, bots, play)
        points.append(float(twin.line_score(p).total))
        wins.append(game_chance(twin, p, bots, play))
    return points[0], points[1], wins[0], wins[1]


def near_end(rnd: Round) -> bool:
    """Someone's total plus line is within :data:`PLAY_ON` of the target."""
    if rnd.totals is None:
        return False
    top = max(standings(rnd)[q] for q in rnd.seats)
    return top >= rnd.rules.target - PLAY_ON


def game_chance(twin: Round, p: int, bots: list[Bot], rng: random.Random) -> float:
    """``p``'s chance to win the game once ``twin`` (a play-out) is over.
    The win-chance model's, except when someone's total is within
    :data:`PLAY_ON` of the target: then the next round is played out for
    real (the deck passed on, the next dealer, the same players), and the
    model takes over only after it. Who deals, who acts first and who can
    still be attacked decide those endgames more than a model of
    independent round scores does."""
    scores = twin.scores()
    base = twin.totals
    if base is None:
        return chance_after_round(twin, scores, p)
    totals = [t + s for t, s in zip(base, scores, strict=True)]
    rules = twin.rules
    if max(totals) < rules.target - PLAY_ON:
        return chance_after_round(twin, scores, p)
    end = check_end(totals, rules)
    if end.over or end.tie_break:
        return _share(end, p)
    left, discard = twin.leftovers()
    deck: list[Card] | None = left
    if len(left) + len(discard) != DECK_CARDS * rules.decks:
        deck = None  # a stacked deck of a test: a full one, as the app would
    nxt = Round.start(
        players=twin.players,
        dealer=(twin.dealer + 1) % twin.players,
        rules=rules,
        deck=deck,
        seed=rng.getrandbits(32),
        discard=discard,
        totals=totals,
    )
    play_out(nxt, bots, rng)
    totals = [t + s for t, s in zip(totals, nxt.scores(), strict=True)]
    end = check_end(totals, rules)
    if end.over or end.tie_break:
        return _share(end, p)
    return win_chances(totals, rules.target)[p]


def _share(end: EndCheck, p: int) -> float:
    """``p``'s share of a game that has ended (or gone to a tie-break, an
    even fight among the tied leaders, R21)."""
    among = end.winners or end.tie_break
    return 1 / len(among) if p in among else 0.0


def advise_turn(
    rnd: Round,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    bot: Bot | None = None,
    max_samples: int | None = None,
    stop: Callable[[], bool] | None = None,
) -> Advice:
    """Advice for ``rnd.pending.player`` at their turn. ``samples``: the
    first batch of play-outs; more follow (up to ``max_samples``; None:
    :data:`MAX_SAMPLES`, or :data:`ENDGAME_SAMPLES` when a standing is
    within :data:`PLAY_ON` of the target, where one choice can decide the
    game and a few points of chance matter) until the gap is clear.
    ``seed`` is mixed with the position (0 for the app). Every decision
    (this one and the others) is advised through :func:`.advising.advise`.
    ``stop``: asked
    after each play-out once :data:`MIN_TIMED` are made; True ends the
    sampling there (a time budget: the phone app's slower Python), and the
    advice says how many play-outs it rests on, as when the budget is spent."""
    pend = rnd.pending
    if pend is None or pend.kind is not TURN:
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
            bank=call[1],
            rival=call[2],
            verdict=CERTAIN,
        )
    bots: list[Bot] = [bot or PLAYOUT_OTHERS] * rnd.players
    if bot is None:
        bots[p] = WinBot()  # the player plays on for the game
    if max_samples is None:
        max_samples = ENDGAME_SAMPLES if near_end(rnd) else MAX_SAMPLES
    rng = random.Random(position_seed(rnd, p, seed))
    hits: list[float] = []
    stays: list[float] = []
    win_hits: list[float] = []
    diffs: list[float] = []  # win chance after hitting minus after staying
    goal = 0 if must else max(samples, 1)
    timed = False
    while len(diffs) < goal:
        h, s, wh, ws = _sample(rnd, p, bots, rng)
        hits.append(h)
        stays.append(s)
        win_hits.append(wh)
        diffs.append(wh - ws)
        if stop is not None and len(diffs) >= MIN_TIMED and stop():
            max_samples = len(diffs)  # what the time allowed: "spent"
            timed = True
            break
        if len(diffs) == goal and goal < max_samples:
            mean, se = mean_se(diffs)
            known = even(mean, NOISE_Z * se)  # within a point either way
            if se > 0 and abs(mean) <= CLEAR_Z * se and not known:
                goal = min(goal + BATCH, max_samples)
    n = len(diffs)
    mean, se = mean_se(diffs) if n else (0.0, 0.0)
    sim_hit = sum(hits) / n if n else float(hit_once)
    sim_stay = sum(stays) / n if n else float(stay_now)
    win_hit = sum(win_hits) / n if n else 0.0
    win_stay = win_hit - mean if n else 0.0
    bust = bust_chance(line, pool, rnd.rules)
    verdict, suggestion = _verdict(must, n, mean, se, max_samples, bust)
    win_stays = [h - d for h, d in zip(win_hits, diffs, strict=True)]
    almost = tuple(
        (option, word)
        for option, xs in ((HIT, win_hits), (STAY, win_stays))
        if (word := almost_sure(xs))
    )
    if suggestion == "":  # the game cannot turn on it: the round's points decide
        suggestion = HIT if sim_hit > sim_stay else STAY
    return Advice(
        player=p,
        bust=bust,
        flip7=flip7_chance(line, pool, rnd.rules),
        stay=stay_now,
        hit=hit_once,
        sim_stay=sim_stay,
        sim_hit=sim_hit,
        samples=n,
        must_hit=must,
        suggestion=suggestion,
        margin=NOISE_Z * se if n else 0.0,
        close=verdict == CLOSE,
        win_stay=win_stay,
        win_hit=win_hit,
        verdict=verdict,
        almost=almost,
        timed=timed,
    )


def almost_sure(chances: list[float]) -> str:
    """:data:`LOSES` when the chances to win after an option are all but
    nothing (even the top of their 95 % interval, and three in the number of
    play-outs, under :data:`ALMOST`), :data:`WINS` when they are all but
    certain, "" otherwise. Never said of a certainty: the totals' certain
    calls (:func:`.outlook.game_call`) are a verdict of their own."""
    n = len(chances)
    if n < 2:
        return ""
    mean, se = mean_se(chances)
    reach = max(NOISE_Z * se, 3 / n)  # the rule of three when every play-out agrees
    if mean + reach < ALMOST:
        return LOSES
    if mean - reach > 1 - ALMOST:
        return WINS
    return ""


def _verdict(
    must: bool, n: int, mean: float, se: float, cap: int, bust: Fraction
) -> tuple[str, str]:
    """What the play-outs say, and the suggestion ("" when the round's
    points must decide). A gap within noise is "close" only when neither
    option is certain: a hit that busts for sure is never "either is fine"
    beside a stay (:data:`BUSTS`), and a gap of exactly nothing in every
    play-out (standard error 0) is no coin flip but :data:`SAME`."""
    if must:
        return MUST, HIT
    if n == 0 or (se == 0 and mean == 0):
        return SAME, ""
    suggestion = HIT if mean > 0 else STAY
    if abs(mean) <= NOISE_Z * se:
        if bust == 1:
            return BUSTS, STAY
        return CLOSE, suggestion
    if abs(mean) <= CLEAR_Z * se and n >= cap:
        return SPENT, suggestion
    return CLEAR, suggestion


def mean_se(xs: list[float]) -> tuple[float, float]:
    """Mean and standard error (infinite for one value)."""
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, math.inf
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, math.sqrt(var / n)
