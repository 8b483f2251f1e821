"""Benchmark: back up and restore 1,000 games (issue 34).

Run: ``uv run python tests/bench/bench_backup.py [--games 1000]``. Not
collected by pytest (the name does not start with ``test_``). The served
app's store, on disk: ``--games`` games of 4 players and 12 rounds each
(a long evening), a round half tapped in every tenth game, written as game
files; then the app's own :class:`~companion.app.backups.Backups` backs
them all up, restores the file into an empty folder (every game added: one
atomic write each, as every save) and into the same folder again (every
game already here: read and compared, nothing written). Each step's wall
time, the file's size and the machine's load are printed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from share_games import random_game  # noqa: E402

from companion.app.backups import Backups  # noqa: E402
from companion.app.entry import RoundDraft  # noqa: E402
from companion.app.hub import GameHub  # noqa: E402
from companion.app.live import LiveSeat  # noqa: E402
from companion.store import GameStore  # noqa: E402
from companion.store.records import GameRecord  # noqa: E402


def populate(path: Path, n: int) -> None:
    """``n`` game files written directly (the store indexes them on open)."""
    games = path / "games"
    games.mkdir(parents=True)
    for i in range(n):
        sheet = random_game(4, 12, seed=i)
        stamp = f"2025-01-01T00:00:{i % 60:02d}.{i:06d}+00:00"
        draft = None
        if i % 10 == 0:  # a round half tapped in
            half = RoundDraft.fresh(sheet)
            half.lines = {"p1": ["5", "9"], "p3": ["12"]}
            draft = half.to_dict()
        record = GameRecord(f"g-{i:05d}", sheet, stamp, stamp, {}, draft)
        text = json.dumps({"game": {"1": record.to_doc()}})
        (games / f"{record.id}.json").write_text(text, encoding="utf-8")


def backups(path: Path) -> Backups:
    return Backups(GameHub(GameStore(path)), LiveSeat())


def timed(label: str, work):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    result = work()
    print(f"{label}: {time.perf_counter() - start:.2f} s")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    n = args.games
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as tmp:
        home, empty = Path(tmp) / "home", Path(tmp) / "empty"
        populate(home, n)
        made = timed(f"back up {n} games", lambda: backups(home).export())
        size = len(made.data)
        print(
            f"backup file: {size / 1e6:.2f} MB, {made.games} games, "
            f"{size / max(made.games, 1) / 1e3:.1f} kB a game"
        )
        added = timed(
            f"restore {n} games into an empty folder",
            lambda: backups(empty).restore(made.data),
        )
        print(f"  said: {added}")
        here = timed(
            f"restore {n} games into the same folder",
            lambda: backups(home).restore(made.data),
        )
        print(f"  said: {here}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
