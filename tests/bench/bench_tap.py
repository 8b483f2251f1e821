"""Benchmark: a tap on a card key to the updated pipeline on screen, in Chromium.

Run: ``uv run python tests/bench/bench_tap.py [--taps 100] [--warmup 6]
[--per-turn 6]``. Not collected by pytest (the name does not start with
``test_``); tests/bench/test_bench_smoke.py runs one short pass in CI, checks
that it prints its figures and judges none. Target: under 100 ms at the 95th
percentile.

What it does: seeds a 3-player game in a temp data dir, starts the real server
(``python -m companion``) on a free port, opens the round-entry screen in
Debian's Chromium at phone size 390×844 with Flutter's semantics tree on (as
the browser tests do, with their helpers: tests/browser/harness.py and
table.py), taps "Continue round 1" and "Enter round 1" on Home and the sheet,
then taps card keys: each player in turn gets a few distinct cards (up to
``--per-turn``), which are then taken off again with their line cards
("Remove X from Ann"), so every line stays valid. The key taps are the
headline figure; the removals and the chip taps that pick the next player
are measured the same way and reported beside it. Every wait gives up after
``WAIT_MS`` with what the page shows instead, so a changed screen fails the
run at once rather than hanging it.

How one tap is timed, all inside the page (``performance.now()``):

- start: a capture-phase ``pointerdown`` listener on ``window``, i.e. the
  moment Playwright's real mouse press reaches the page (Playwright's
  actionability checks happen before it and are not counted);
- end: a ``MutationObserver`` on ``flt-semantics-host`` that fires once the
  semantics tree shows every expected string: the tapped key's new count
  ("5, 4 left"), the player's chip with the new score ("Ann 21") and the new
  score chain ("16 → ÷2 8 → −4 4" etc.), computed in Python with the app's own
  ``RoundDraft`` and wording (for a chip tap: the chosen player's line
  heading, name and score in one node). Flutter updates the semantics DOM at
  the end of the frame that laid out and painted the new state, so this is
  "new state drawn";
  ``raf`` (the next animation frame after that) is reported too, as an upper
  bound for the frame reaching the screen.

So a tap includes: Flutter's pointer/gesture handling, the Flet client
sending the click over the websocket, the Python server handling it
(``RoundEntry.add_card``: a copy of the draft, the rules check, the durable
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
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

# Only the harness here, no ``companion``: this file also runs the traced
# server (``--serve``), which must import ``companion`` from ``--app-root``;
# what needs the app (its words, tests/browser/table.py) is imported where used.
from tests.browser.harness import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE,
    browser_missing_reason,
    load,
    running_server,
)

PLAYERS = ("Ann", "Bob", "Cy")
# Distinct cards per player, so a line never busts; then taken off again.
LINES = {
    "Ann": "3 11 5 /2 -4 8",
    "Bob": "9 2 12 -6 4 10",
    "Cy": "6 1 13 -2 12 /2",
}
TARGET_MS = 100.0
WAIT_MS = 30_000  # a page that does not show a tap in 30 s fails the run
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

# What the semantics tree shows, one string per node: its label's lines, or
# the text of a leaf (a node of several texts, e.g. a line heading "Ann" and
# "21", keeps its newline).
TEXTS_JS = """
() => {
  const out = new Set();
  const host = document.querySelector('flt-semantics-host');
  const nodes = 'flt-semantics, input, h1, h2, h3, h4, h5, h6';  // headings too
  for (const el of host ? host.querySelectorAll(nodes) : []) {
    const label = el.getAttribute('aria-label');
    if (label) for (const line of label.split('\\n')) out.add(line.trim());
    if (el.children.length === 0 || el.querySelector(':scope > span')) {
      const t = el.textContent;
      if (t) out.add(t.trim());
    }
  }
  return [...out];
}
"""

# Installed in a page once its screen is up (here and in bench_live.py,
# bench_table.py): the tap clock. ``arm(expected, tapper)`` then waits until
# the semantics tree shows every expected item (``tapper``: and this page's
# own pointerdown came first), or ``waitMs``, then resolves ``result`` with
# what is still missing and what the page shows instead.
WATCH_JS = """
(waitMs) => {
  const b = (window.__watch = { down: null, downWall: null });
  window.addEventListener('pointerdown', () => {
    b.down = performance.now();
    b.downWall = Date.now();
  }, true);
  const host = () => document.querySelector('flt-semantics-host');
  b.texts = () => new Set((TEXTS_JS)());
  // An expected item: a text shown exactly; one ending in "," the start of
  // a text (the board says "Ann 21, in"); a list: any one of them.
  const has = (have, s) => {
    if (Array.isArray(s)) return s.some((a) => has(have, a));
    if (!s.endsWith(',')) return have.has(s);
    for (const h of have) if (h.startsWith(s)) return true;
    return false;
  };
  b.missing = (expected) => {
    const have = b.texts();
    return expected.filter((s) => !has(have, s));
  };
  b.arm = (expected, tapper) => {
    b.down = null;
    b.downWall = null;
    const already = b.missing(expected).length === 0;
    b.result = new Promise((resolve) => {
      let timer = null;
      const done = () => {
        const seen = performance.now();
        const seenWall = Date.now();
        obs.disconnect();
        clearTimeout(timer);
        requestAnimationFrame(() => resolve({
          down: b.down, downWall: b.downWall, seen, seenWall,
          raf: performance.now(), rafWall: Date.now(),
          origin: performance.timeOrigin,
        }));
      };
      const obs = new MutationObserver(() => {
        if ((!tapper || b.down !== null) && b.missing(expected).length === 0) {
          done();
        }
      });
      obs.observe(host(), {
        subtree: true, childList: true, attributes: true, characterData: true,
      });
      timer = setTimeout(() => {
        obs.disconnect();
        resolve({
          timeout: true, tapped: b.down !== null, missing: b.missing(expected),
          have: [...b.texts()].slice(0, 80),
        });
      }, waitMs);
    });
    return already;
  };
}
""".replace("TEXTS_JS", TEXTS_JS.strip())


def install_watch(page: Any) -> None:
    """The tap clock in ``page`` (after a moment for the screen to settle)."""
    page.wait_for_timeout(300)
    page.evaluate(WATCH_JS, WAIT_MS)


def arm(page: Any, expected: list[Any], tapper: bool, before: str) -> None:
    """Start watching ``page`` for ``expected``; it must not be shown yet, or
    the tap ``before`` could not be timed."""
    if page.evaluate("([e, t]) => window.__watch.arm(e, t)", [expected, tapper]):
        raise RuntimeError(f"{expected} already shown before tapping {before!r}")


def watched(page: Any, what: str, tapper: bool = True) -> dict[str, Any]:
    """The armed watch's result; a page that never showed it fails the run,
    saying what was missing and what the page showed instead."""
    r: dict[str, Any] = page.evaluate("() => window.__watch.result")
    if r.get("timeout"):
        lost = tapper and not r["tapped"]
        tapped = " (the tap never reached the page)" if lost else ""
        raise RuntimeError(
            f"{what}: still missing {r['missing']} after {WAIT_MS / 1000:.0f} s"
            f"{tapped}; the page shows {r['have']}"
        )
    return r


def control(page: Any, name: str) -> Any:
    """The button named exactly ``name``, scrolled on screen with the mouse
    wheel as a person would (tests/browser/table.py); a screen without it
    fails the run with what it shows instead."""
    from tests.browser.table import reveal

    target = page.get_by_role("button", name=name, exact=True).first
    try:
        reveal(page, target)
    except Exception as exc:  # noqa: BLE001 - Playwright's TimeoutError
        shown = page.evaluate(TEXTS_JS)
        raise RuntimeError(f"no button {name!r}; the page shows {shown}") from exc
    return target


# --- the server -----------------------------------------------------------------
def server_options(app_root: Path, trace: Path | None) -> dict[str, Any]:
    """``running_server``'s options for serving ``app_root`` (another checkout,
    to compare), through the timing wrappers when ``trace`` is a file."""
    env = {"PYTHONPATH": str(app_root), "BENCH_APP_ROOT": str(app_root)}
    command = None
    if trace is not None:
        command = [sys.executable, __file__, "--serve", str(trace), "--"]
    return {"extra_env": env, "app_root": app_root, "command": command}


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


class Mirror:
    """The round being entered, fed the same taps as the page, to say what
    the entry screen must show after each: the app's own ``RoundDraft``,
    scoring and wording, the names as tests/browser/table.py spells them."""

    def __init__(self, players: tuple[str, ...]) -> None:
        from companion.app.entry import RoundDraft
        from companion.rules import Sheet

        self.sheet = Sheet.new(list(players))
        self.rules = self.sheet.rules
        self.draft = RoundDraft.fresh(self.sheet)
        self.ids = {p.name: p.id for p in self.sheet.players}

    def chip(self, name: str) -> str:
        from tests.browser.table import chip

        return chip(name, self.draft.score(self.ids[name], self.rules))

    def shown(self, name: str) -> list[str]:
        """What the tapping page shows with ``name``'s line chosen: the chip,
        the score chain and the count of every card on the table."""
        from companion.app.telling import chain
        from tests.browser.table import key_name

        pid = self.ids[name]
        out = [self.chip(name), chain(self.draft.line_score(pid, self.rules))]
        left = self.draft.copies_left(self.rules)
        for code in {c for line in self.draft.lines.values() for c in line}:
            out.append(key_name(code, left[code]))
        return out

    def picked(self, name: str) -> list[str]:
        """What shows once ``name`` is chosen (their line is empty)."""
        from companion.i18n import _
        from tests.browser.table import line_heading

        score = self.draft.score(self.ids[name], self.rules)
        return [
            line_heading(name, score),
            _("No cards yet: tap them on the keypad below."),
        ]

    def add(self, name: str, code: str) -> str:
        """``code`` into ``name``'s line; the key to tap (named as before)."""
        from tests.browser.table import key_name

        left = self.draft.copies_left(self.rules)[code]
        self.draft.add_card(self.ids[name], code, self.rules)
        return key_name(code, left)

    def remove_last(self, name: str) -> tuple[str, list[str]]:
        """The last card of ``name``'s line taken off: the line card to tap,
        and what the tapping page shows then (its key's count back up)."""
        from tests.browser.table import key_name, line_card_name

        pid = self.ids[name]
        line = self.draft.line(pid)
        code = line[-1]
        self.draft.remove_card(pid, len(line) - 1)
        shown = self.shown(name)
        shown.append(key_name(code, self.draft.copies_left(self.rules)[code]))
        return line_card_name(code, name), shown


