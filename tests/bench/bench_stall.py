"""Benchmark: how long one client's flood of taps holds up everyone else.

Run: ``uv run python tests/bench/bench_stall.py [--runs 5] [--events 1000]
[--spread 0] [--app-root DIR]``. Not collected by pytest;
tests/bench/test_bench_smoke.py runs one short pass in CI, checks that it
prints its figures and judges none. Issue 25, bug 5: 1,000 click events
from one phone in 0.04 s stopped a server opening any session for 66 s on
a loaded machine; paced over 0.8 s, another phone's tap took 10.7 s.

Setup: one two-player game in a temp data folder, the real server
(``python -m companion``, from ``--app-root``: before/after comparisons),
and three raw Flet sessions (tests/flet_client.py, no browser): the
flooder on the game's round entry with Ann's line chosen, the other phone
on the same screen with Bob's line chosen. Each run: the flooder sends
``--events`` clicks on its "7" key (all at once, or spread evenly over
``--spread`` seconds; the first few add sevens, the rest are refused as no
copy is left, as in the issue), and right after its first click

- **another page's tap**: the other phone taps "5" for Bob; timed from
  sending it to the first frame holding Bob's new chip ("Bob 5");
- **another tab opens**: a new session registers at ``/``; timed from
  sending its REGISTER to the first frame holding Home's "New game".

Then the other phone takes its 5 off again (not timed), the server falls
quiet, and the next run starts. The same two figures are taken without a
flood first (the baseline). Medians over ``--runs``; the machine's load
average (``os.getloadavg()``, as ``uptime`` prints it) before and after.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.browser.harness import ROOT, running_server  # noqa: E402
from tests.flet_client import RawPage  # noqa: E402

WAIT = 300.0  # s: an answer later than this fails the run


def loadavg() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def seed(data: Path) -> str:
    from companion.rules import Sheet
    from companion.store import GameStore

    store = GameStore(data)
    game = store.create(Sheet.new(["Ann", "Bob"]))
    store.close()
    return game


def quiet(page: RawPage, seconds: float = 1.0) -> None:
    """Until ``page`` has been sent nothing for ``seconds``."""
    while True:
        last = page.frames[-1][0] if page.frames else 0.0
        if time.monotonic() - last >= seconds:
            return
        time.sleep(0.1)


def flood(
    page: RawPage, key: int, events: int, spread: float, started: threading.Event
) -> None:
    gap = spread / events if spread > 0 else 0.0
    start = time.monotonic()
    for i in range(events):
        if gap:
            time.sleep(max(0.0, start + i * gap - time.monotonic()))
        page.event(key, "click")
        started.set()


def one_run(
    port: int, game: str, pages: tuple[RawPage, RawPage], events: int, spread: float
) -> tuple[float, float]:
    """(another page's tap, another tab's Home) in seconds."""
    flooder, other = pages
    sender = None
    if events:
        started = threading.Event()
        key = flooder.find("7")
        sender = threading.Thread(
            target=flood, args=(flooder, key, events, spread, started)
        )
        sender.start()
        started.wait(WAIT)  # the first click is on its way
    sent = other.click("5")
    opened_at = time.monotonic()
    tab = RawPage(port, "/", open_timeout=WAIT)  # a stalled server is slow to accept
    tap = other.wait_for("Bob 5", after=sent, timeout=WAIT) - sent
    home = tab.wait_for("New game", timeout=WAIT) - opened_at
    tab.close()
    if sender is not None:
        sender.join()
    quiet(flooder)
    removed = other.click("Remove 5 from Bob")
    other.wait_for("Bob 0", after=removed, timeout=WAIT)
    quiet(other)
    return tap, home


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--spread", type=float, default=0.0, help="seconds")
    parser.add_argument("--app-root", type=Path, default=ROOT)
    args = parser.parse_args()
    print(f"load average before: {loadavg()}", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        game = seed(data)
        with running_server(data, app_root=args.app_root) as server:
            flooder = RawPage(server.port, f"/game/{game}/entry")
            other = RawPage(server.port, f"/game/{game}/entry")
            for page in (flooder, other):
                page.wait_for("5, 5 left", timeout=WAIT)
            other.click("Bob 0")
            other.wait_for("Bob", timeout=WAIT)
            quiet(other)
            figures: dict[str, list[tuple[float, float]]] = {"quiet": [], "flood": []}
            for run in range(args.runs):
                for kind, events in (("quiet", 0), ("flood", args.events)):
                    tap, home = one_run(
                        server.port, game, (flooder, other), events, args.spread
                    )
                    figures[kind].append((tap, home))
                    print(
                        f"run {run + 1}, {kind}: another page's tap {tap:.3f} s, "
                        f"another tab's Home {home:.3f} s",
                        flush=True,
                    )
    for kind, rows in figures.items():
        taps = statistics.median(t for t, _ in rows)
        homes = statistics.median(h for _, h in rows)
        what = "no flood" if kind == "quiet" else f"{args.events} events"
        print(
            f"median of {len(rows)} ({what}, spread {args.spread:g} s): "
            f"another page's tap {taps:.3f} s, another tab's Home {homes:.3f} s"
        )
    print(f"load average after: {loadavg()}")


if __name__ == "__main__":
    main()
