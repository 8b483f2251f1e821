"""Benchmark: a tap on a card key to the updated pipeline on screen, in Chromium.

Run: ``uv run python tests/bench/bench_tap.py [--taps 100]``. Not collected by
pytest (the name does not start with ``test_``). Target: under
100 ms at the 95th percentile.

What it does: seeds a 3-player game in a temp data dir, starts the real server
(``python -m companion``) on a free port, opens the round-entry screen in
Debian's Chromium at phone size 390×844 with Flutter's semantics tree on (as
the browser tests do), then taps card keys: each player in turn gets a few
distinct cards, which are then taken off again with their line cards
("Remove X from Ann"), so every line stays valid. The key taps are the
headline figure; the removals and the chip taps that pick the next player
are measured the same way and reported beside it.

How one tap is timed, all inside the page (``performance.now()``):

- start: a capture-phase ``pointerdown`` listener on ``window``, i.e. the
  moment Playwright's real mouse press reaches the page (Playwright's
  actionability checks happen before it and are not counted);
- end: a ``MutationObserver`` on ``flt-semantics-host`` that fires once the
  semantics tree shows every expected string: the tapped key's new count
  ("5, 4 left"), the player's chip with the new score ("Ann 21") and the new
  score chain ("16 → ÷2 8 → −4 4" etc.), computed in Python with the app's own
  ``RoundDraft``. Flutter updates the semantics DOM at the end of the frame
  that laid out and painted the new state, so this is "new state drawn";
  ``raf`` (the next animation frame after that) is reported too, as an upper
  bound for the frame reaching the screen.

So a tap includes: Flutter's pointer/gesture handling, the Flet client
sending the click over the websocket, the Python server handling it
(``AppState.add_card``: a copy of the draft, the rules check, the durable
save of the draft with fsync, then the re-render of the whole App component,
the diff and its msgpack encoding), the patch going back, the Flet client
applying it and Flutter's build/layout/paint frame (CanvasKit; software
rendering with ``--disable-gpu``, as in the browser tests).

Breakdown: a wrapper around ``WebSocket`` (installed before the page loads)
timestamps what the page sends and receives; the server is started through
this script with ``--serve`` so that a few wrappers time, per click event,
the handler (and inside it the store write), the App re-render, the diff and
the encoding. Server times use the wall clock and are matched to the tap whose
window contains them. ``--no-trace`` starts the plain ``python -m companion``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402

PLAYERS = ("Ann", "Bob", "Cy")
# Distinct cards per player, so a line never busts; then taken off again.
LINES = {
    "Ann": "3 11 5 /2 -4 8",
    "Bob": "9 2 12 -6 4 10",
    "Cy": "6 1 13 -2 12 /2",
}
TARGET_MS = 100.0
SERVER_FIELDS = ("handler", "persist", "queued", "render", "diff", "encode", "server")

# Runs in the page before Flutter loads: timestamps websocket traffic.
WS_HOOK = """
(() => {
  const W = window.WebSocket;
  const log = (window.__ws = { sent: [], recv: [] });
  const size = (d) => d == null ? 0 : (d.byteLength ?? d.size ?? d.length ?? 0);
  class TimedWebSocket extends W {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        log.recv.push([performance.now(), size(e.data)]);
      });
    }
    send(data) {
      log.sent.push([performance.now(), size(data)]);
      return super.send(data);
    }
  }
  window.WebSocket = TimedWebSocket;
})();
"""

# Installed once the entry screen is up: the tap clock.
BENCH_JS = """
() => {
  const b = (window.__bench = { down: null });
  window.addEventListener('pointerdown', () => { b.down = performance.now(); },
                          true);
  const host = () => document.querySelector('flt-semantics-host');
  b.texts = () => {
    const out = new Set();
    for (const el of host().querySelectorAll('flt-semantics, input')) {
      const label = el.getAttribute('aria-label');
      if (label) for (const line of label.split('\\n')) out.add(line.trim());
      if (el.children.length === 0 || el.querySelector(':scope > span')) {
        const t = el.textContent;
        if (t) out.add(t.trim());
      }
    }
    return out;
  };
  b.shown = (expected) => {
    const have = b.texts();
    return expected.every((s) => have.has(s));
  };
  b.arm = (expected) => {
    b.down = null;
    const already = b.shown(expected);
    b.result = new Promise((resolve) => {
      const done = () => {
        const seen = performance.now();
        obs.disconnect();
        requestAnimationFrame(() => resolve({
          down: b.down, seen, raf: performance.now(), origin: performance.timeOrigin,
        }));
      };
      const obs = new MutationObserver(() => {
        if (b.down !== null && b.shown(expected)) done();
      });
      obs.observe(host(), {
        subtree: true, childList: true, attributes: true, characterData: true,
      });
    });
    return already;
  };
}
"""


# --- the server -----------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(
    data_dir: Path,
    trace: Path | None,
    app_root: Path = ROOT,
    host: str | None = None,
    env: dict[str, str] | None = None,
) -> tuple[subprocess.Popen[bytes], str]:
    """``host``: ``--host`` (0.0.0.0 for a live table); ``env``: added to the
    server's environment."""
    port = free_port()
    args = ["--port", str(port), "--data-dir", str(data_dir)]
    args += [] if host is None else ["--host", host]
    # The app is imported from app_root (another checkout, to compare).
    env = {
        **os.environ,
        **(env or {}),
        "PYTHONPATH": str(app_root),
        "BENCH_APP_ROOT": str(app_root),
    }
    if trace is None:
        cmd = [sys.executable, "-m", "companion", *args]
    else:
        cmd = [sys.executable, __file__, "--serve", str(trace), "--", *args]
    log = (data_dir.parent / "server.log").open("wb")
    proc = subprocess.Popen(
        cmd, cwd=app_root, env=env, stdout=log, stderr=subprocess.STDOUT
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError((data_dir.parent / "server.log").read_text())
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return proc, f"http://127.0.0.1:{port}"
        time.sleep(0.2)
    proc.kill()
    raise RuntimeError("server did not start in 60 s")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def serve_traced(trace_path: str, argv: list[str]) -> int:
    """``python -m companion`` with timing wrappers, one JSON line per event."""
    sys.path.insert(0, os.environ.get("BENCH_APP_ROOT", str(ROOT)))
    from flet.components.component import Component, Renderer
    from flet.messaging.session import Session
    from flet_web.fastapi.flet_app import FletApp

    from companion.__main__ import main as companion_main
    from companion.app.open_game import OpenGame

    out = open(trace_path, "a", buffering=1)  # noqa: SIM115 - lives as the server
    current: dict[str, Any] = {}

    def emit() -> None:
        if current:
            out.write(json.dumps(current) + "\n")
            current.clear()

    dispatch = Session.dispatch_event

    async def timed_dispatch(self: Any, control_id: int, name: str, data: Any) -> None:
        if name != "click":
            return await dispatch(self, control_id, name, data)
        emit()
        current.update(wall=time.time(), persist=0.0, render=0.0, diff=0.0)
        current.update(encode=0.0, sends=0)
        start = time.perf_counter()
        current["_t0"] = start
        await dispatch(self, control_id, name, data)
        current["handler"] = (time.perf_counter() - start) * 1000

    persist = OpenGame._write  # the durable write of a commit

    def timed_persist(self: Any, *args: Any) -> Any:
        start = time.perf_counter()
        try:
            return persist(self, *args)
        finally:
            if current:
                current["persist"] += (time.perf_counter() - start) * 1000

    update = Component.update

    def timed_update(self: Any) -> None:
        if not current or getattr(self.fn, "__name__", "") != "App":
            return update(self)
        start = time.perf_counter()
        current["queued"] = (start - current["_t0"]) * 1000 - current.get(
            "handler", 0.0
        )
        update(self)
        current["server"] = (time.perf_counter() - current["_t0"]) * 1000

    # Component bodies: App's in update(), nested ones (the screens, memoised
    # keys) in before_update() while the diff walks the tree.
    render = Renderer.render

    def timed_render(self: Any, *args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return render(self, *args, **kwargs)
        finally:
            if current:
                current["render"] += (time.perf_counter() - start) * 1000

    patch = Session.patch_control

    def timed_patch(self: Any, *args: Any, **kwargs: Any) -> None:
        start = time.perf_counter()
        before = current.get("render", 0.0) + current.get("encode", 0.0)
        patch(self, *args, **kwargs)
        if current:
            spent = (time.perf_counter() - start) * 1000
            inside = current["render"] + current["encode"] - before
            current["diff"] += spent - inside

    send = FletApp.send_message

    def timed_send(self: Any, message: Any) -> None:
        start = time.perf_counter()
        send(self, message)
        if current:
            current["encode"] += (time.perf_counter() - start) * 1000
            current["sends"] += 1

    Session.dispatch_event = timed_dispatch  # type: ignore[method-assign]
    OpenGame._write = timed_persist  # type: ignore[method-assign]
    Component.update = timed_update  # type: ignore[method-assign]
    Session.patch_control = timed_patch  # type: ignore[method-assign]
    Renderer.render = timed_render  # type: ignore[method-assign]
    FletApp.send_message = timed_send  # type: ignore[method-assign]
    import atexit

    atexit.register(emit)
    return companion_main(argv)


# --- the page ---------------------------------------------------------------------
def seed(data_dir: Path) -> None:
    from companion.rules import Sheet
    from companion.store import GameStore

    store = GameStore(data_dir)
    store.create(Sheet.new(list(PLAYERS)))
    store.close()


class Table:
    """The entry screen and a mirror of the draft to know what it must show."""

    def __init__(self, page: Any) -> None:
        from companion.app.entry import RoundDraft
        from companion.rules import Sheet

        self.page = page
        self.sheet = Sheet.new(list(PLAYERS))
        self.rules = self.sheet.rules
        self.draft = RoundDraft.fresh(self.sheet)
        self.ids = {p.name: p.id for p in self.sheet.players}
        self.selected = PLAYERS[0]
        self.taps: list[dict[str, Any]] = []

    def expected(self, name: str) -> list[str]:
        from companion.rules import Card

        pid = self.ids[name]
        out = [f"{name} {self.draft.score(pid, self.rules)}"]
        out.append(self.draft.line_score(pid, self.rules).chain())
        left = self.draft.copies_left(self.rules)
        for code in {c for line in self.draft.lines.values() for c in line}:
            out.append(f"{Card.parse(code).name}, {left[code]} left")
        return out

    def tap(self, kind: str, button: str, expected: list[str]) -> None:
        page = self.page
        target = page.get_by_role("button", name=button, exact=True).first
        target.wait_for(timeout=20_000)
        target.scroll_into_view_if_needed()
        already = page.evaluate("(e) => window.__bench.arm(e)", expected)
        if already and kind != "select":
            raise RuntimeError(f"{expected} already shown before tapping {button}")
        target.click()
        r = page.evaluate("() => window.__bench.result")
        ws = page.evaluate(
            "([a, b]) => ({sent: __ws.sent.filter(x => x[0] >= a && x[0] <= b),"
            " recv: __ws.recv.filter(x => x[0] >= a && x[0] <= b)})",
            [r["down"], r["seen"]],
        )
        tap = {
            "kind": kind,
            "button": button,
            "ms": r["seen"] - r["down"],
            "raf_ms": r["raf"] - r["down"],
            "wall0": (r["origin"] + r["down"]) / 1000,
            "wall1": (r["origin"] + r["seen"]) / 1000,
        }
        if ws["sent"] and ws["recv"]:
            sent, first, last = ws["sent"][0][0], ws["recv"][0][0], ws["recv"][-1][0]
            tap.update(
                to_send=sent - r["down"],
                round_trip=first - sent,
                after_recv=r["seen"] - last,
                recv_bytes=sum(x[1] for x in ws["recv"]),
            )
        self.taps.append(tap)

    def select(self, name: str) -> None:
        if name == self.selected:
            return
        chip = f"{name} {self.draft.score(self.ids[name], self.rules)}"
        self.selected = name
        self.tap("select", chip, [name, "No cards yet: tap them on the keypad below."])

    def add(self, name: str, code: str) -> None:
        from companion.rules import Card

        pid = self.ids[name]
        left = self.draft.copies_left(self.rules)[code]
        self.draft.add_card(pid, code, self.rules)
        key = f"{Card.parse(code).name}, {left} left"
        self.tap("key", key, self.expected(name))

    def remove_last(self, name: str) -> None:
        from companion.rules import Card

        pid = self.ids[name]
        line = self.draft.line(pid)
        code = line[-1]
        self.draft.remove_card(pid, len(line) - 1)
        expected = self.expected(name)
        left = self.draft.copies_left(self.rules)[code]
        expected.append(f"{Card.parse(code).name}, {left} left")
        self.tap("remove", f"Remove {Card.parse(code).name} from {name}", expected)


def click(page: Any, name: str | re.Pattern[str]) -> None:
    target = page.get_by_role("button", name=name).first
    target.wait_for(timeout=30_000)
    target.click()


def run(
    taps: int, warmup: int, trace: bool, keep: bool, app_root: Path = ROOT
) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="bench-tap-"))
    data = tmp / "data"
    trace_file = tmp / "trace.jsonl" if trace else None
    seed(data)
    proc, url = start_server(data, trace_file, app_root)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport=PHONE)
            page.add_init_script(WS_HOOK)
            page.goto(url)
            page.wait_for_selector("#loading", state="detached", timeout=60_000)
            placeholder = page.locator("flt-semantics-placeholder")
            placeholder.wait_for(state="attached", timeout=30_000)
            placeholder.dispatch_event("click")
            page.wait_for_selector("flt-semantics", state="attached", timeout=30_000)
            click(page, re.compile(r"^Continue: Ann, Bob, Cy"))
            click(page, "Enter round 1")
            page.get_by_role("button", name="Ann 0", exact=True).wait_for()
            page.wait_for_timeout(500)
            page.evaluate(BENCH_JS)
            table = Table(page)
            keys = 0
            while keys < warmup + taps:
                for name in PLAYERS:
                    table.select(name)
                    cards = LINES[name].split()[: warmup + taps - keys]
                    for code in cards:
                        table.add(name, code)
                    keys += len(cards)
                    for _ in cards:
                        table.remove_last(name)
                    if keys >= warmup + taps:
                        break
            browser.close()
    finally:
        stop_server(proc)
    measured = table.taps
    # Drop the warm-up key taps (and everything tapped before the last of them).
    if warmup:
        key_at = [i for i, t in enumerate(measured) if t["kind"] == "key"]
        measured = measured[key_at[warmup] :]
    server = []
    if trace_file is not None and trace_file.exists():
        server = [json.loads(line) for line in trace_file.read_text().splitlines()]
    for tap in measured:
        hits = [s for s in server if tap["wall0"] - 0.005 <= s["wall"] <= tap["wall1"]]
        if len(hits) == 1:
            tap["server"] = hits[0]
    if keep:
        print(f"kept {tmp}")
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    return {"taps": measured}