class Table:
    """The entry screen, tapped and timed, beside the mirror of its draft."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.mirror = Mirror(PLAYERS)
        self.selected = PLAYERS[0]
        self.taps: list[dict[str, Any]] = []

    def tap(self, kind: str, button: str, expected: list[str]) -> None:
        page = self.page
        target = control(page, button)
        arm(page, expected, True, button)
        target.click()
        r = watched(page, f"after tapping {button!r}")
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
        chip = self.mirror.chip(name)
        self.selected = name
        self.tap("select", chip, self.mirror.picked(name))

    def add(self, name: str, code: str) -> None:
        key = self.mirror.add(name, code)
        self.tap("key", key, self.mirror.shown(name))

    def remove_last(self, name: str) -> None:
        button, shown = self.mirror.remove_last(name)
        self.tap("remove", button, shown)


def open_entry(page: Any, url: str) -> None:
    """Home, "Continue round 1", the sheet's "Enter round 1": the entry
    screen, as a person gets there (each step waits for its button)."""
    from companion.i18n import _
    from tests.browser.table import chip, click

    load(page, url)
    click(page, _("Continue round {n}").format(n=1))
    click(page, _("Enter round {number}").format(number=1))
    control(page, chip(PLAYERS[0], 0))


def run(
    taps: int,
    warmup: int,
    trace: bool,
    keep: bool,
    app_root: Path = ROOT,
    per_turn: int = 6,
) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="bench-tap-"))
    data = tmp / "data"
    trace_file = tmp / "trace.jsonl" if trace else None
    seed(data)
    with (
        running_server(data, **server_options(app_root, trace_file)) as server,
        sync_playwright() as pw,
    ):
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport=PHONE)
        page.add_init_script(WS_HOOK)
        open_entry(page, server.url)
        install_watch(page)
        table = Table(page)
        keys = 0
        while keys < warmup + taps:
            for name in PLAYERS:
                table.select(name)
                cards = LINES[name].split()[: min(per_turn, warmup + taps - keys)]
                for code in cards:
                    table.add(name, code)
                keys += len(cards)
                for _ in cards:
                    table.remove_last(name)
                if keys >= warmup + taps:
                    break
        browser.close()
    measured = table.taps
    # Drop the warm-up key taps (and everything tapped before the last of them).
    if warmup:
        key_at = [i for i, t in enumerate(measured) if t["kind"] == "key"]
        measured = measured[key_at[warmup] :]
    server_log = []
    if trace_file is not None and trace_file.exists():
        server_log = [json.loads(line) for line in trace_file.read_text().splitlines()]
    for tap in measured:
        hits = [
            s for s in server_log if tap["wall0"] - 0.005 <= s["wall"] <= tap["wall1"]
        ]
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
    parser.add_argument(
        "--per-turn",
        type=int,
        default=6,
        help="card keys per player before the next one is picked (1-6)",
    )
    args = parser.parse_args()
    if not 1 <= args.per_turn <= 6:
        raise SystemExit("--per-turn must be 1 to 6 (a line has 6 distinct cards)")
    missing = browser_missing_reason()
    if missing is not None:
        raise SystemExit(missing)
    result = run(
        args.taps,
        args.warmup,
        not args.no_trace,
        args.keep,
        args.app_root,
        args.per_turn,
    )
    print_report(report(result["taps"]))


if __name__ == "__main__":
    main()
