"""Benchmark: a tap on one page to every other page showing the same game.

Run: ``uv run python tests/bench/bench_live.py --pages 2`` (and ``--pages 9``;
also ``[--taps 60] [--warmup 4] [--per-turn 6]``). Not collected by pytest
(the name does not start with ``test_``); tests/bench/test_bench_smoke.py
runs one short pass in CI, checks that it prints its figures and judges
none. Target (issue 10): propagation p95 under 300 ms.

Setup: seeds one game in a temp data dir (one player per page, at least 2
and at most 8), starts the real server (``python -m companion --port P
--data-dir D``) and opens ``--pages`` pages in Debian's Chromium, each in its
own browser context (its own storage, like another phone) at 390×844, each
loaded straight on the game's entry screen (``/game/<id>/entry``) with
Flutter's semantics tree on (the browser tests' helpers). Page 0 is the
person tapping: it picks each player in turn and taps a few distinct card
keys ("5, 4 left"; up to ``--per-turn``), then takes them off again with the
line's cards ("Remove 5 from Ann"), so every line stays valid (as
``bench_tap.py`` does, with its tap clock and its mirror of the draft). One
tap at a time: the next tap waits until every page shows the last one, for
at most ``bench_tap.WAIT_MS``: a page that never does fails the run, saying
what it shows instead.

How one tap is timed:

- start: page 0's capture-phase ``pointerdown`` listener on ``window``
  (Playwright's real mouse press reaching the page), read with ``Date.now()``;
- end, on each other page: a ``MutationObserver`` on ``flt-semantics-host``
  that fires when the semantics tree shows the player's chip with the new
  score, exactly ("Ann 21", computed with the app's own ``RoundDraft``),
  read with that page's ``Date.now()``. All pages run on this machine, so
  they share one wall clock (resolution 1 ms).

So a figure includes: page 0's pointer handling and websocket send, the
server handling the click (``OpenGame.commit``: rules check, the draft saved
with fsync, revision and change log, watchers told), the re-render of the
tapping session *and*, via ``on_page_thread``, of every other session on its
own event loop (component bodies, diff, msgpack), the patch to each page, and
each page applying it and drawing the frame (CanvasKit, software rendering
under ``--disable-gpu``). Page 0's own tap-to-shown (``performance.now()``,
as in ``bench_tap.py``) is reported beside it, with the next animation frame
on the other pages as an upper bound for the frame reaching the screen.

Server cost: CPU time of the server process (``utime + stime`` from
``/proc/<pid>/stat``, children included) over the timed taps, divided by the
number of taps on page 0 in that span (card keys, line cards and the chip taps
that pick the next player), and its RSS (``VmRSS``) before the pages open,
once they are open and at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.bench_tap import (  # noqa: E402
    Mirror,
    arm,
    control,
    install_watch,
    pct,
    summary,
    watched,
)
from tests.browser.harness import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE,
    browser_missing_reason,
    device,
    running_server,
)

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
# Distinct cards per player, so a line never busts, and every tap changes the
# player's score (checked before the run); then taken off again.
LINES = {
    "Ann": "3 11 5 /2 -4 8",
    "Bob": "9 2 12 -6 4 10",
    "Cy": "6 1 13 -2 12 /2",
    "Dee": "4 10 2 -8 9 6",
    "Eve": "12 5 8 -2 3 11",
    "Fay": "2 9 6 /2 10 4",
    "Gus": "13 4 11 -10 5 1",
    "Hal": "8 6 3 -4 12 9",
}
TARGET_MS = 300.0


# --- the server's figures -------------------------------------------------------
def _family(pid: int) -> list[int]:
    """``pid`` and its descendants (the server might fork workers)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(c for c, pp in parents.items() if pp == p)
    return out


