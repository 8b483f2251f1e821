"""Engine CPU per round, two source trees side by side (a script, not a test).

    uv run python tests/bench/bench_side.py --old /work/wt-engine-old [--pairs 5]

Runs the ``stop`` self-play benchmark (``simulate(300 games, 4 stop players,
seed 1)``, what tests/bench/bench_engine.py times) in a fresh process per
tree, alternating old and new ``--pairs`` times so both see the same load.
Each process plays one warm-up run, then ``--repeat`` timed runs, and
reports its median CPU µs per round (``time.process_time``: on a shared
machine steadier than the wall clock). Prints every run, the median over
the runs of each tree, the ratio, and the load average before and after.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

NEW = Path(__file__).resolve().parents[2]

SNIPPET = """
import statistics, sys, time
sys.path.insert(0, {root!r})
from companion.rules import Rules
from companion.labs.simulate import simulate
simulate({games}, 4, ["stop"], seed=1, rules=Rules())  # warm-up
runs = []
for _ in range({repeat}):
    cpu = time.process_time()
    res = simulate({games}, 4, ["stop"], seed=1, rules=Rules())
    runs.append((time.process_time() - cpu) * 1e6 / res.rounds)
print(res.rounds, statistics.median(runs))
"""


def run(root: Path, games: int, repeat: int) -> tuple[int, float]:
    code = SNIPPET.format(root=str(root), games=games, repeat=repeat)
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return int(out[0]), float(out[1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--old", type=Path, required=True, help="the old tree")
    parser.add_argument("--new", type=Path, default=NEW, help="the new tree")
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    load0 = os.getloadavg()
    figures: dict[str, list[float]] = {"old": [], "new": []}
    for pair in range(args.pairs):
        for name, root in (("old", args.old), ("new", args.new)):
            rounds, us = run(root, args.games, args.repeat)
            figures[name].append(us)
            print(f"pair {pair + 1} {name}: {rounds} rounds, {us:.1f} µs CPU/round")
    load1 = os.getloadavg()
    old, new = (statistics.median(figures[k]) for k in ("old", "new"))
    print(
        f"median old {old:.1f} µs, new {new:.1f} µs CPU per round: "
        f"new/old = {new / old:.3f} ({old / new:.2f}x faster); load average "
        f"{load0[0]:.2f} -> {load1[0]:.2f}"
    )


if __name__ == "__main__":
    main()
