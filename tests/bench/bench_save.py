"""Benchmark: the last phone saves the round; how soon every other page shows it.

Run: ``uv run python tests/bench/bench_save.py`` (Chromium) and ``--raw``
(Flet's raw websocket protocol: the server's part alone); also
``[--players 3] [--rounds 6] [--warmup 1] [--host-page]``. Not collected by pytest;
tests/bench/test_bench_smoke.py runs one short pass in CI, checks that it
prints its figures and judges none. Target (issue 25, item 4): the last
phone's save shows on every page in under 1 s (it took 3.3-3.9 s).

Setup: the live table of ``bench_table.py`` (its seeded game, its server on
the LAN, one :class:`~tests.phone_link.PhoneLink` per phone, the board on a
TV; ``--host-page`` adds the host's own page on the round entry). Each round,
as a table plays it: every phone taps one card into its own line and "My
line is in"; the last phone does the same and taps "Save round N". Timed
from that phone's ``pointerdown`` on Save (capture phase, ``Date.now()``)
to each other page's semantics tree showing the next round's heading,
"Round N+1 · Bob deals" (a ``MutationObserver``, the same clock as
``bench_tap.py``): the save's commit with fsync, every session's re-render,
the patch to each page and its drawing (Chromium, software rendering). The
saving phone's own figure is printed beside it, and the server's CPU time
(``utime + stime``) from the click until every page showed the save: what
the server's part costs apart from the renderers sharing its two cores.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from companion.i18n import _  # noqa: E402
from tests.bench.bench_live import NAMES, cpu_seconds  # noqa: E402
from tests.bench.bench_table import (  # noqa: E402
    chromium_pages,
    raw_pages,
    table_server,
)
from tests.bench.bench_tap import (  # noqa: E402
    WAIT_MS,
    WS_HOOK,
    arm,
    control,
    install_watch,
    summary,
    watched,
)
from tests.browser.harness import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    browser_missing_reason,
    device,
)
from tests.browser.table import click, see, tap_card  # noqa: E402


def heading(number: int, dealer: str) -> str:
    return _("Round {number} · {dealer} deals").format(number=number, dealer=dealer)


def the_save(
    number: int, phones: dict[str, Any], others: list[Any], players: tuple[str, ...]
) -> tuple[Any, str, list[Any]]:
    """Who saves round ``number`` (the last phone), the heading every page
    shows after it, and the pages that watch for it."""
    saver = list(phones.values())[-1]
    after = heading(number + 1, players[number % len(players)])
    return saver, after, [p for p in [*phones.values(), *others] if p is not saver]


def play_round(
    number: int,
    phones: dict[str, Any],
    others: list[Any],
    players: tuple[str, ...],
    server: int,
) -> dict[str, Any]:
    """One round tapped in on the phones, saved by the last; its timing."""
    names = list(phones)
    for i, name in enumerate(names):
        page = phones[name]
        if number > 1:  # back on the sheet after the last save
            click(page, _("Enter my line"))
        see(page, _("My line is in"), timeout=WAIT_MS)
        tap_card(page, str(3 + i))  # distinct numbers: every line is valid
        click(page, _("My line is in"))
        see(page, _("✓ Your line is in."), timeout=WAIT_MS)
    saver, next_heading, watchers = the_save(number, phones, others, players)
    expected = [next_heading]
    for page in watchers:
        arm(page, expected, False, "Save")
    arm(saver, expected, True, "Save")
    save = control(saver, _("Save round {n}").format(n=number))
    for page in watchers:
        page.evaluate("() => { window.__ws.recv.length = 0; }")
    cpu = cpu_seconds(server)
    save.click()
    own = watched(saver, f"round {number}: the saving phone")
    seen = [watched(p, f"round {number}: another page", False) for p in watchers]
    frames = [frame_wall(p, s) for p, s in zip(watchers, seen, strict=True)]
    return {
        "round": number,
        "own_ms": own["seenWall"] - own["downWall"],
        "to": [s["seenWall"] - own["downWall"] for s in seen],
        "frame": [f - own["downWall"] for f in frames],
        "server_cpu_ms": (cpu_seconds(server) - cpu) * 1000,
    }


def frame_wall(page: Any, seen: dict[str, Any]) -> float:
    """When ``page`` received the frame that showed the save: its last
    websocket message before the heading appeared (wall clock, ms)."""
    times = page.evaluate("() => window.__ws.recv.map((m) => m[0])")
    before = [
        seen["origin"] + t for t in times if seen["origin"] + t <= seen["seenWall"]
    ]
    if not before:
        raise RuntimeError("the page showed the save without a message from the server")
    return max(before)


class Hooked:
    """The browser, each new context (a phone, the board) with the websocket
    clock of bench_tap.py installed before its page loads."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser

    def new_context(self, **options: Any) -> Any:
        context = self.browser.new_context(**options)
        context.add_init_script(WS_HOOK)
        return context


def run(args: argparse.Namespace) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    players = NAMES[: args.players]
    with (
        table_server(args, players) as (pid, port, links, game, token, figures),
        sync_playwright() as pw,
    ):
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        hooked = Hooked(browser)
        others = []
        if args.host_page:
            host = device(hooked, f"http://127.0.0.1:{port}/game/{game}/entry")
            see(host, _("Save round {n}").format(n=1), timeout=WAIT_MS)
            others.append(host)
        phones = chromium_pages(hooked, players, links, game, token)
        others.append(phones.pop("board"))
        for page in [*phones.values(), *others]:
            install_watch(page)
        figures["pages"] = len(phones) + len(others)
        rounds = [
            play_round(n, phones, others, players, pid)
            for n in range(1, args.warmup + args.rounds + 1)
        ]
        figures["rounds"] = rounds[args.warmup :]
        browser.close()
    return figures


