"""Print ``ROUND_SCORES`` for :mod:`companion.rules.winchance`: how often a
player's round score falls in each 5-point bin, at tables of 2 to 6 medium
bots (stop:27, the best fixed threshold), classic rules.

    uv run python tests/bench/make_round_scores.py [--games 3000]
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from companion.rules.bots import MEDIUM_STOP, StopBot, play_out
from companion.rules.match import Match
from companion.rules.winchance import BIN


def histogram(players: int, games: int, seed: int) -> dict[int, float]:
    bins: Counter[int] = Counter()
    bots = [StopBot(MEDIUM_STOP)] * players
    for g in range(games):
        match = Match(players, seed=seed * 100_003 + g)
        rng = random.Random(g)
        while not match.over:
            tied = bool(match.tied)
            rnd = match.start_round()
            play_out(rnd, bots, rng)
            match.finish_round(rnd)
            if not tied:  # a tie-break round has seats sitting out
                bins.update(round(x / BIN) for x in match.history[-1])
    total = sum(bins.values())
    return {b: n / total for b, n in sorted(bins.items())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("ROUND_SCORES: dict[int, tuple[float, ...]] = {")
    for n in range(2, 7):
        h = histogram(n, args.games, args.seed)
        top = max(h)
        row = ", ".join(f"{h.get(b, 0.0):.4f}" for b in range(top + 1))
        print(f"    {n}: ({row}),")
    print("}")


if __name__ == "__main__":
    main()
