"""Advice latency (issue 13: p95 < 200 ms per decision): every decision
kind, from positions met in games of medium bots, 2-5 players, Brutal in
every other game; each timed around one ``advise`` with the app's time budget
(``companion/app/thinking.py``: none with the compiled engine, 0.35 s on
the plain sources, ``COMPANION_PURE_PYTHON=1``).

    uv run python tests/bench/bench_advice.py [--positions 200] [--seed 21]

Prints p50, p95 and max per kind and overall, and the load average. The
"table" row times the physical table's odds and advice
(:func:`companion.rules.table_odds.table_odds`) at each hit/stay, from the
lines as the table taps them (number and modifier cards).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from companion.app.thinking import time_budget
from companion.machine import native
from companion.rules import Match, Round, Rules, advise
from companion.rules.bots import MEDIUM_STOP, StopBot
from companion.rules.cards import CARDS
from companion.rules.status import BUSTED
from companion.rules.table_odds import table_odds


def positions(n: int, seed: int) -> list[Round]:
    """Decisions with a choice to make (hit/stay or two options or more)."""
    rng = random.Random(seed)
    out: list[Round] = []
    game = 0
    while len(out) < n:
        rules = Rules(brutal=game % 2 == 1)
        match = Match(rng.randint(2, 5), rules=rules, seed=rng.getrandbits(32))
        bots = [StopBot(MEDIUM_STOP)] * match.players
        game += 1
        while not match.over and len(out) < n:
            rnd = match.start_round()
            while (pend := rnd.pending) is not None:
                several = len(pend.options) > 1 and len(rnd.legal()) > 1
                if several and rng.random() < 0.3:
                    out.append(Round.replay(rnd.setup(), rnd.choices))
                rnd.play(bots[pend.player].choose(rnd, pend.player, rng))
            match.finish_round(rnd)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=21)
    args = parser.parse_args()
    found = positions(args.positions, args.seed)
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    limit = "none" if time_budget() is None else "0.35 s"
    print(f"compiled engine: {native.active()}; the app's time limit: {limit}")
    times: dict[str, list[float]] = {}
    for rnd in found:
        pend = rnd.pending
        assert pend is not None
        start = time.perf_counter()
        advise(rnd, stop=time_budget())  # as the app asks: its time budget too
        ms = (time.perf_counter() - start) * 1000
        times.setdefault(pend.kind, []).append(ms)
        if pend.kind == "turn":
            lines = [
                [c for c in rnd.codes(q) if CARDS[c].is_number or CARDS[c].is_modifier]
                for q in range(rnd.players)
            ]
            busted = [rnd.status(q) is BUSTED for q in range(rnd.players)]
            totals = list(rnd.totals or [0] * rnd.players)
            start = time.perf_counter()
            table_odds(lines, busted, pend.player, rules=rnd.rules, totals=totals)
            ms = (time.perf_counter() - start) * 1000
            times.setdefault("table", []).append(ms)
    every = [t for kind, ts in times.items() if kind != "table" for t in ts]
    for kind, ts in sorted(times.items()) + [("all", every)]:
        ts = sorted(ts)
        p95 = ts[min(len(ts) - 1, round(0.95 * (len(ts) - 1)))]
        print(
            f"{kind:<9} n={len(ts):<4} p50 {statistics.median(ts):6.1f} ms"
            f"  p95 {p95:6.1f} ms  max {ts[-1]:6.1f} ms"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
