"""Benchmark: server memory after 1,000 browser sessions opened and closed.

Run: ``uv run python tests/bench/bench_sessions.py [--sessions 1000]
[--timeout 5] [--warmup 100] [--rounds 2] [--parallel 8] [--abrupt]``. Not
collected by pytest; tests/bench/test_bench_smoke.py runs one short pass in
CI, checks that it prints its figures and judges none. Target (issue 10):
the server's RSS, once the closed sessions have expired, within 10 MB of
what it was before them.

Why: Flet keeps a closed web session (its page, every control and our
per-session state) for FLET_SESSION_TIMEOUT seconds so that a client that
reconnects resumes it; its default is 3,600 s. ``companion`` sets a shorter
one (see companion/__main__.py); this benchmark sets ``--timeout`` seconds
(short, so it does not wait ten minutes) and checks that an expired session
is really freed.

Each session is what a browser tab does, over a raw websocket
(tests/flet_client.py): register, wait for Home and for the server to fall
quiet, close. The baseline RSS is taken once ``--warmup`` sessions have
come and expired (with ``--warmup 0``: at once, no wait), then ``--rounds``
times ``--sessions`` sessions and the wait for them to expire. (A client
that closes while the server is still sending
leaks its session for good in Flet 1.0.5: ``FletApp.handle`` then never
reaches ``disconnect_session``, so the session never expires; ``--abrupt``
closes right after Home to show it; companion/server/flet_guard.py now frees
those too.) RSS is the server process's (the forked child of
``companion``), from /proc; the sessions Flet still holds are counted from
its own log (FLET_LOG_LEVEL=info: "New session created", "Delete
session").
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.browser.harness import ROOT, running_server  # noqa: E402
from tests.flet_client import one_session  # noqa: E402


def server_pid(parent: int) -> int:
    """The forked child that serves (companion supervises it)."""
    children = Path(f"/proc/{parent}/task/{parent}/children").read_text().split()
    return int(children[0]) if children else parent


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def held(log: Path) -> int:
    """Sessions Flet's app manager holds now, by its own log lines."""
    text = log.read_text(errors="replace")
    return text.count("New session created") - text.count("Delete session (")


def sessions(port: int, count: int, quiet: float, parallel: int) -> float:
    """``count`` sessions, ``parallel`` tabs at a time; the seconds taken."""
    start = time.monotonic()
    with ThreadPoolExecutor(parallel) as pool:
        for done in [pool.submit(one_session, port, quiet) for _ in range(count)]:
            done.result()
    return time.monotonic() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--timeout", type=int, default=5, help="FLET_SESSION_TIMEOUT")
    parser.add_argument("--warmup", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--parallel", type=int, default=8, help="tabs at a time")
    parser.add_argument(
        "--abrupt", action="store_true", help="close each socket as Home comes"
    )
    parser.add_argument(
        "--games", type=int, default=0, help="finished games listed on Home"
    )
    parser.add_argument(
        "--app-root", type=Path, default=ROOT, help="the checkout to serve"
    )
    args = parser.parse_args()
    # Flet evicts expired sessions every 10 s.
    expire = args.timeout + 12
    print(f"load average before: {os.getloadavg()}")
    env = {"FLET_SESSION_TIMEOUT": str(args.timeout), "FLET_LOG_LEVEL": "info"}
    with tempfile.TemporaryDirectory() as tmp:
        seed_games(Path(tmp) / "data", args.games)
        measure(args, Path(tmp) / "data", env, expire)
    print(f"load average after: {os.getloadavg()}")


def seed_games(data: Path, count: int) -> None:
    """``count`` finished four-player games for Home to list (issue 25 saw
    1,000 sessions add 379 MB on a folder of 20 games)."""
    from companion.rules import Entry, RoundRecord, Sheet
    from companion.store import GameStore

    store = GameStore(data)
    for n in range(count):
        sheet = Sheet.new([f"Ann{n}", "Bob", "Cy", "Di"])
        while not sheet.over:
            cards = [("12", "11", "10", "9"), ("5",), ("3", "4"), ()]
            lines = tuple(
                (p.id, Entry(c)) for p, c in zip(sheet.players, cards, strict=True)
            )
            sheet = sheet.add_round(RoundRecord(sheet.next_dealer().id, lines))
        store.create(sheet)
    store.close()


def measure(
    args: argparse.Namespace, data: Path, env: dict[str, str], expire: int
) -> None:
    with running_server(data, env, app_root=args.app_root) as server:
        assert server.proc is not None
        pid = server_pid(server.proc.pid)
        print(f"server pid {pid}: RSS at start {rss_mb(pid):.1f} MB")
        quiet = 0 if args.abrupt else 0.5
        if args.warmup:
            sessions(server.port, args.warmup, quiet, args.parallel)
            time.sleep(expire)
        base = rss_mb(pid)
        when = f"after {args.warmup} warm-up sessions expired"
        print(
            f"{when if args.warmup else 'before any session'}: {base:.1f} MB, "
            f"{held(server.log)} sessions held"
        )
        for r in range(args.rounds):
            took = sessions(server.port, args.sessions, quiet, args.parallel)
            kept = rss_mb(pid)
            time.sleep(expire)
            after = rss_mb(pid)
            print(
                f"round {r + 1}: {args.sessions} sessions in {took:.0f} s "
                f"({args.parallel} at a time); RSS with them "
                f"closed but kept {kept:.1f} MB (+{kept - base:.1f}), "
                f"{expire} s later {after:.1f} MB (+{after - base:.1f}), "
                f"{held(server.log)} sessions held",
                flush=True,
            )


if __name__ == "__main__":
    main()
