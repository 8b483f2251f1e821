"""The phone app's figures (issue 23): the folder, the first visit, the
offline reload, beside the served app's page load in the same run, and the
advisor's time per decision in Python in the browser.

    uv run python tests/bench/bench_phone_app.py [--runs 5] [--positions 120]

- **Folder**: size, gzipped, what the service worker precaches.
- **First visit**: a new phone (an empty browser profile on disk) opens the folder on
  a static host on 127.0.0.1 until Home shows "New game"; bytes the host
  sent for it, then the bytes of the install (precache) on top.
- **Offline reload**: the same phone, network off, reloads until Home;
  ``--runs`` times, median and max.
- **Served app**: ``companion`` on a computer, a new phone opening Home;
  ``--runs`` times (what "3× the served app's page load" compares with).
- **Backup** (``--backup N``, issue 34): the same phone, offline, restores
  a backup file of N games (made by tests/bench/bench_backup.py's games)
  from "Your games on this phone" until it says "N games added.", backs
  them all up until the file is downloaded, then reloads until Home (the
  start with N games in IndexedDB).
- **Advisor**: Pyodide from the folder in a Chromium page (Python in the
  browser, as the app runs it), the app's own ``companion.rules`` from its
  ``app.tar.gz``, timing ``advise``/``advise_choice`` at positions of
  tests/bench/bench_advice.py: p50, p95 and max per decision kind and in
  all, without a time limit; and "budgeted", as the phone app asks
  (companion.app.thinking: the advisor stops at its time budget).

Prints the load average before and after, and one JSON line.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import re
import statistics
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from companion.publish import publish  # noqa: E402
from tests.browser.harness import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE,
    running_server,
)

BOOT = 300_000  # ms


class Counting(SimpleHTTPRequestHandler):
    """A static host that counts the bytes it sends."""

    sent = [0]
    pages: dict[str, bytes] = {}

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        page = self.pages.get(self.path.lstrip("/"))
        if page is None:
            return super().do_GET()
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        self.wfile.write(page)
        return None

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        self.sent[0] += len(data)
        outputfile.write(data)


def serve(folder: Path) -> tuple[ThreadingHTTPServer, str]:
    httpd = ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Counting, directory=str(folder))
    )
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


def home(page: Any) -> None:
    """Wait for Home as a person sees it (the semantics tree on)."""
    page.wait_for_selector("#loading", state="detached", timeout=BOOT)
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=BOOT)
    placeholder.dispatch_event("click")
    page.get_by_role("button", name="New game").wait_for(timeout=BOOT)


def timed(action: Any, page: Any) -> float:
    start = time.perf_counter()
    action()
    home(page)
    return time.perf_counter() - start


ADVICE_PAGE = """<!DOCTYPE html><html><body><script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
window.benchResult = (async () => {
  const pyodide = await loadPyodide();
  const archive = await (await fetch("app.tar.gz")).arrayBuffer();
  pyodide.unpackArchive(archive, "gztar");
  pyodide.FS.writeFile("bench_advice.py", BENCH_SOURCE);
  return await pyodide.runPythonAsync(BENCH_CODE);
})();
</script></body></html>"""

BENCH_CODE = """
import json, sys, time
sys.path[:0] = ["__pypackages__", "."]
import bench_advice
from companion.app.thinking import time_budget
from companion.rules import advise
from companion.rules.choice_advice import advise_choice
times = {}
for rnd in bench_advice.positions(POSITIONS, 21):
    kind = str(rnd.pending.kind)
    for how, stop in (("all", lambda: None), ("budgeted", time_budget)):
        start = time.perf_counter()
        if kind == "turn":
            made = advise(rnd, stop=stop())
        else:
            made = advise_choice(rnd, stop=stop())
        ms = (time.perf_counter() - start) * 1000
        times.setdefault(how if how == "budgeted" else kind, []).append(ms)
