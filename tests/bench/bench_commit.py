"""Benchmark: one commit on a shared game, with 1 and with 8 sessions on it.

Run: ``uv run python tests/bench/bench_commit.py [--taps 200]``. Not
collected by pytest. What a commit is: an intent of a session
(``RoundEntry.add_card`` then ``remove_card`` through ``AppState.act``, taps
on a card key) going through ``OpenGame.commit``: the game's lock, the
conflict check, a copy of the round being entered, the rules check, the
durable write of the game file (temp file, fsync, rename, directory fsync)
on a real disk, the swap and the watchers told. With 8 sessions, each taps
its own player's line from its own thread at the same time (8 phones tapping
at once, the worst case for the lock). "Told" is the time from the intent's
start until another session's change callback ran (in the app that callback
hops to the page's loop and re-renders; the browser part is measured by
bench_live.py)."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/

from drive import drive  # noqa: E402

from companion.app import AppState  # noqa: E402
from companion.app.hub import GameHub  # noqa: E402
from companion.store import GameStore  # noqa: E402


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def run(sessions: int, taps: int, folder: Path) -> dict[str, float]:
    hub = GameHub(GameStore(folder))
    opener = AppState(hub)
    for i in range(max(2, sessions)):
        drive(opener.act(opener.form.add, f"P{i + 1}"))
    assert opener.start_game() is None and opener.game_id is not None
    states = [opener] + [AppState(hub) for _ in range(sessions - 1)]
    for state in states[1:]:
        assert state.open_game(opener.game_id) is None
    commits: list[float] = []
    told: list[float] = []
    started: dict[int, float] = {}
    lock = threading.Lock()

    for i, state in enumerate(states):

        def heard(i: int = i) -> None:
            now = time.perf_counter()
            with lock:
                told.extend(now - t for who, t in started.items() if who != i)

        state.news.subscribe(heard)

    def tap(i: int) -> None:
        state, pid = states[i], f"p{i + 1}"
        for n in range(taps):
            state.shown()
            with lock:
                started[i] = time.perf_counter()
            t0 = started[i]
            if n % 2 == 0:
                result = drive(
                    state.act(state.entry.add_card, pid, str(i + 1))
                )  # its own card: copies suffice
            else:
                result = drive(state.act(state.entry.remove_card, pid, 0))
            commits.append(time.perf_counter() - t0)
            with lock:
                started.pop(i, None)
            assert result is None, result

    threads = [threading.Thread(target=tap, args=(i,)) for i in range(sessions)]
    wall = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    wall = time.perf_counter() - wall
    hub.store.close()
    ms = [c * 1000 for c in commits]
    out = {
        "sessions": sessions,
        "commits": len(ms),
        "p50_ms": round(statistics.median(ms), 2),
        "p95_ms": round(percentile(ms, 95), 2),
        "max_ms": round(max(ms), 2),
        "commits_per_s": round(len(ms) / wall, 1),
    }
    if told:
        out["told_p50_ms"] = round(statistics.median(told) * 1000, 2)
        out["told_p95_ms"] = round(percentile([t * 1000 for t in told], 95), 2)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=200, help="taps per session")
    args = parser.parse_args()
    for sessions in (1, 8):
        with tempfile.TemporaryDirectory() as tmp:
            result = run(sessions, args.taps, Path(tmp))
        print(json.dumps(result))


if __name__ == "__main__":
    main()