def raw_round(
    number: int,
    phones: dict[str, Any],
    others: list[Any],
    players: tuple[str, ...],
    server: int,
) -> dict[str, Any]:
    """The same round over raw websockets: the server's part alone (commit,
    every session's re-render, the frames sent), timed from sending the
    click on Save to the first frame holding the next round's heading."""
    wait = WAIT_MS / 1000
    names = list(phones)
    for i, name in enumerate(names):
        page = phones[name]
        if number > 1:  # back on the sheet: the entry is drawn afresh
            sent = page.click(_("Enter my line"))
            page.wait_for(_("My line is in"), after=sent, timeout=wait)
        page.find(_("My line is in"))  # the keys as this screen drew them
        value = 2 + (i + number) % 10  # a new chip text every round
        sent = page.click(str(value))
        page.wait_for(f"{name} {value}", after=sent, timeout=wait)
        sent = page.click(_("My line is in"))
        page.wait_for(_("✓ Your line is in."), after=sent, timeout=wait)
    saver, expected, watchers = the_save(number, phones, others, players)
    cpu = cpu_seconds(server)
    sent = saver.click(_("Save round {n}").format(n=number))
    own = saver.wait_for(expected, after=sent, timeout=wait)
    seen = [w.wait_for(expected, after=sent, timeout=wait) for w in watchers]
    return {
        "round": number,
        "own_ms": (own - sent) * 1000,
        "to": [(t - sent) * 1000 for t in seen],
        "server_cpu_ms": (cpu_seconds(server) - cpu) * 1000,
    }


def run_raw(args: argparse.Namespace) -> dict[str, Any]:
    players = NAMES[: args.players]
    with table_server(args, players) as (pid, _port, links, game, token, figures):
        phones = raw_pages(players, links, game, token)
        others = [phones.pop("board")]
        time.sleep(1.0)  # every page drawn before the first tap
        figures["pages"] = len(phones) + len(others)
        rounds = [
            raw_round(n, phones, others, players, pid)
            for n in range(1, args.warmup + args.rounds + 1)
        ]
        figures["rounds"] = rounds[args.warmup :]
        for page in [*phones.values(), *others]:
            page.close()
    return figures


def report(figures: dict[str, Any]) -> dict[str, Any]:
    rounds = figures["rounds"]
    to_each = [ms for r in rounds for ms in r["to"]]
    frames = [ms for r in rounds for ms in r.get("frame", [])]
    drawn = (
        [
            to - at
            for r in rounds
            for to, at in zip(r["to"], r.get("frame", []), strict=True)
        ]
        if frames
        else []
    )
    return {
        "players": figures["players"],
        "pages": figures["pages"],
        "rounds": len(rounds),
        "save_to_each_page": summary(to_each),
        "save_to_all_pages": summary([max(r["to"]) for r in rounds]),
        "frame_at_each_page": summary(frames) if frames else None,
        "drawn_after_frame": summary(drawn) if drawn else None,
        "saving_page": summary([r["own_ms"] for r in rounds]),
        "server_cpu_ms_per_save": summary([r["server_cpu_ms"] for r in rounds]),
        "load_start": figures["load_start"],
        "load_end": figures["load_end"],
    }


def print_report(r: dict[str, Any]) -> None:
    print(
        f"{r['players']} phones, {r['pages']} pages, {r['rounds']} rounds saved "
        "by the last phone"
    )
    print(f"{'':32} {'n':>4} {'p50 ms':>9} {'p95 ms':>9} {'max ms':>9}")
    for label, key in (
        ("save -> each other page", "save_to_each_page"),
        ("save -> every page", "save_to_all_pages"),
        ("  its frame at each other page", "frame_at_each_page"),
        ("  drawn after its frame", "drawn_after_frame"),
        ("save -> the saving phone", "saving_page"),
        ("server CPU per save (ms)", "server_cpu_ms_per_save"),
    ):
        s = r[key]
        if s is None:  # --raw: the frame is what is timed
            continue
        print(
            f"{label:32} {s['n']:>4} {s['p50']:>9.1f} {s['p95']:>9.1f} {s['max']:>9.1f}"
        )
    print(f"load average: {r['load_start']} at the start, {r['load_end']} at the end")
    print(json.dumps(r))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=3, help="phones (2-8)")
    parser.add_argument("--rounds", type=int, default=6, help="saves timed")
    parser.add_argument("--warmup", type=int, default=1, help="saves not timed")
    parser.add_argument("--host-page", action="store_true", help="add the host's page")
    parser.add_argument("--raw", action="store_true", help="raw websockets, no drawing")
    parser.add_argument("--keep", action="store_true", help="keep the temp dir")
    parser.add_argument(
        "--app-root", type=Path, default=ROOT, help="the checkout to serve"
    )
    args = parser.parse_args()
    missing = None if args.raw else browser_missing_reason()
    if missing:
        sys.exit(f"bench_save: {missing}")
    started = time.monotonic()
    print_report(report(run_raw(args) if args.raw else run(args)))
    print(f"({time.monotonic() - started:.0f} s in all)")


if __name__ == "__main__":
    main()
