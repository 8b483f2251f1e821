"""Fingerprint of whole simulated games (a script, not a test).

    uv run python tests/bench/loop_hash.py [--games 200]

Plays ``Match`` games over several rules variants, table sizes and bots
(and a resumed game that starts with a tie-break) and prints one SHA-256 of
every round's setup, choices, scores, totals, tie-break seats, next dealer,
the sheet's records and each game's winners. Run it before and after a
change to the game loop: the same digest means the same games.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random

from companion.rules import Match, Rules, make_bot

VARIANTS = [
    Rules(),
    Rules(brutal=True),
    Rules(decks=2, target=150),
    Rules(lucky_pair_counts_two=False, target=120),
    Rules(tie_break=False, target=80),
    Rules(brutal=True, target=60),
]
BOTS = ["stop", "odds", "random", "stop:27"]


def fingerprint(games: int) -> tuple[str, int, int]:
    digest = hashlib.sha256()
    rounds = tiebreaks = 0
    for g in range(games):
        rules = VARIANTS[g % len(VARIANTS)]
        players = 2 + g % 5
        totals = [55, 55, 20, 55, 10, 3][:players] if g % 17 == 3 else []
        if totals:
            rules = Rules(target=50, brutal=rules.brutal)
        bots = [make_bot(BOTS[(g + i) % len(BOTS)]) for i in range(players)]
        rng = random.Random(g)
        match = Match(players, rules, seed=g * 7919, dealer=g % players, totals=totals)
        while not match.over:
            tied = match.tied
            rnd = match.start_round()
            while (pend := rnd.pending) is not None:
                rnd.play(bots[pend.player].choose(rnd, pend.player, rng))
            match.finish_round(rnd)
            rounds += 1
            tiebreaks += bool(tied)
            row = [
                rnd.setup(),
                rnd.choices,
                rnd.scores(),
                match.history[-1],
                match.totals,
                list(tied),
                list(match.tied),
                match.dealer,
            ]
            digest.update(json.dumps(row, sort_keys=True, default=str).encode())
        sheet = match.sheet.to_dict()
        digest.update(json.dumps([sheet, list(match.winners)], sort_keys=True).encode())
    return digest.hexdigest(), rounds, tiebreaks


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    digest, rounds, tiebreaks = fingerprint(args.games)
    print(f"{args.games} games, {rounds} rounds ({tiebreaks} tie-break): {digest}")


if __name__ == "__main__":
    main()
