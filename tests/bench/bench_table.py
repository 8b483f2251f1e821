"""Benchmark: a live table, 8 players' phones and a board on one server.

Run: ``uv run python tests/bench/bench_table.py`` (Chromium, the figure the
target is judged on) and ``--raw`` (the same table over Flet's raw
websocket protocol). Not collected by pytest. Target (issue 11): a tap on
one phone shows on every other page within 300 ms at the 95th percentile.

Setup: one 8-player game seeded in a temp data dir with its invite token
(``GameHub.invite``), the real server started with ``--host 0.0.0.0`` (a
live table: only the serving machine is the host). Each phone reaches the
server through its own :class:`~tests.phone_link.PhoneLink` (source
address 127.0.0.2 … 127.0.0.9, as another machine on the Wi-Fi), opens the
join link, taps "I am Ann" … "I am Hal", then "Enter my line": it is on
the round-entry screen with its own line and the keypad. The board
(127.0.0.10) opens ``/board/<id>?t=…`` when the app has that screen, else
(until the board lands) it is a guest that chose "Just watch" and looks at
the round being entered (``/game/<id>/entry``: every player's chip, no
keypad). ``--host-page`` adds the host's own entry screen (127.0.0.1).

The tapping rotates: Ann's phone taps a few card keys of her own line and
takes them off again, then Bob's phone, and so on (``bench_live.drive``);
each tap must show on every other page (the player's chip with the new
score, e.g. "Ann 21"; on the board "Ann 21, …") before the next tap.

Chromium (default): every page is Chromium in its own context; a tap is
timed exactly as in ``bench_live.py`` (capture-phase ``pointerdown`` on the
tapping phone to a ``MutationObserver`` seeing the new chip in each other
page's semantics tree, one wall clock): the whole path, including nine or
ten Chromium renderers drawing in software on the same two cores.

Raw (``--raw``): every page is a :class:`~tests.flet_client.RawPage`, a
websocket speaking Flet's protocol (register, answer method calls, send
click events by control id) in this process; a tap is timed from sending
the click to receiving, on each other session, the first frame that holds
the new chip text. So it is the server's part of the path (commit, every
session's re-render, diff, encoding, the sockets) without any drawing.

Also printed: server CPU per tap (``utime + stime`` over the timed taps),
the server's RSS before any phone joined and once all had joined (MB per
joined page), and the load average before and after.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.bench_live import (  # noqa: E402
    LIVE_JS,
    NAMES,
    WAIT_MS,
    LiveTable,
    check_lines,
    drive,
    loadavg,
    print_report,
    report,
    rss_mb,
    seed,
)
from tests.bench.bench_tap import start_server, stop_server  # noqa: E402
from tests.flet_client import RawPage  # noqa: E402
from tests.phone_link import PhoneLink  # noqa: E402

PLAYERS = NAMES  # 8 players, one phone each
BOARD_SOURCE = "127.0.0.10"
TV = {"width": 1920, "height": 1080}


STAND_IN = False  # --stand-in: a watching guest instead of the board


def has_board() -> bool:
    """Whether the app has the board screen yet (issue 11, item 4)."""
    from companion.ui.routes import parse

    return not STAND_IN and str(parse("/board/x").screen) == "board"


def seed_table(data: Path) -> tuple[str, str]:
    """The game and its invite token, made before the server starts."""
    from companion.app.hub import GameHub
    from companion.store import GameStore

    game_id = seed(data, PLAYERS)
    hub = GameHub(GameStore(data))
    token = hub.invite(game_id)
    hub.store.close()
    return game_id, token


class Table(LiveTable):
    """The tapping moves from phone to phone; all other pages watch."""

    def __init__(self, phones: dict[str, Any], others: list[Any]) -> None:
        super().__init__([*phones.values(), *others], PLAYERS)
        self.phones = phones
        self.pages = [*phones.values(), *others]
        self.selected = ""  # a phone shows its own line: nothing to pick

    def turn(self, name: str) -> None:
        self.tapper = self.phones[name]
        self.watchers = [p for p in self.pages if p is not self.tapper]

    def elsewhere(self, name: str) -> list[Any]:
        chip = self.chip(name)
        return [[chip, chip + ","]]  # a phone's chip, or the board's line


# --- Chromium -------------------------------------------------------------------
def chromium_pages(
    browser: Any, port: int, links: dict[str, PhoneLink], game: str, token: str
) -> dict[str, Any]:
    """Every phone joined and on its own line; the board watching."""
    from tests.browser.harness import PHONE, load

    def page_on(url: str) -> Any:
        return load(browser.new_context(viewport=PHONE).new_page(), url)

    def see(page: Any, text: str) -> None:
        page.get_by_text(text, exact=True).first.wait_for(timeout=60_000)

    def press(page: Any, name: str) -> None:
        page.get_by_role("button", name=name, exact=True).first.click(timeout=60_000)

    pages: dict[str, Any] = {}
    for name in PLAYERS:
        page = page_on(f"{links[name].url}/join/{game}?t={token}")
        press(page, f"I am {name}")
        press(page, "Enter my line")
        see(page, "My line is in")
        pages[name] = page
    board = links["board"].url
    if has_board():  # a TV: every line in view (the semantics tree holds no more)
        page = load(
            browser.new_context(viewport=TV).new_page(),
            f"{board}/board/{game}?t={token}",
        )
        from tests.browser.table import see as see_on

        see_on(page, "Round 1 · Ann deals", timeout=60_000)
    else:
        page = page_on(f"{board}/join/{game}?t={token}")
        press(page, "Just watch")
        see(page, "You are watching")
        # The address bar changes in the same session (Flutter's router
        # reports it as a route change): the round being entered.
        page.evaluate(
            "(p) => { history.pushState({}, '', p);"
            " window.dispatchEvent(new PopStateEvent('popstate')); }",
            f"/game/{game}/entry?t={token}",
        )
        page.get_by_role("button", name="Ann 0", exact=True).first.wait_for(
            timeout=60_000
        )
    pages["board"] = page
    return pages


def run_chromium(args: argparse.Namespace) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS, PHONE, load

    with (
        table_server(args) as (proc, port, links, game, token, figures),
        sync_playwright() as pw,
    ):
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        others = []
        if args.host_page:
            host = browser.new_context(viewport=PHONE).new_page()
            load(host, f"http://127.0.0.1:{port}/game/{game}/entry")
            host.get_by_role("button", name="Ann 0").first.wait_for(timeout=60_000)
            others.append(host)
        time.sleep(1.0)
        figures["rss_mb_idle"] = rss_mb(proc.pid)
        pages = chromium_pages(browser, port, links, game, token)
        others.append(pages.pop("board"))
        for page in [*pages.values(), *others]:
            page.wait_for_timeout(300)
            page.evaluate(LIVE_JS, WAIT_MS)
        time.sleep(1.0)
        figures["rss_mb_pages"] = rss_mb(proc.pid)
        table = Table(pages, others)
        figures["pages"] = len(table.pages)
        first = drive(
            table, PLAYERS, args.warmup, args.taps, proc.pid, table.turn, figures
        )
        figures["rss_mb_end"] = rss_mb(proc.pid)
        figures["taps"] = table.taps[first:]
        browser.close()
    return figures


# --- raw protocol ---------------------------------------------------------------
class RawTable(Table):
    """The same table over raw websockets: a tap is a click event sent by
    control id; "shown" is the first frame holding the new chip text."""

    board: RawPage | None = None  # the board's lines read "Ann 21, in"

    def tap(self, kind: str, button: str, mine: list[str], theirs: Any) -> None:
        tapper: RawPage = self.tapper
        chip = mine[0]  # the player's chip with the new score
        # A key by its card name ("5, 4 left" is key "5"), a line card by its name.
        target = tapper.find(button.rsplit(", ", 1)[0] if kind == "key" else button)
        sent = tapper.event(target, "click")
        wait = WAIT_MS / 1000
        own = tapper.wait_for(chip, after=sent, timeout=wait)
        seen = [
            w.wait_for(chip + ",", sent, wait, exact=False)  # "Ann 21, …"
            if w is self.board
            else w.wait_for(chip, after=sent, timeout=wait)
            for w in self.watchers
        ]
        ms = [(t - sent) * 1000 for t in seen]
        self.taps.append(
            {
                "kind": kind,
                "button": button,
                "ms": (own - sent) * 1000,
                "raf_ms": (own - sent) * 1000,
                "to": ms,
                "to_raf": ms,
                "after_own": [(t - own) * 1000 for t in seen],
            }
        )


def raw_pages(links: dict[str, PhoneLink], game: str, token: str) -> dict[str, Any]:
    pages: dict[str, Any] = {}
    join = f"/join/{game}?t={token}"
    for name in PLAYERS:
        page = RawPage(links[name].port, join)
        page.wait_for(f"I am {name}")
        page.click(f"I am {name}")
        page.wait_for("Enter my line")
        page.click("Enter my line")
        page.wait_for("My line is in")
        pages[name] = page
    if has_board():
        board = RawPage(links["board"].port, f"/board/{game}?t={token}")
        board.wait_for("Totals")
    else:
        board = RawPage(links["board"].port, join)
        board.wait_for("Just watch")
        board.click("Just watch")
        board.wait_for("You are watching")
        board.go(f"/game/{game}/entry?t={token}")
        board.wait_for("Ann dealt · tap a player, then their cards")
    pages["board"] = board
    return pages


def run_raw(args: argparse.Namespace) -> dict[str, Any]:
    with table_server(args) as (proc, port, links, game, token, figures):
        others: list[Any] = []
        if args.host_page:
            host = RawPage(port, f"/game/{game}/entry")
            host.wait_for("Ann dealt · tap a player, then their cards")
            others.append(host)
        time.sleep(1.0)
        figures["rss_mb_idle"] = rss_mb(proc.pid)
        pages = raw_pages(links, game, token)
        others.append(pages.pop("board"))
        time.sleep(1.0)
        figures["rss_mb_pages"] = rss_mb(proc.pid)
        table = RawTable(pages, others)
        table.board = others[-1] if has_board() else None
        figures["pages"] = len(table.pages)
        first = drive(
            table, PLAYERS, args.warmup, args.taps, proc.pid, table.turn, figures
        )
        figures["rss_mb_end"] = rss_mb(proc.pid)
        figures["taps"] = table.taps[first:]
        for page in table.pages:
            page.close()
    return figures


# --- common ---------------------------------------------------------------------
@contextlib.contextmanager
def table_server(args: argparse.Namespace) -> Any:
    """The seeded game, the server on the LAN and one link per phone."""
    check_lines(PLAYERS)
    tmp = Path(tempfile.mkdtemp(prefix="bench-table-"))
    data = tmp / "data"
    game, token = seed_table(data)
    proc, url = start_server(data, None, args.app_root, host="0.0.0.0")
    port = int(url.rsplit(":", 1)[1])
    figures: dict[str, Any] = {"players": len(PLAYERS), "load_start": loadavg()}
    sources = {name: f"127.0.0.{i + 2}" for i, name in enumerate(PLAYERS)}
    sources["board"] = BOARD_SOURCE
    try:
        with contextlib.ExitStack() as stack:
            links = {
                who: stack.enter_context(PhoneLink(port, source))
                for who, source in sources.items()
            }
            yield proc, port, links, game, token, figures
    finally:
        stop_server(proc)
        figures["load_end"] = loadavg()
        if args.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--raw", action="store_true", help="raw websockets, no drawing")
    parser.add_argument("--host-page", action="store_true", help="add the host's page")
    parser.add_argument("--taps", type=int, default=48, help="card key taps timed")
    parser.add_argument("--warmup", type=int, default=4, help="key taps not timed")
    parser.add_argument("--keep", action="store_true", help="keep the temp dir")
    parser.add_argument(
        "--app-root",
        type=Path,
        default=ROOT,
        help="serve the app of another checkout (before/after comparisons)",
    )
    parser.add_argument(
        "--stand-in",
        action="store_true",
        help="a guest who chose 'Just watch' instead of the board",
    )
    args = parser.parse_args()
    global STAND_IN
    STAND_IN = args.stand_in
    figures = run_raw(args) if args.raw else run_chromium(args)
    r = report(figures)
    joined = len(PLAYERS) + 1
    r["mb_per_joined_page"] = round((r["rss_mb_pages"] - r["rss_mb_idle"]) / joined, 2)
    board = "board" if has_board() else "watching guest as board"
    kind = "RAW PROTOCOL (server only)" if args.raw else "CHROMIUM (end to end)"
    print_report(
        r,
        f"{kind}: 8 phones + {board}"
        + (" + host page" if args.host_page else "")
        + f", {r['card_taps']} card taps, the tapping phone rotating; "
        f"load {r['load_start']} -> {r['load_end']}",
    )
    per = r["mb_per_joined_page"]
    print(f"server RSS per joined page (8 phones + board): {per} MB")
    print(json.dumps({"mb_per_joined_page": r["mb_per_joined_page"]}))


if __name__ == "__main__":
    main()
