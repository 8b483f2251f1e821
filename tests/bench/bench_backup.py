"""Benchmark: back up and restore 1,000 games (issue 34).

Run: ``uv run python tests/bench/bench_backup.py [--games 1000]``. Not
collected by pytest (the name does not start with ``test_``). ``--games``
games of 4 players and 12 rounds each (a long evening), a round half tapped
in every tenth game, written as game files; then the app's own
:class:`~companion.app.backups.Backups` backs them all up, restores the
file into an empty store (every game added: one atomic write each, as every
save), undoes that (every game removed), and restores into the same store
again (every game already here: read and
compared, nothing written). Twice: ``disk``, the served app's store (a
folder, every write fsynced), and ``memory``, the same store code on a dict
(what the phone app runs, without its IndexedDB and not under Pyodide: a
floor, not the phone's figure). Each step's wall time (opening the store
included), the file's size and the machine's load are printed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from share_games import random_game  # noqa: E402

from companion.app.backups import Backups  # noqa: E402
from companion.app.entry import RoundDraft  # noqa: E402
from companion.app.hub import GameHub  # noqa: E402
from companion.app.live import LiveSeat  # noqa: E402
from companion.store import GameStore  # noqa: E402
from companion.store.records import GameRecord  # noqa: E402

T = TypeVar("T")


def game_files(n: int) -> dict[str, str]:
    """``n`` game files, by their name in the data folder."""
    files = {}
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
        files[f"games/{record.id}.json"] = text
    return files


def on_disk(path: Path, files: dict[str, str]) -> Callable[[], GameStore]:
    """The served app's store: a folder of game files."""
    (path / "games").mkdir(parents=True)
    for name, text in files.items():
        (path / name).write_text(text, encoding="utf-8")
    return lambda: GameStore(path)


def in_memory(files: dict[str, str]) -> Callable[[], GameStore]:
    """The phone app's store code on a dict instead of a disk."""
    return lambda: GameStore.memory(files)


def backups(store: GameStore) -> Backups:
    return Backups(GameHub(store), LiveSeat())


def timed(label: str, work: Callable[[], T]) -> T:
    start = time.perf_counter()
    result = work()
    print(f"{label}: {time.perf_counter() - start:.2f} s")
    return result


def run(kind: str, n: int, home: Callable[[], GameStore], empty: GameStore) -> None:
    """Back up ``home``'s games, restore them into ``empty``, then into
    ``home`` again; each step timed (opening the store included)."""
    made = timed(f"{kind}: back up {n} games", lambda: backups(home()).export())
    size = len(made.data)
    print(
        f"{kind}: backup file {size / 1e6:.2f} MB, {made.games} games, "
        f"{size / max(made.games, 1) / 1e3:.1f} kB a game"
    )
    fresh = backups(empty)
    said = timed(
        f"{kind}: restore {n} games into an empty store",
        lambda: asyncio.run(fresh.restore(made.data)),
    )
    print(f"{kind}:   said: {said}")
    timed(f"{kind}: undo that restore", lambda: asyncio.run(fresh.undo()))
    said = timed(
        f"{kind}: restore {n} games into the same store",
        lambda: asyncio.run(backups(home()).restore(made.data)),
    )
    print(f"{kind}:   said: {said}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    n = args.games
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    files = game_files(n)
    with tempfile.TemporaryDirectory() as tmp:
        home = on_disk(Path(tmp) / "home", files)
        run("disk", n, home, GameStore(Path(tmp) / "empty"))
    run("memory", n, in_memory(dict(files)), GameStore.memory())
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
