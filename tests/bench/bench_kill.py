"""Benchmark: SIGKILL during saves, N times on one data folder.

Run: ``nice -n 10 uv run python tests/bench/bench_kill.py [--kills 200]``.
Not collected by pytest; the quick version kept in the suite (3 kills) is
``tests/test_store.py::test_kill_9_loses_no_acknowledged_round``.

Each of the N rounds starts a writer process on the same folder, which opens
the store (healing the index after the last kill), then keeps saving rounds
of one game (each with a draft), taps (draft saves) and, every 7th
round, a new game, printing ``ACK n`` once ``save`` has returned; after
``GAME_ROUNDS`` rounds the next writer starts a new game (real games are
short, and a save re-scores the whole sheet). The writer
is killed with SIGKILL at a random moment: mostly while saving, sometimes
while it opens the store. After every kill the folder is checked as the app
would find it: every game and index file parses, the store opens without a
warning, the long game holds every acknowledged round (and at most the one
being saved), its draft is the one saved with it, and every listed game
loads. Any failure stops the run with a non-zero exit.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAME_ROUNDS = 25
sys.path.insert(0, str(ROOT))

from companion.store import GameStore  # noqa: E402

WRITER = textwrap.dedent(
    """
    import sys
    from companion.rules import Entry, RoundRecord, Rules, Sheet
    from companion.store import GameStore

    print("OPENING", flush=True)
    store = GameStore(sys.argv[1])
    gid = sys.argv[2] if len(sys.argv) > 2 else None
    if gid is None:
        gid = store.create(Sheet.new(["Ann", "Bob", "Cleo"], Rules(target=10**5)))
    sheet = store.load(gid).sheet
    print("READY", gid, len(sheet.rounds), flush=True)
    n = len(sheet.rounds)
    while True:
        n += 1
        store.save_draft(gid, {"tapping": n})  # a tap before the save
        entries = tuple((p, Entry((str(1 + n % 12),))) for p in ("p1", "p2", "p3"))
        sheet = sheet.add_round(RoundRecord(sheet.next_dealer().id, entries))
        store.save(gid, sheet, draft={"after": n})
        if n % 7 == 0:  # keep the index busy too
            store.create(Sheet.new(["X", "Y"]))
        print("ACK", n, flush=True)
    """
)


class Lost(AssertionError):
    """The folder after a kill is not what the writer acknowledged."""


def one_kill(data: Path, gid: str | None, rng: random.Random) -> tuple[str, int, str]:
    """Start the writer, kill it at a random moment; (game id, rounds
    acknowledged, where the kill landed)."""
    args = [sys.executable, "-c", WRITER, str(data)] + ([gid] if gid else [])
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "OPENING"
    if gid is not None and rng.random() < 0.2:  # while the store opens
        time.sleep(rng.uniform(0, 0.03))
        where = "opening"
    else:
        ready = proc.stdout.readline().split()
        gid = ready[1]
        time.sleep(rng.uniform(0.001, 0.12))
        where = "saving"
    os.kill(proc.pid, signal.SIGKILL)
    # Only whole lines count: the kill may cut one being printed.
    lines = [line for line in proc.stdout.read().splitlines(True) if line[-1:] == "\n"]
    proc.wait()
    ready = [line.split() for line in lines if line.startswith("READY")]
    if ready:
        gid = ready[0][1]
    assert gid is not None
    acks = [int(line.split()[1]) for line in lines if line.startswith("ACK")]
    return gid, max(acks, default=-1), where


def check(data: Path, gid: str, acked: int, done: dict[str, int]) -> tuple[int, int]:
    """The folder as the app finds it; (rounds on disk, games loaded)."""
    for path in [data / "index.json", *(data / "games").glob("*.json")]:
        json.loads(path.read_text(encoding="utf-8"))  # every file parses
    store = GameStore(data)
    if store.warnings:
        raise Lost(f"warnings on opening: {store.warnings}")
    record = store.load(gid)
    rounds = len(record.sheet.rounds)
    if not acked <= rounds <= acked + 1:
        raise Lost(f"{acked} rounds acknowledged, {rounds} on disk")
    if rounds and record.draft not in ({"after": rounds}, {"tapping": rounds + 1}):
        raise Lost(f"draft {record.draft} with {rounds} rounds")
    games = store.list_games()
    for summary in games:  # every game loads, the earlier long games whole
        loaded = len(store.load(summary.id).sheet.rounds)
        if summary.id != gid and loaded != done.get(summary.id, loaded):
            raise Lost(f"{summary.id}: {done[summary.id]} rounds, now {loaded}")
    store.close()
    return rounds, len(games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    started = time.monotonic()
    landed = {"opening": 0, "saving": 0}
    one_more = 0  # kills after a save was durable but before its ACK
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        gid: str | None = None
        acked = 0
        done: dict[str, int] = {}  # long games played out: their rounds
        for _ in range(args.kills):
            gid, last, where = one_kill(data, gid, rng)
            landed[where] += 1
            acked = max(acked, last)
            rounds, games = check(data, gid, acked, done)
            one_more += rounds == acked + 1
            acked = rounds  # the next writer goes on from what is on disk
            done[gid] = rounds
            if rounds >= GAME_ROUNDS:
                gid, acked = None, 0
        total = sum(done.values())
    took = time.monotonic() - started
    print(
        f"{args.kills} kills ({landed['saving']} while saving, "
        f"{landed['opening']} while opening the store) in {took:.0f} s: "
        f"{total} rounds in {len(done)} long games acknowledged and on disk, "
        f"0 lost; {games} games in all, "
        f"every one loads; no warning on any of the {args.kills} reopenings; "
        f"{one_more} kills fell after a save was durable, before its ACK"
    )


if __name__ == "__main__":
    main()