json.dumps(times)
"""


def backup_file(games: int) -> bytes:
    """A backup of ``games`` games as the app writes it (12 rounds each)."""
    from tests.bench.bench_backup import backups, game_files, in_memory

    return backups(in_memory(game_files(games))()).export().data


def phone_backup(page: Any, games: int) -> dict[str, float]:
    """Restore then back up ``games`` games through the screens, timed from
    the file given (the tap) to the summary shown (the download arrived),
    then a reload to Home with them all stored."""
    data = backup_file(games)
    page.get_by_role("button", name="Your games on this phone").click()
    with page.expect_file_chooser(timeout=BOOT) as chooser:
        page.get_by_role("button", name="Restore from a backup").click()
    start = time.perf_counter()
    chooser.value.set_files(
        files=[{"name": "flip7-games.json", "mimeType": "application/json",
                "buffer": data}]
    )  # fmt: skip
    said = re.compile(rf"^{games:,} games added\.$")  # as the app writes it
    page.get_by_text(said).or_(page.get_by_label(said)).first.wait_for(timeout=BOOT)
    restore = time.perf_counter() - start
    with page.expect_download(timeout=BOOT) as saved:
        start = time.perf_counter()
        page.get_by_role("button", name="Back up", exact=True).click()
    size = len(Path(saved.value.path()).read_bytes())
    backup = time.perf_counter() - start
    page.get_by_role("button", name="Back", exact=True).click()
    page.get_by_role("button", name="New game").wait_for(timeout=BOOT)  # Home
    reload = timed(page.reload, page)
    print(
        f"phone backup: restore {games} games {restore:.1f} s, back up "
        f"{backup:.1f} s ({size / 1e6:.2f} MB), reload to Home with them "
        f"{reload:.1f} s"
    )
    return {"restore_s": restore, "backup_s": backup, "reload_s": reload}


def advice_page(positions: int) -> bytes:
    source = (ROOT / "tests" / "bench" / "bench_advice.py").read_text()
    code = BENCH_CODE.replace("POSITIONS", str(positions))
    return (
        ADVICE_PAGE.replace("BENCH_SOURCE", json.dumps(source))
        .replace("BENCH_CODE", json.dumps(code))
        .encode()
    )


def quantiles(ts: list[float]) -> dict[str, float]:
    ts = sorted(ts)
    p95 = ts[min(len(ts) - 1, round(0.95 * (len(ts) - 1)))]
    return {"n": len(ts), "p50": statistics.median(ts), "p95": p95, "max": ts[-1]}


# The marks of a start (ms since the page started; the page's and the
# Python worker's, companion/publish/shell.py and worker.js), in order.
MARKS = (
    ("worker-created", "Python worker created"),
    ("worker-start", "worker running"),
    ("wasm-ready", "pyodide.asm.wasm + CPython started"),
    ("python-ready", "Pyodide bootstrap / snapshot restored"),
    ("unpacked", "app.tar.gz unpacked"),
    ("imported", "app imported"),
    ("first-frame", "Flutter's first frame"),
    ("connected", "Python built Home"),
    ("initialized", "page told"),
    ("home", "Home drawn ('New game' seen)"),
)
STARTS = ("first visit", "reload", "offline reload")


def visit(page: Any, action: Any) -> tuple[float, dict[str, float]]:
    """Seconds to Home, and the start's marks with Home drawn."""
    seconds = timed(action, page)
    marks = page.evaluate("({...(globalThis.flip7Marks || {}), "
                          "home: Math.round(performance.now())})")  # fmt: skip
    return seconds, marks


def installed(page: Any, files: int, snapshot: bool) -> None:
    """Until the service worker holds the build and controls the page (and
    Python's snapshot is kept, when the build makes one)."""
    page.wait_for_function(
        "n => caches.keys().then(k => k.filter(c => c.startsWith('flip7-companion-'))"
        ").then(k => k.length ? caches.open(k[0])"
        ".then(c => c.keys()).then(r => r.length >= n) : false)",
        arg=files, timeout=BOOT, polling=500,
    )  # fmt: skip
    page.wait_for_function(
        "() => navigator.serviceWorker.controller", timeout=BOOT, polling=500
    )
    if snapshot:
        page.wait_for_function(
            "() => globalThis.flip7Marks && flip7Marks.snapshot",
            timeout=BOOT, polling=500,
        )  # fmt: skip


def phone(pw: Any, url: str, profile: Path, files: int) -> dict[str, Any]:
    """A new phone: the first visit, a reload once installed, an offline
    reload; with the page left open (for the backup)."""
    context = pw.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport=PHONE
    )
    page = context.pages[0] if context.pages else context.new_page()
    Counting.sent[0] = 0
    run: dict[str, Any] = {"context": context, "page": page}
    run["first visit"] = visit(page, lambda: page.goto(url))
    run["first_bytes"] = Counting.sent[0]
    installed(page, files, "worker-start" in run["first visit"][1])
    run["installed_bytes"] = Counting.sent[0]
    run["reload"] = visit(page, page.reload)
    context.set_offline(True)
    run["offline reload"] = visit(page, page.reload)
    return run


def served_visit(browser: Any, server: Any) -> float:
    context = browser.new_context(viewport=PHONE)
    tab = context.new_page()
    seconds = timed(lambda: tab.goto(server.url), tab)
    context.close()
    return seconds


