"""Play whole digital games between computer players and report how each
strategy does: ``companion simulate --games 100 --players 4 --bots stop,odds``.

Prints a table (per strategy: win rate, mean round score, bust rate, Flip 7
rate) and, last, one JSON line with the same figures and ``rounds_per_s``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from companion.rules import Rules
from companion.rules.bots import Bot
from companion.rules.lean import play_out
from companion.rules.match import Match
from companion.rules.roster import bot_help, make_bot
from companion.rules.round import Round
from companion.rules.status import BUSTED


@dataclass(slots=True)
class Tally:
    """Figures for one strategy, summed over its seats."""

    seats_games: int = 0
    wins: float = 0.0
    rounds: int = 0
    points: int = 0
    busts: int = 0
    flip7s: int = 0

    def row(self) -> dict[str, float]:
        n = max(self.rounds, 1)
        return {
            "win_rate": round(self.wins / max(self.seats_games, 1), 4),
            "mean_round_score": round(self.points / n, 3),
            "bust_rate": round(self.busts / n, 4),
            "flip7_rate": round(self.flip7s / n, 4),
        }


@dataclass
class Results:
    games: int = 0
    rounds: int = 0
    seconds: float = 0.0
    tallies: dict[str, Tally] = field(default_factory=dict)


def play_round(rnd: Round, bots: Sequence[Bot], rng: random.Random) -> None:
    """Let the bots make every decision until the round is over."""
    play_out(rnd, bots, rng)


def simulate(
    games: int, players: int, specs: Sequence[str], seed: int, rules: Rules
) -> Results:
    bots = [make_bot(specs[i % len(specs)]) for i in range(players)]
    names = [specs[i % len(specs)] for i in range(players)]
    res = Results(tallies={name: Tally() for name in dict.fromkeys(names)})
    seat_tally = [res.tallies[name] for name in names]
    rng = random.Random(seed)
    start = time.perf_counter()
    for g in range(games):
        match = Match(players, rules, seed=rng.getrandbits(48), dealer=g % players)
        while not match.over:
            rnd = match.start_round()
            play_out(rnd, bots, rng)
            match.finish_round(rnd)
            res.rounds += 1
            scores = match.history[-1]
            flip7 = rnd.flip7
            status = rnd.status
            for i in rnd.seats:
                t = seat_tally[i]
                t.rounds += 1
                t.points += scores[i]
                if status(i) is BUSTED:
                    t.busts += 1
                if flip7 == i:
                    t.flip7s += 1
        for i in range(players):
            t = seat_tally[i]
            t.seats_games += 1
            if i in match.winners:
                t.wins += 1 / len(match.winners)
        res.games += 1
    res.seconds = time.perf_counter() - start
    return res


def report(res: Results) -> list[str]:
    head = f"{'strategy':<12}{'win rate':>10}{'mean score':>12}{'bust':>8}{'flip 7':>8}"
    lines = [head, "-" * len(head)]
    for name, t in res.tallies.items():
        r = t.row()
        lines.append(
            f"{name:<12}{r['win_rate']:>10.1%}{r['mean_round_score']:>12.2f}"
            f"{r['bust_rate']:>8.1%}{r['flip7_rate']:>8.1%}"
        )
    rate = res.rounds / res.seconds if res.seconds else 0.0
    lines.append(f"{res.games} games, {res.rounds} rounds, {rate:,.0f} rounds/s")
    summary = {
        "games": res.games,
        "rounds": res.rounds,
        "strategies": {name: t.row() for name, t in res.tallies.items()},
        "rounds_per_s": round(rate, 1),
    }
    lines.append(json.dumps(summary, sort_keys=True))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="companion simulate",
        description="Play whole digital games between computer players (seats "
        "fixed: for fair comparisons use 'companion tournament').",
        epilog="Bots:\n" + bot_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--games", type=int, default=100, help="games to play (default: 100)"
    )
    parser.add_argument(
        "--players", type=int, default=4, help="players per game (default: 4)"
    )
    parser.add_argument(
        "--bots",
        default="stop,odds,random",
        help="comma-separated bots, repeated round the seats in order "
        "(default: stop,odds,random)",
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="seed of the games (default: 0)"
    )
    parser.add_argument(
        "--brutal", action="store_true", help="play With a Vengeance's Brutal rules"
    )
    parser.add_argument(
        "--target", type=int, default=200, help="game target (default: 200)"
    )
    args = parser.parse_args(argv)
    specs = [s.strip() for s in args.bots.split(",") if s.strip()]
    try:
        rules = Rules(brutal=args.brutal, target=args.target)
        if not 2 <= args.players <= rules.max_players or args.games < 1 or not specs:
            parser.error(f"need 1+ games, 2-{rules.max_players} players, 1+ bots")
        for spec in specs:
            make_bot(spec)
    except ValueError as exc:
        parser.error(str(exc))
    res = simulate(args.games, args.players, specs, args.seed, rules)
    for line in report(res):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
