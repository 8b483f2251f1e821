"""Fair comparisons of computer players: ``companion tournament``.

Seats are not fair by themselves (who deals first, who is attacked first),
so every deal is played once in every seating of the line-up, from the same
seed: the same shuffled deck and the same round seeds for each seating
(paired games), the bots' tie-breaking rng seeded alike. A strategy's win
rate then measures the strategy, not its chair or its luck with the cards.

Prints a table per strategy (win rate with a 95 % interval, mean round score,
bust and Flip 7 rates), the mean rounds per game and each seat's win rate,
and last one JSON line with the same figures.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from companion.labs.simulate import play_round
from companion.rules import Rules, Status
from companion.rules.bots import Bot
from companion.rules.match import Match
from companion.rules.roster import bot_help, make_bot

Z95 = 1.959964


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for ``wins`` successes in ``n`` games."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def cluster_interval(rates: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """Normal interval for the mean of per-deal win rates: the games of one
    deal share its cards, so the deals, not the games, are independent."""
    d = len(rates)
    if d < 2:
        return (0.0, 1.0)
    mean = sum(rates) / d
    var = sum((r - mean) ** 2 for r in rates) / (d - 1)
    half = z * math.sqrt(var / d)
    return (max(0.0, mean - half), min(1.0, mean + half))


def interval(wins: float, n: int, rates: Sequence[float]) -> tuple[float, float]:
    """The wider of the two intervals (conservative either way)."""
    w, c = wilson(wins, n), cluster_interval(rates)
    return (min(w[0], c[0]), max(w[1], c[1]))


def seatings(lineup: Sequence[str], mode: str = "rotate") -> list[tuple[str, ...]]:
    """``rotate``: the line-up turned one seat at a time (every bot sits in
    every seat equally often); ``all``: every distinct order. Repeats from
    identical bots are played once (it keeps the balance)."""
    base = tuple(lineup)
    if mode == "rotate":
        orders = [base[r:] + base[:r] for r in range(len(base))]
    elif mode == "all":
        orders = list(itertools.permutations(base))
    else:
        raise ValueError(f"unknown seating {mode!r}; choose rotate or all")
    return list(dict.fromkeys(orders))


@dataclass(slots=True)
class Tally:
    seat_games: int = 0
    wins: float = 0.0
    rounds: int = 0
    points: int = 0
    busts: int = 0
    flip7s: int = 0
    deal_rates: list[float] = field(default_factory=list)

    def row(self) -> dict[str, object]:
        n = max(self.rounds, 1)
        lo, hi = interval(self.wins, self.seat_games, self.deal_rates)
        return {
            "win_rate": round(self.wins / max(self.seat_games, 1), 4),
            "win_ci95": [round(lo, 4), round(hi, 4)],
            "mean_round_score": round(self.points / n, 3),
            "bust_rate": round(self.busts / n, 4),
            "flip7_rate": round(self.flip7s / n, 4),
            "seat_games": self.seat_games,
        }


@dataclass
class Results:
    lineup: tuple[str, ...]
    orders: list[tuple[str, ...]]
    deals: int = 0
    games: int = 0
    rounds: int = 0
    seconds: float = 0.0
    tallies: dict[str, Tally] = field(default_factory=dict)
    seat_wins: list[float] = field(default_factory=list)

    def summary(self) -> dict[str, object]:
        return {
            "lineup": list(self.lineup),
            "seatings": len(self.orders),
            "deals": self.deals,
            "games": self.games,
            "rounds_per_game": round(self.rounds / max(self.games, 1), 3),
            "strategies": {k: t.row() for k, t in self.tallies.items()},
            "seat_win_rate": [round(w / max(self.games, 1), 4) for w in self.seat_wins],
            "seconds": round(self.seconds, 1),
        }


def deal_seeds(seed: int, deals: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.getrandbits(48) for _ in range(deals)]


def play_game(
    order: Sequence[Bot], deal_seed: int, dealer: int, rules: Rules
) -> tuple[Match, list[tuple[int, int, bool, bool]]]:
    """One game from ``deal_seed``; per round and seat: (seat, score, bust, flip7)."""
    rng = random.Random(deal_seed)  # the bots' ties: alike in every seating
    match = Match(len(order), rules, seed=deal_seed, dealer=dealer)
    rows: list[tuple[int, int, bool, bool]] = []
    while not match.over:
        rnd = match.start_round()
        play_round(rnd, order, rng)
        match.finish_round(rnd)
        scores = match.history[-1]
        for i in rnd.seats:
            rows.append((i, scores[i], rnd.status(i) is Status.BUSTED, rnd.flip7 == i))
    return match, rows


def tournament(
    lineup: Sequence[str],
    deals: int,
    seed: int = 0,
    rules: Rules = Rules(),
    mode: str = "rotate",
) -> Results:
    orders = seatings(lineup, mode)
    res = Results(tuple(lineup), orders, seat_wins=[0.0] * len(lineup))
    res.tallies = {name: Tally() for name in dict.fromkeys(lineup)}
    bots = {name: make_bot(name) for name in res.tallies}
    start = time.perf_counter()
    for d, deal_seed in enumerate(deal_seeds(seed, deals)):
        deal_wins = dict.fromkeys(res.tallies, 0.0)
        deal_seats = dict.fromkeys(res.tallies, 0)
        for order in orders:
            match, rows = play_game(
                [bots[n] for n in order], deal_seed, d % len(order), rules
            )
            res.games += 1
            res.rounds += len(match.history)
            for seat, score, bust, flip7 in rows:
                t = res.tallies[order[seat]]
                t.rounds += 1
                t.points += score
                t.busts += bust
                t.flip7s += flip7
            for seat, name in enumerate(order):
                share = 1 / len(match.winners) if seat in match.winners else 0.0
                res.tallies[name].seat_games += 1
                res.tallies[name].wins += share
                res.seat_wins[seat] += share
                deal_wins[name] += share
                deal_seats[name] += 1
        for name, t in res.tallies.items():
            t.deal_rates.append(deal_wins[name] / deal_seats[name])
        res.deals += 1
    res.seconds = time.perf_counter() - start
    return res


def report(res: Results) -> list[str]:
    head = (
        f"{'strategy':<14}{'win rate':>9}{'95% interval':>17}"
        f"{'mean score':>12}{'bust':>8}{'flip 7':>8}"
    )
    lines = [head, "-" * len(head)]
    for name, t in res.tallies.items():
        r = t.row()
        interval = r["win_ci95"]
        assert isinstance(interval, tuple | list)
        lo, hi = float(interval[0]), float(interval[1])
        lines.append(
            f"{name:<14}{r['win_rate']:>9.1%}{f'[{lo:.1%}, {hi:.1%}]':>17}"
            f"{r['mean_round_score']:>12.2f}{r['bust_rate']:>8.1%}"
            f"{r['flip7_rate']:>8.1%}"
        )
    s = res.summary()
    seats = " ".join(f"{w:.1%}" for w in s["seat_win_rate"])  # type: ignore[attr-defined]
    lines.append(
        f"{res.games} games ({res.deals} deals x {len(res.orders)} seatings), "
        f"{s['rounds_per_game']} rounds per game; seat win rates {seats}"
    )
    lines.append(json.dumps(s, sort_keys=True))
    return lines


def parse_lineup(text: str, players: int | None) -> list[str]:
    """Bot specs from ``a,b,c``; with ``players`` more than given, the last
    bot fills the remaining seats (``hard,stop`` with 4 players is one hard
    and three stop bots)."""
    specs = [s.strip().lower() for s in text.split(",") if s.strip()]
    if not specs:
        raise ValueError("name at least one bot")
    for spec in specs:
        make_bot(spec)
    n = players or max(len(specs), 2)
    if len(specs) > n:
        raise ValueError(f"{len(specs)} bots for {n} players")
    return specs + [specs[-1]] * (n - len(specs))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion tournament",
        description="Compare computer players fairly: every deal is played "
        "once in every seating, from the same seed (the same deck), and each "
        "strategy's win rate is given with a 95 % interval.",
        epilog="Bots:\n" + bot_help() + "\n\nExample: companion tournament "
        "--bots odds,stop:24 --players 4 --deals 500",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--bots",
        default="stop,odds",
        help="comma-separated bots, one per seat in the first seating; "
        "the last fills any seats left (default: stop,odds)",
    )
    parser.add_argument(
        "--players",
        type=int,
        help="players at the table, 2-6 (default: as many as bots, at least 2)",
    )
    parser.add_argument(
        "--deals",
        type=int,
        default=100,
        help="shuffled decks; each is played once per seating (default: 100)",
    )
    parser.add_argument(
        "--seating",
        choices=("rotate", "all"),
        default="rotate",
        help="rotate: every bot in every seat once per deal; all: every "
        "distinct order of the line-up (default: rotate)",
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="seed of the deals (default: 0)"
    )
    parser.add_argument(
        "--target", type=int, default=200, help="game target (default: 200)"
    )
    parser.add_argument(
        "--brutal", action="store_true", help="play With a Vengeance's Brutal rules"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.players is not None and not 2 <= args.players <= 6:
            raise ValueError("players must be 2 to 6")
        if args.deals < 1:
            raise ValueError("deals must be at least 1")
        lineup = parse_lineup(args.bots, args.players)
        if len(lineup) > 6:
            raise ValueError("at most 6 players")
        rules = Rules(brutal=args.brutal, target=args.target)
    except ValueError as exc:
        parser.error(str(exc))
    res = tournament(lineup, args.deals, args.seed, rules, args.seating)
    for line in report(res):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