def cpu_seconds(pid: int) -> float:
    """utime + stime of ``pid`` and its children, in seconds."""
    ticks = 0
    for p in _family(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime (fields 14, 15)
    return ticks / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    kb = 0
    for p in _family(pid):
        try:
            status = Path(f"/proc/{p}/status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                kb += int(line.split()[1])
    return round(kb / 1024, 1)


def loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


# --- the game and the pages -----------------------------------------------------
def players_for(pages: int) -> tuple[str, ...]:
    return NAMES[: max(2, min(len(NAMES), pages))]


def seed(data_dir: Path, players: tuple[str, ...]) -> str:
    from companion.rules import Sheet
    from companion.store import GameStore

    store = GameStore(data_dir)
    game_id = store.create(Sheet.new(list(players)))
    store.close()
    return game_id


def check_lines(players: tuple[str, ...]) -> None:
    """Every tap must change the player's chip, or the other pages could not
    tell it arrived."""
    from companion.app.entry import RoundDraft
    from companion.rules import Sheet

    sheet = Sheet.new(list(players))
    draft = RoundDraft.fresh(sheet)
    for p in sheet.players:
        scores = [draft.score(p.id, sheet.rules)]
        for code in LINES[p.name].split():
            draft.add_card(p.id, code, sheet.rules)
            scores.append(draft.score(p.id, sheet.rules))
        if any(a == b for a, b in zip(scores, scores[1:], strict=False)):
            raise SystemExit(f"{p.name}'s line {LINES[p.name]} repeats a score")
        for _ in LINES[p.name].split():
            draft.remove_card(p.id, len(draft.line(p.id)) - 1)


class LiveTable:
    """Page 0 taps; every other page watches; a mirror of the draft
    (``bench_tap.Mirror``) says what each must show."""

    def __init__(self, pages: list[Any], players: tuple[str, ...]) -> None:
        self.tapper, self.watchers = pages[0], pages[1:]
        self.mirror = Mirror(players)
        self.selected = players[0]
        self.taps: list[dict[str, Any]] = []

    def chip(self, name: str) -> str:
        return self.mirror.chip(name)

    def tap(
        self, kind: str, button: str, mine: list[str], theirs: list[Any] | None
    ) -> None:
        page = self.tapper
        target = control(page, button)
        watchers = self.watchers if theirs is not None else []
        for other in watchers:
            arm(other, theirs or [], False, button)
        arm(page, mine, True, button)
        target.click()
        r = watched(page, f"the tapping page, after {button!r}")
        tap: dict[str, Any] = {
            "kind": kind,
            "button": button,
            "ms": r["seen"] - r["down"],
            "raf_ms": r["raf"] - r["down"],
            "to": [],
            "to_raf": [],
            "after_own": [],
        }
        for i, other in enumerate(watchers, start=1):
            o = watched(other, f"watching page {i}, after {button!r}", tapper=False)
            tap["to"].append(o["seenWall"] - r["downWall"])
            tap["to_raf"].append(o["rafWall"] - r["downWall"])
            tap["after_own"].append(o["seenWall"] - r["seenWall"])
        self.taps.append(tap)

    def select(self, name: str) -> None:
        if name == self.selected:
            return
        chip = self.chip(name)
        self.selected = name
        # A choice on this phone only: the other pages show no change.
        self.tap("select", chip, self.mirror.picked(name), None)

    def add(self, name: str, code: str) -> None:
        key = self.mirror.add(name, code)
        self.tap("key", key, self.mirror.shown(name), self.elsewhere(name))

    def elsewhere(self, name: str) -> list[Any]:
        """What every other page must show once ``name``'s tap is in."""
        return [self.chip(name)]

    def remove_last(self, name: str) -> None:
        button, mine = self.mirror.remove_last(name)
        self.tap("remove", button, mine, self.elsewhere(name))


def drive(
    table: LiveTable,
    players: tuple[str, ...],
    warmup: int,
    taps: int,
    pid: int,
    turn: Callable[[str], None],
    figures: dict[str, Any],
    per_turn: int = 6,
) -> int:
    """Each player in turn (``turn(name)`` first: pick the chip, or hand the
    tapping to that player's phone) gets up to ``per_turn`` card keys, then
    has them taken off again, until ``warmup + taps`` keys; the server's CPU
    and the wall time from the first timed key go into ``figures``. Returns
    the index of the first timed tap."""
    keys = 0
    cpu0 = wall0 = 0.0
    first = 0
    while keys < warmup + taps:
        for name in players:
            turn(name)
            cards = LINES[name].split()[: min(per_turn, warmup + taps - keys)]
            for code in cards:
                if keys == warmup and not wall0:
                    cpu0, wall0 = cpu_seconds(pid), time.monotonic()
                    first = len(table.taps)
                table.add(name, code)
                keys += 1
            for _ in cards:
                table.remove_last(name)
            if keys >= warmup + taps:
                break
    figures["cpu_s"] = round(cpu_seconds(pid) - cpu0, 3)
    figures["wall_s"] = round(time.monotonic() - wall0, 1)
    return first


def run(
    n_pages: int, taps: int, warmup: int, keep: bool, per_turn: int = 6
) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    from tests.browser.table import chip

    players = players_for(n_pages)
    check_lines(players)
    tmp = Path(tempfile.mkdtemp(prefix="bench-live-"))
    data = tmp / "data"
    game_id = seed(data, players)
    figures: dict[str, Any] = {"pages": n_pages, "players": len(players)}
    figures["load_start"] = loadavg()
    try:
        with running_server(data) as server, sync_playwright() as pw:
            assert server.proc is not None
            pid = server.proc.pid
            time.sleep(1.0)
            figures["rss_mb_idle"] = rss_mb(pid)
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            pages = []
            for _ in range(n_pages):  # each its own phone, on the entry screen
                page = device(browser, f"{server.url}/game/{game_id}/entry", PHONE)
                control(page, chip(players[0], 0))
                pages.append(page)
            for page in pages:
                install_watch(page)
            figures["rss_mb_pages"] = rss_mb(pid)
            table = LiveTable(pages, players)
            first = drive(
                table, players, warmup, taps, pid, table.select, figures, per_turn
            )
            figures["rss_mb_end"] = rss_mb(pid)
            browser.close()
    finally:
        figures["load_end"] = loadavg()
        if keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    figures["taps"] = table.taps[first:]
    return figures


# --- report ---------------------------------------------------------------------
def report(figures: dict[str, Any]) -> dict[str, Any]:
    taps = figures.pop("taps")
    card = [t for t in taps if t["kind"] != "select"]
    out: dict[str, Any] = {"target_p95_ms": TARGET_MS, **figures}
    out["to_each_page"] = summary([ms for t in card for ms in t["to"]])
    out["to_each_page"]["raf_p95"] = round(
        pct([ms for t in card for ms in t["to_raf"]], 0.95), 1
    )
    out["to_all_pages"] = summary([max(t["to"]) for t in card])
    for kind in ("key", "remove"):
        out[f"to_each_page_{kind}"] = summary(
            [ms for t in card if t["kind"] == kind for ms in t["to"]]
        )
    out["tapping_page"] = summary([t["ms"] for t in card])
    out["after_tapping_page"] = summary([ms for t in card for ms in t["after_own"]])
    out["card_taps"] = len(card)
    out["page0_taps"] = len(taps)
    out["cpu_ms_per_tap"] = round(figures["cpu_s"] * 1000 / len(taps), 1)
    out["cpu_percent"] = round(100 * figures["cpu_s"] / figures["wall_s"], 1)
    out["passes"] = out["to_each_page"]["p95"] < TARGET_MS
    return out


def print_report(r: dict[str, Any], title: str = "") -> None:
    others = r["pages"] - 1
    print(
        title
        or f"{r['pages']} pages ({others} watching), {r['players']} players, "
        f"{r['card_taps']} card taps ({r['page0_taps']} taps on page 0 with chip "
        f"picks); load {r['load_start']} -> {r['load_end']}"
    )
    rows = (
        ("tap -> each other page", "to_each_page"),
        ("  of which key taps", "to_each_page_key"),
        ("  of which line-card taps", "to_each_page_remove"),
        ("tap -> last page to show it", "to_all_pages"),
        ("tap -> tapping page (own)", "tapping_page"),
        ("tapping page -> other page", "after_tapping_page"),
    )
    print(f"{'ms':<30}{'n':>6}{'p50':>9}{'p95':>9}{'max':>9}")
    for label, key in rows:
        s = r[key]
        print(f"{label:<30}{s['n']:>6}{s['p50']:>9.1f}{s['p95']:>9.1f}{s['max']:>9.1f}")
    print(f"next frame on the other pages: p95 {r['to_each_page']['raf_p95']:.1f} ms")
    print(
        f"server CPU: {r['cpu_s']:.2f} s over {r['wall_s']:.1f} s "
        f"({r['cpu_percent']:.0f}% of one core), {r['cpu_ms_per_tap']:.1f} ms per tap"
    )
    print(
        f"server RSS: {r['rss_mb_idle']} MB before pages, {r['rss_mb_pages']} MB "
        f"with {r['pages']} pages, {r['rss_mb_end']} MB at the end"
    )
    verdict = "meets" if r["passes"] else "MISSES"
    p95 = r["to_each_page"]["p95"]
    print(f"p95 {p95:.1f} ms {verdict} the {TARGET_MS:.0f} ms target")
    print(json.dumps(r))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=2, help="pages on the game")
    parser.add_argument("--taps", type=int, default=60, help="card key taps timed")
    parser.add_argument("--warmup", type=int, default=4, help="key taps not timed")
    parser.add_argument("--keep", action="store_true", help="keep the temp dir")
    parser.add_argument(
        "--per-turn",
        type=int,
        default=6,
        help="card keys per player before the next one is picked (1-6)",
    )
    args = parser.parse_args()
    if args.pages < 2:
        raise SystemExit("--pages must be at least 2 (one tapping, one watching)")
    if not 1 <= args.per_turn <= 6:
        raise SystemExit("--per-turn must be 1 to 6 (a line has 6 distinct cards)")
    missing = browser_missing_reason()
    if missing is not None:
        raise SystemExit(missing)
    figures = run(args.pages, args.taps, args.warmup, args.keep, args.per_turn)
    print_report(report(figures))


if __name__ == "__main__":
    main()
