"""Calibration of the win-chance model (companion.rules.winchance) against
played games, per table size and per seat (issue 26, item 3): at every
round end that does not end the game, the model's chance for each seat
against how often that seat went on to win, by the seat's place in the next
round's order (1 = acts first, the dealer's left; last = the dealer).

    uv run python tests/bench/calibrate_winchance.py [--games 1500] [--players 2 4]

The games are played by the ``medium`` level (every seat). Prints one table
per table size (chance bins by rows; per place: n, said → won) and a JSON
line.
"""

from __future__ import annotations

import argparse
import json
import random

from companion.rules import Match
from companion.rules.bots import play_out
from companion.rules.roster import make_bot
from companion.rules.winchance import win_chances

BINS = ((0.0, 0.1), (0.1, 0.3), (0.3, 0.5), (0.5, 0.7), (0.7, 0.9), (0.9, 1.01))


def calibrate(players: int, games: int, seed: int) -> dict[str, list[list[float]]]:
    """Per place (1 … players) and bin: [n, sum said, sum won]."""
    bot = make_bot("medium")
    rows = {
        str(place): [[0.0, 0.0, 0.0] for _ in BINS] for place in range(1, players + 1)
    }
    rng = random.Random(seed)
    for g in range(games):
        match = Match(players, seed=rng.getrandbits(32), dealer=g % players)
        marks: list[tuple[int, int, float]] = []  # seat, place, chance
        while not match.over:
            rnd = match.start_round()
            play_out(rnd, [bot] * players, rng)
            match.finish_round(rnd)
            if match.over or match.tied:
                continue
            chances = win_chances(match.totals, 200)
            for seat in range(players):
                place = (seat - match.dealer - 1) % players + 1
                marks.append((seat, place, chances[seat]))
        for seat, place, chance in marks:
            won = 1 / len(match.winners) if seat in match.winners else 0.0
            for i, (lo, hi) in enumerate(BINS):
                if lo <= chance < hi:
                    cell = rows[str(place)][i]
                    cell[0] += 1
                    cell[1] += chance
                    cell[2] += won
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--seed", type=int, default=26)
    args = parser.parse_args()
    out = {}
    for n in args.players:
        rows = calibrate(n, args.games, args.seed)
        out[str(n)] = rows
        print(f"{n} players, {args.games} games (place 1 acts first next round)")
        head = "chance    " + "".join(f"{'place ' + p:>26}" for p in rows)
        print(head)
        for i, (lo, hi) in enumerate(BINS):
            cells = []
            for place in rows:
                k, said, won = rows[place][i]
                cells.append(
                    f"{int(k):>6}: {100 * said / k:5.1f} → {100 * won / k:5.1f} %"
                    if k
                    else f"{'-':>24}"
                )
            label = f"{100 * lo:.0f}-{min(100, 100 * hi):.0f} %"
            print(f"{label:<10}" + "".join(f"{c:>26}" for c in cells))
    print(json.dumps({"games": args.games, "tables": out}))


if __name__ == "__main__":
    main()
