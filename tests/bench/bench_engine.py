"""Benchmark of the digital deal engine (a script, not a test).

    uv run python tests/bench/bench_engine.py [--games N] [--positions N]
    uv run python tests/bench/bench_engine.py --against DIR [--runs N]

Prints the simulator's rounds per second with four stop-at-value players
(whole games, as ``companion simulate`` plays them; wall clock and CPU time,
and CPU time per round, which a loaded machine disturbs less)
and the advisor's latency at the 50th and 95th percentile over random turn
positions. The figures go into docs/benchmarks.md.

``--against DIR``: this engine side by side with another copy of the
sources (DIR holds its ``companion`` package, e.g. ``git archive COMMIT
companion | tar -x -C DIR``), each measured in a subprocess of its own,
alternated ``--runs`` times, so both see the same load; medians and the
ratio new/old per figure. The figures are CPU time per unit: a simulated
round with four ``stop`` players and with four ``win`` players (these ask
at every turn), and one paired sample of the advisor (``advisor._sample``:
a fork of the position, the rest of the round played out after hitting and
after staying, the chance to win the game from each, near the end the next
round played out too) at fixed turn positions. ``COMPANION_PURE_PYTHON=1``
measures the plain sources (what phones run); otherwise each copy runs its
own compiled build when one exists (``companion engine build`` in each).
``--instructions K`` (with ``--against``): callgrind's instruction count
per advisor sample (K a position) and per simulated round (4K games of
``stop`` players, K of ``win`` players) instead, old and new, which the
load does not change.
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


def cpu_per_round(games: int, bot: str) -> float:
    """CPU µs per round of ``games`` whole games of four ``bot`` players."""
    cpu = time.process_time()
    res = simulate(games, 4, [bot], seed=1, rules=Rules())
    return (time.process_time() - cpu) * 1e6 / res.rounds


def game_positions(n: int, seed: int) -> list[Round]:
    """Hit-or-stay positions met in whole games (totals, the end near at
    times: the others' endgame rule and the next round played out count),
    each a fork of the round at a random turn of it."""
    from companion.rules import Match

    rng = random.Random(seed)
    out: list[Round] = []
    while len(out) < n:
        match = Match(rng.randint(2, 5), Rules(), seed=rng.getrandbits(32))
        while not match.over and len(out) < n:
            rnd = match.start_round()
            wait = rng.randint(0, 12)
            while (pend := rnd.pending) is not None:
                if pend.kind == "turn" and len(pend.options) == 2 and wait == 0:
                    out.append(rnd.fork(random.Random(len(out))))
                wait -= 1
                if pend.kind != "turn":
                    rnd.play(rng.choice(pend.options))
                else:  # stop at 22, a plain table
                    low = rnd.number_sum(pend.player) < 22
                    rnd.play(pend.options[0] if low else pend.options[-1])
            match.finish_round(rnd)
    return out


def cpu_per_sample(rounds: list[Round], samples: int) -> float:
    """CPU µs per paired sample of the advisor at these turn positions."""
    from companion.rules.advisor import PLAYOUT_OTHERS, _sample
    from companion.rules.bots import Bot, WinBot

    cpu = time.process_time()
    for i, rnd in enumerate(rounds):
        pend = rnd.pending
        assert pend is not None
        bots: list[Bot] = [PLAYOUT_OTHERS] * rnd.players
        bots[pend.player] = WinBot()
        rng = random.Random(i)
        for _ in range(samples):
            _sample(rnd, pend.player, bots, rng)
    return (time.process_time() - cpu) * 1e6 / (len(rounds) * samples)


def child(games: int, positions: int) -> None:
    """One side's figures, as one JSON line (``--against``)."""
    import json

    from companion.rules import round as round_module
    from companion.rules.winchance import heads_up

    for size in range(2, 7):
        heads_up(size)  # the win-chance model's tables, built once a process
    free = [r for r in turn_positions(3 * positions, seed=3) if len(r.legal()) == 2]
    early = free[:positions]  # hit or stay (the advisor samples no forced hit)
    played = game_positions(positions, seed=5)
    cpu_per_sample(early[:3], 4)  # warm: caches, imports
    print(
        json.dumps(
            {
                "compiled": not round_module.__file__.endswith(".py"),
                "stop": cpu_per_round(games, "stop"),
                "win": cpu_per_round(games // 3, "win"),
                "sample": cpu_per_sample(early, 20),
                "game": cpu_per_sample(played, 20),
            }
        )
    )


def count_child(positions: int, samples: int, kind: str = "sample") -> None:
    """Play ``samples`` advisor samples at each position of both sets, or
    (``kind`` "stop" or "win") ``samples`` whole games of four such bots and
    print how many rounds they made (no timing: run under callgrind,
    ``--instructions``)."""
    from companion.rules.winchance import heads_up

    for size in range(2, 7):
        heads_up(size)  # built once a process: in both runs, not in the count
    if kind != "sample":
        res = simulate(samples, 4, [kind], seed=1, rules=Rules()) if samples else None
        print(res.rounds if res else 0)
        return
    free = [r for r in turn_positions(3 * positions, seed=3) if len(r.legal()) == 2]
    rounds = free[:positions] + game_positions(positions, seed=5)
    if samples:
        cpu_per_sample(rounds, samples)


def instructions(other: str, positions: int, samples: int) -> None:
    """Instructions per advisor sample, old and new (callgrind: the same
    figure whatever the load), each the difference between a run with
    ``samples`` samples a position and one with none, over the positions."""
    import re
    import subprocess
    import sys
    from pathlib import Path

    here = str(Path(__file__).resolve().parents[2])
    print(f"callgrind, {2 * positions} positions, load {_load()}")
    # What is counted: advisor samples at each position, or whole games of
    # four ``stop`` (4 × samples games) or ``win`` players (samples games).
    plans = (("sample", samples), ("stop", 4 * samples), ("win", samples))
    for kind, k_max in plans:
        for name, root in (("old", str(Path(other).resolve())), ("new", here)):
            got, units = [], 2 * positions * samples
            for k in (0, k_max):
                run = subprocess.run(
                    ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
                    + [sys.executable, str(Path(__file__).resolve())]
                    + ["--count", str(k), "--kind", kind]
                    + ["--positions", str(positions)],
                    env=dict(os.environ, PYTHONPATH=root),
                    cwd=root,
                    capture_output=True,
                    text=True,
                    check=True,
                )
                found = re.search(r"Collected : (\d+)", run.stderr)
                assert found, run.stderr[-2000:]
                got.append(int(found.group(1)))
                if kind != "sample" and k:
                    units = int(run.stdout.split()[-1])  # the rounds played
            each = (got[1] - got[0]) / units
            unit = "advisor sample" if kind == "sample" else f"round, 4 {kind}"
            print(f"{name}: {each / 1000:,.0f} k instructions per {unit}")


def against(other: str, runs: int, games: int, positions: int) -> None:
    """This engine and ``other``'s alternated in subprocesses (see the
    module's docstring)."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    here = str(Path(__file__).resolve().parents[2])
    sides = {"old": str(Path(other).resolve()), "new": here}
    got: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
    print(f"Python {platform.python_version()}, {os.cpu_count()} cores, load {_load()}")
    for run in range(runs):
        for name in ("old", "new") if run % 2 == 0 else ("new", "old"):
            env = dict(os.environ, PYTHONPATH=sides[name])
            out = subprocess.run(
                [sys.executable, str(Path(__file__).resolve()), "--child"]
                + ["--games", str(games), "--positions", str(positions)],
                env=env,
                cwd=sides[name],
                capture_output=True,
                text=True,
            )
            if out.returncode:
                raise SystemExit(f"{name} ({sides[name]}) failed:\n{out.stderr}")
            got[name].append(json.loads(out.stdout.strip().splitlines()[-1]))
    print(f"after {runs} runs each, load {_load()}")
    for key, label in (
        ("stop", "µs CPU per round, 4 stop players"),
        ("win", "µs CPU per round, 4 win players"),
        ("sample", "µs CPU per advisor sample, new rounds (2 play-outs)"),
        ("game", "µs CPU per advisor sample, positions of games"),
    ):
        old = statistics.median(r[key] for r in got["old"])
        new = statistics.median(r[key] for r in got["new"])
        print(f"{label}: old {old:,.0f}, new {new:,.0f}, new/old {new / old:.2f}")
    kinds = {str(r["compiled"]) for side in got.values() for r in side}
    print(f"compiled: {', '.join(sorted(kinds))}")


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--against", help="the other engine's source folder")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--kind", default="sample", help=argparse.SUPPRESS)
    parser.add_argument(
        "--instructions",
        type=int,
        metavar="SAMPLES",
        help="with --against: callgrind's instructions per advisor sample",
    )
    args = parser.parse_args()
    if args.count is not None:
        count_child(args.positions, args.count, args.kind)
        return
    if args.against and args.instructions:
        instructions(args.against, args.positions, args.instructions)
        return
    if args.child:
        child(args.games, args.positions)
        return
    if args.against:
        against(args.against, args.runs, args.games, args.positions)
        return
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
