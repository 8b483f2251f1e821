"""Benchmark of the digital deal engine (a script, not a test).

    uv run python tests/bench/bench_engine.py [--games N] [--positions N]

Prints the simulator's rounds per second with four stop-at-value players
(whole games, as ``companion simulate`` plays them; wall clock and CPU time,
and CPU time per round, which a loaded machine disturbs less)
and the advisor's latency at the 50th and 95th percentile over random turn
positions. The figures go into docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time

from companion.labs.simulate import simulate
from companion.rules import Rules, advise
from companion.rules.round import Round


def bench_simulate(games: int, repeat: int) -> tuple[list[float], list[float], int]:
    """Rounds/s over ``repeat`` runs (wall clock and CPU time): on a shared
    machine the best run is the least disturbed one."""
    walls, cpus, rounds = [], [], 0
    for _ in range(repeat):
        cpu = time.process_time()
        res = simulate(games, 4, ["stop"], seed=1, rules=Rules())
        cpu = time.process_time() - cpu
        walls.append(res.rounds / res.seconds)
        cpus.append(res.rounds / cpu)
        rounds = res.rounds
    return walls, cpus, rounds


def turn_positions(n: int, seed: int) -> list[Round]:
    """Random positions where a player must hit or stay, early to late."""
    rng = random.Random(seed)
    out: list[Round] = []
    while len(out) < n:
        rnd = Round.start(players=rng.randint(2, 6), seed=rng.getrandbits(32))
        stop = rng.randint(0, 40)
        for _ in range(stop):
            if rnd.over:
                break
            rnd.play(rng.choice(rnd.legal()))
        pend = rnd.pending
        if pend is not None and pend.kind == "turn":
            out.append(rnd)
    return out


def bench_advisor(positions: int) -> tuple[float, float, float]:
    times = []
    for i, rnd in enumerate(turn_positions(positions, seed=3)):
        start = time.perf_counter()
        advise(rnd, seed=i)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return statistics.median(times), p95, max(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--positions", type=int, default=200)
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {os.cpu_count()} cores")
    walls, cpus, rounds = bench_simulate(args.games, args.repeat)
    print(
        f"simulate, 4 stop players, {args.repeat} runs of {rounds} rounds: "
        f"median {statistics.median(walls):,.0f} rounds/s, "
        f"best {max(walls):,.0f} rounds/s (wall clock); "
        f"median {statistics.median(cpus):,.0f} rounds/s (CPU time), "
        f"{1e6 / statistics.median(cpus):.0f} µs CPU per round "
        f"(best {1e6 / max(cpus):.0f} µs)"
    )
    p50, p95, worst = bench_advisor(args.positions)
    print(
        f"advisor over {args.positions} turn positions: "
        f"p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {worst:.1f} ms"
    )


if __name__ == "__main__":
    main()
