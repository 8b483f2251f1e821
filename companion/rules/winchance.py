"""Each player's chance of winning the game from the totals at the end of a
round: what the advisor weighs its play-outs with, so it plays for the game
rather than for the round's points.

The model: every later round, each player scores independently from the
round scores of medium bots (stop at 27) at a table of that size, in 5-point
bins (:data:`ROUND_SCORES`, made by ``tests/bench/make_round_scores.py``).
Under that model the heads-up chance is exact, by dynamic programming over
the points each player still needs (:func:`heads_up`); for three or more
players each one's chance is the product of their heads-up chances against
every other, raised to a power under 1 that flattens the product's
over-confidence (:func:`_flatten`), normalised so the chances add up to 1.
The power is fitted per table size to played games of the medium level
(issue 26), whose attacks on the leader the independent rounds leave out;
docs/benchmarks.md has the calibration table per size and seat. Totals far
from the target (more than :data:`SPAN` bins short) count as :data:`SPAN`
bins short; Brutal's negative round scores are left out of the model.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from .round import Round

BIN = 5  # points per bin
SPAN = 60  # bins short of the target the table covers (300 points)

# tests/bench/make_round_scores.py --games 3000 --seed 1
ROUND_SCORES: dict[int, tuple[float, ...]] = {
    2: (
        0.4086,
        0.0058,
        0.0099,
        0.0129,
        0.0169,
        0.0694,
        0.2779,
        0.1565,
        0.0247,
        0.0050,
        0.0024,
        0.0021,
        0.0021,
        0.0019,
        0.0023,
        0.0011,
        0.0004,
        0.0001,
    ),
    3: (
        0.4290,
        0.0075,
        0.0121,
        0.0167,
        0.0174,
        0.0652,
        0.2624,
        0.1493,
        0.0229,
        0.0050,
        0.0023,
        0.0022,
        0.0020,
        0.0023,
        0.0021,
        0.0010,
        0.0006,
        0.0001,
    ),
    4: (
        0.4426,
        0.0088,
        0.0130,
        0.0178,
        0.0177,
        0.0655,
        0.2531,
        0.1416,
        0.0220,
        0.0046,
        0.0023,
        0.0018,
        0.0021,
        0.0026,
        0.0022,
        0.0016,
        0.0005,
        0.0001,
        0.0000,
    ),
    5: (
        0.4535,
        0.0099,
        0.0144,
        0.0193,
        0.0188,
        0.0635,
        0.2464,
        0.1343,
        0.0221,
        0.0044,
        0.0022,
        0.0018,
        0.0021,
        0.0024,
        0.0026,
        0.0015,
        0.0006,
        0.0002,
        0.0000,
    ),
    6: (
        0.4623,
        0.0097,
        0.0152,
        0.0199,
        0.0185,
        0.0634,
        0.2403,
        0.1322,
        0.0210,
        0.0044,
        0.0018,
        0.0018,
        0.0021,
        0.0024,
        0.0022,
        0.0016,
        0.0007,
        0.0002,
        0.0000,
    ),
}


def _bins_short(total: int, target: int) -> int:
    """How many bins ``total`` is short of ``target`` (≤ 0: reached)."""
    short = target - total
    if short <= 0:
        return 0
    return min(SPAN, -(-short // BIN))


@lru_cache(maxsize=8)
def heads_up(players: int) -> tuple[tuple[float, ...], ...]:
    """``table[a][b]``: the chance that a player ``a`` bins short of the
    target beats one ``b`` bins short (a, b in 1..SPAN), when each round's
    scores follow a ``players``-seat table. A round in which someone reaches
    the target ends the game: the one further past it wins, a tie counts
    half (the tie-break rounds are an even fight)."""
    dist = ROUND_SCORES[max(2, min(players, max(ROUND_SCORES)))]
    steps = [(x, p) for x, p in enumerate(dist) if p > 0 and x > 0]
    d0 = dist[0] if dist else 0.0
    low = -len(dist)  # the lowest bins-short a round can leave (past the target)

    def over(a: int, b: int) -> float:
        """The result once someone has reached the target (a or b ≤ 0)."""
        return 1.0 if a < b else 0.5 if a == b else 0.0

    win = [[0.0] * (SPAN + 1) for _ in range(SPAN + 1)]
    # mixed[a][b] = Σ_y D(y) F(a, b - y): b's round done, a's still to come.
    mixed: dict[int, list[float]] = {}

    def final(a: int, b: int) -> float:
        return win[a][b] if a > 0 and b > 0 else over(a, b)

    for a in range(low, 1):
        mixed[a] = [
            sum(p * over(a, b - y) for y, p in enumerate(dist)) for b in range(SPAN + 1)
        ]
    for a in range(1, SPAN + 1):
        row = win[a]
        for b in range(1, SPAN + 1):
            s = sum(p * mixed[a - x][b] for x, p in steps)
            s += d0 * sum(p * final(a, b - y) for y, p in steps)
            row[b] = s / (1 - d0 * d0)
        mixed[a] = [
            sum(p * final(a, b - y) for y, p in enumerate(dist))
            for b in range(SPAN + 1)
        ]
    return tuple(tuple(r) for r in win)


# The power of the pairwise product per table size, fitted (least Brier
# score, 600-1,500 games a size) to games played by the medium level, which aims
# its attacks at the leader (tests/bench/calibrate_winchance.py; issue 26).
# Fitted to the model's own simulation instead (0.875 for 3 … 0.69 for 6),
# leaders came out 10-20 points too sure with four players.
FLATTEN: Final[dict[int, float]] = {3: 0.55, 4: 0.45, 5: 0.35, 6: 0.3}


def _flatten(players: int) -> float:
    """The power of the pairwise product for a table of ``players``
    (:data:`FLATTEN`; heads-up 1: the table is exact)."""
    if players <= 2:
        return 1.0
    return FLATTEN[min(players, max(FLATTEN))]


def win_chances(
    totals: Sequence[int], target: int, players: int | None = None
) -> list[float]:
    """Each seat's chance of winning the game when a round ends with these
    totals (they add up to 1). ``players``: the table's size, for the round
    scores to come (default: ``len(totals)``)."""
    n = len(totals)
    top = max(totals)
    if top >= target:  # the game is over: the highest total wins (ties share)
        leaders = [t == top for t in totals]
        share = 1 / sum(leaders)
        return [share if lead else 0.0 for lead in leaders]
    size = players or n
    short = tuple([_bins_short(t, target) for t in totals])
    key = (size, short)
    known = _CHANCES.get(key)
    if known is not None:
        return list(known)
    if len(_CHANCES) >= _CHANCES_MAX:
        _CHANCES.clear()
    got = _CHANCES[key] = _chances(short, size)
    return list(got)


# win_chances by table size and the bins each seat is short of the target
# (all that its figures depend on): the play-outs of one position end on
# the same few bins again and again.
_CHANCES: Final[dict[tuple[int, tuple[int, ...]], tuple[float, ...]]] = {}
_CHANCES_MAX: Final = 1 << 15


def _chances(short: tuple[int, ...], size: int) -> tuple[float, ...]:
    """:func:`win_chances` before the game is over, from the bins short."""
    n = len(short)
    table = heads_up(size)
    power = _flatten(size)
    weights = []
    for i, a in enumerate(short):
        w = 1.0
        row = table[a]
        for j, b in enumerate(short):
            if j != i:
                w *= row[b]
        weights.append(w**power)
    total = sum(weights)
    if total <= 0:
        return (1 / n,) * n
    return tuple([w / total for w in weights])


def chance_after_round(rnd: Round, scores: Sequence[int], p: int) -> float:
    """``p``'s chance of winning the game once ``rnd`` ends with these round
    scores (one per seat). A tie-break round (R21: only the tied leaders
    play) is won by the highest of them; a round outside a game counts from
    0 each."""
    base = rnd.totals or (0,) * rnd.players
    totals = [t + s for t, s in zip(base, scores, strict=True)]
    seats = rnd.seats
    if len(seats) < rnd.players:
        if p not in seats:
            return 0.0
        chances = win_chances([totals[q] for q in seats], -(10**9), rnd.players)
        return chances[seats.index(p)]
    return win_chances(totals, rnd.rules.target)[p]