# --- report -------------------------------------------------------------------------
def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * (len(values) - 1) + 0.5))]


def summary(values: list[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "p50": round(statistics.median(values), 1),
        "p95": round(pct(values, 0.95), 1),
        "max": round(max(values), 1),
    }


def report(taps: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {"target_p95_ms": TARGET_MS}
    for kind in ("key", "remove", "select"):
        rows = [t for t in taps if t["kind"] == kind]
        if not rows:
            continue
        out[kind] = summary([t["ms"] for t in rows])
        out[kind]["raf_p95"] = round(pct([t["raf_ms"] for t in rows], 0.95), 1)
    keys = [t for t in taps if t["kind"] == "key"]
    parts: dict[str, list[float]] = {}
    for t in keys:
        for field in ("to_send", "round_trip", "after_recv", "recv_bytes"):
            if field in t:
                parts.setdefault(field, []).append(t[field])
        s = t.get("server")
        if s and "server" in s:
            for field in SERVER_FIELDS:
                parts.setdefault(f"server_{field}", []).append(s[field])
    out["key_breakdown"] = {k: summary(v) for k, v in parts.items()}
    out["passes"] = out["key"]["p95"] < TARGET_MS
    return out


def print_report(result: dict[str, Any]) -> None:
    for kind, what in (
        ("key", "card key tap"),
        ("remove", "line card tap (remove)"),
        ("select", "player chip tap"),
    ):
        if kind in result:
            r = result[kind]
            print(
                f"{what:>24}: p50 {r['p50']:6.1f} ms  p95 {r['p95']:6.1f} ms  "
                f"max {r['max']:6.1f} ms  (n={r['n']}; next frame p95 "
                f"{r['raf_p95']:.1f} ms)"
            )
    labels = {
        "to_send": "pointerdown -> websocket send (client)",
        "round_trip": "send -> first patch received",
        "after_recv": "last patch received -> shown (client)",
        "recv_bytes": "patch size (bytes)",
        "server_handler": "server: click handler (add_card)",
        "server_persist": "server:   of which draft save",
        "server_queued": "server: wait for the update task",
        "server_render": "server: component bodies re-run",
        "server_diff": "server: diff of the control tree",
        "server_encode": "server: msgpack encode + queue",
        "server_server": "server: click received -> patch sent",
    }
    print("key tap breakdown (p50 / p95):")
    for key, label in labels.items():
        r = result["key_breakdown"].get(key)
        if r:
            print(f"  {label:<42} {r['p50']:8.1f} / {r['p95']:8.1f}")
    verdict = "meets" if result["passes"] else "MISSES"
    print(f"p95 {result['key']['p95']:.1f} ms {verdict} the {TARGET_MS:.0f} ms target")
    print(json.dumps(result))


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--serve":
        rest = sys.argv[3:]
        if rest[:1] == ["--"]:
            rest = rest[1:]
        raise SystemExit(serve_traced(sys.argv[2], rest))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--taps", type=int, default=100, help="key taps to time")
    parser.add_argument("--warmup", type=int, default=6, help="key taps not timed")
    parser.add_argument("--no-trace", action="store_true", help="plain server")
    parser.add_argument("--keep", action="store_true", help="keep the temp dir")
    parser.add_argument(
        "--app-root",
        type=Path,
        default=ROOT,
        help="serve the companion package of another checkout (before/after)",
    )
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"Chromium not found at {CHROMIUM}")
    result = run(args.taps, args.warmup, not args.no_trace, args.keep, args.app_root)
    print_report(report(result["taps"]))


if __name__ == "__main__":
    main()