def breakdown(runs: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Median ms since the page started of each mark, per kind of start."""
    table: dict[str, dict[str, float]] = {}
    for start in STARTS:
        for mark, _ in MARKS:
            ts = [r[start][1][mark] for r in runs if mark in r[start][1]]
            if ts:
                table.setdefault(mark, {})[start] = statistics.median(ts)
    print("marks, median ms since the page started: " + " | ".join(STARTS))
    for mark, what in MARKS:
        row = table.get(mark, {})
        cells = " | ".join(f"{row[s]:6.0f}" if s in row else "     -" for s in STARTS)
        print(f"  {mark:<15} {cells}  {what}")
    return table


def medians(name: str, ts: list[float]) -> float:
    print(
        f"{name}: Home after median {statistics.median(ts):.1f} s, "
        f"max {max(ts):.1f} s (n={len(ts)}) [{', '.join(f'{t:.1f}' for t in ts)}]"
    )
    return statistics.median(ts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--positions", type=int, default=120, help="0: no advice")
    parser.add_argument("--backup", type=int, default=1000, help="games (0: none)")
    parser.add_argument(
        "--baseline",
        type=Path,
        help="another published folder (e.g. the last release's) timed in the "
        "same runs: first visit and offline reload",
    )
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    work = Path(tempfile.mkdtemp(prefix="phone-app-"))
    start = time.perf_counter()
    built = publish(work / "dist")
    print(
        f"folder: {built.size / 1e6:.1f} MB, {built.gzipped / 1e6:.1f} MB gzipped, "
        f"{built.precached / 1e6:.1f} MB precached; built in "
        f"{time.perf_counter() - start:.1f} s"
    )
    Counting.pages["bench-advice.html"] = advice_page(args.positions)
    httpd, url = serve(built.folder)
    base = serve(args.baseline) if args.baseline else None
    base_files = 0
    if args.baseline:  # the baseline's precache list
        sw = (args.baseline / "sw.js").read_text(encoding="utf-8")
        found = re.search(r"const FILES = (\[.*?\]);", sw, re.S)
        base_files = len(json.loads(found[1])) if found else 0
    out: dict[str, Any] = {"size_mb": built.size / 1e6}
    runs: list[dict[str, Any]] = []
    served: list[float] = []
    baseline: list[dict[str, Any]] = []
    raw = "{}"
    with sync_playwright() as pw, running_server(work / "data") as server:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        # Alternated: a new phone (a profile on disk, as a phone's browser
        # has: its HTTP cache holds what the first visit fetched), the served
        # app, the baseline's phone; then again.
        for n in range(args.runs):
            run = phone(pw, url, work / f"profile-{n}", len(built.files))
            if n < args.runs - 1 or not args.backup:
                run.pop("context").close()
            runs.append(run)
            served.append(served_visit(browser, server))
            if base is not None:
                old = phone(pw, base[1], work / f"base-{n}", base_files)
                old.pop("context").close()
                baseline.append(old)
            print(
                f"run {n + 1}: phone app first visit {run['first visit'][0]:.1f} s, "
                f"reload {run['reload'][0]:.1f} s, offline reload "
                f"{run['offline reload'][0]:.1f} s; served app {served[-1]:.1f} s"
                + (
                    f"; baseline first visit {baseline[-1]['first visit'][0]:.1f} s, "
                    f"offline reload {baseline[-1]['offline reload'][0]:.1f} s"
                    if baseline
                    else ""
                )
                + f" (load {os.getloadavg()[0]:.2f})"
            )
        last = runs[-1]
        first = statistics.median(r["first visit"][0] for r in runs)
        first_bytes = last["first_bytes"]
        print(
            f"first visit: Home after {first:.1f} s, {first_bytes / 1e6:.1f} MB "
            f"sent; installed after {last['installed_bytes'] / 1e6:.1f} MB in all"
        )
        if args.backup:
            out["phone_backup"] = phone_backup(last["page"], args.backup)
            last.pop("context").close()
        table = breakdown(runs)
        times = {s: [r[s][0] for r in runs] for s in STARTS}
        offline = medians("offline reload", times["offline reload"])
        medians("reload", times["reload"])
        medians("first visit", times["first visit"])
        served_s = medians("served app", served)
        ratio = offline / served_s
        print(f"offline reload / served page load: {ratio:.2f}x")
        if baseline:
            for kind in ("first visit", "offline reload"):
                old_s = medians(f"baseline {kind}", [b[kind][0] for b in baseline])
                new_s = statistics.median(times[kind])
                out[f"baseline_{kind.replace(' ', '_')}_s"] = old_s
                print(f"{kind}: this build / baseline {new_s / old_s:.2f}x")
        if args.positions:
            bench = browser.new_page()
            bench.goto(url + "bench-advice.html")
            raw = bench.evaluate("window.benchResult")
        browser.close()
    httpd.shutdown()
    advice_times: dict[str, list[float]] = json.loads(raw)
    every = [t for kind, ts in advice_times.items() if kind != "budgeted" for t in ts]
    advice = {}
    for kind, ts in sorted(advice_times.items()) + [("all", every)] * bool(every):
        q = quantiles(ts)
        advice[kind] = q
        print(
            f"advice {kind:<9} n={q['n']:<4} p50 {q['p50']:7.1f} ms"
            f"  p95 {q['p95']:7.1f} ms  max {q['max']:7.1f} ms"
        )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    out.update(
        precached_mb=built.precached / 1e6,
        first_visit_s=first,
        first_visit_mb=first_bytes / 1e6,
        installed_mb=last["installed_bytes"] / 1e6,
        reload_s=statistics.median(times["reload"]),
        offline_reload_s=offline,
        served_load_s=served_s,
        ratio=ratio,
        marks=table,
    )
    if "all" in advice:
        out.update(
            advice_p95_ms=advice["all"]["p95"],
            budgeted_p95_ms=advice["budgeted"]["p95"],
        )
    print(json.dumps(out))


if __name__ == "__main__":
    main()
