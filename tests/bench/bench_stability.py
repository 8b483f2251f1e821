"""Stability of the hit/stay advice (issue 26, item 5): the same positions
advised under two seeds of the play-outs; how many suggestions change, and
how many of those were not labelled close under either seed.

    uv run python tests/bench/bench_stability.py [--positions 300] [--seed 26]

The positions are turns met in games of stop bots (2-5 players, thresholds
15-35, game totals known: ``tests/test_advisor.py::turn_positions``). Prints
one line per changed suggestion, the counts by verdict, and a JSON line.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/

from test_advisor import turn_positions  # noqa: E402

from companion.rules import advise  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=26)
    args = parser.parse_args()
    start = time.perf_counter()
    verdicts: collections.Counter[str] = collections.Counter()
    changed = unlabelled = 0
    rounds = turn_positions(args.positions, seed=args.seed)[: args.positions]
    for i, rnd in enumerate(rounds):
        one, two = advise(rnd, seed=0), advise(rnd, seed=1)
        verdicts[one.verdict] += 1
        if one.suggestion == two.suggestion:
            continue
        changed += 1
        labelled = one.close or two.close
        unlabelled += not labelled
        print(
            f"position {i}: {one.suggestion} ({one.verdict}, "
            f"{100 * (one.win_hit - one.win_stay):+.1f} ± {100 * one.margin:.1f}) "
            f"-> {two.suggestion} ({two.verdict}, "
            f"{100 * (two.win_hit - two.win_stay):+.1f} ± {100 * two.margin:.1f})"
        )
    seconds = time.perf_counter() - start
    print(
        f"{len(rounds)} positions: {changed} suggestions change with the seed, "
        f"{unlabelled} of them not labelled close; verdicts "
        + ", ".join(f"{k} {n}" for k, n in sorted(verdicts.items()))
    )
    print(
        json.dumps(
            {
                "positions": len(rounds),
                "changed": changed,
                "unlabelled": unlabelled,
                "verdicts": dict(verdicts),
                "seconds": round(seconds, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
