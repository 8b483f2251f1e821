"""Benchmark: how long saving one round takes with 1 and with 1,000 games.

Run: ``uv run python tests/bench/bench_store.py [--rounds 200]``. Not collected
by pytest (the name does not start with ``test_``). Each save is the real
thing: the game file written to a temp file, fsynced and renamed, then the
directory fsynced. The target is a p95 under 20 ms, about equal for both.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from store_helpers import a_round, populate  # noqa: E402

from companion.rules import Rules, Sheet  # noqa: E402
from companion.store import GameStore  # noqa: E402

GAME_ROUNDS = 25  # games to 200 usually take 6 to 15 rounds


def measure(others: int, rounds: int) -> list[float]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp)
        populate(path, others)
        store = GameStore(path)
        names = [f"Player {i}" for i in range(6)]
        times = []
        for n in range(rounds):
            if n % GAME_ROUNDS == 0:  # a long game, then the next one
                sheet = Sheet.new(names, Rules(target=10**5))
                game_id = store.create(sheet)
            sheet = sheet.add_round(a_round(sheet, 7))
            start = time.perf_counter()
            store.save(game_id, sheet, draft=None)
            times.append((time.perf_counter() - start) * 1000)
        store.close()
        return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args()
    for games in (1, 1000):
        times = sorted(measure(games - 1, args.rounds))
        p50 = statistics.median(times)
        p95 = times[int(0.95 * (len(times) - 1))]
        print(
            f"{games:>5} game(s) on disk: save a round p50 {p50:.2f} ms, "
            f"p95 {p95:.2f} ms, max {times[-1]:.2f} ms ({len(times)} saves)"
        )


if __name__ == "__main__":
    main()
