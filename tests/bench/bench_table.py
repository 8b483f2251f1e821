"""Benchmark: a live table, 8 players' phones and a board on one server.

Run: ``uv run python tests/bench/bench_table.py`` (Chromium, the figure the
target is judged on) and ``--raw`` (the same table over Flet's raw
websocket protocol); also ``[--taps 48] [--warmup 4] [--players 8]
[--per-turn 6] [--host-page] [--stand-in]``. Not collected by pytest;
tests/bench/test_bench_smoke.py runs one short pass of each in CI (a
smaller table), checks that it prints its figures and judges none. Target
(issue 11): a tap on one phone shows on every other page within 300 ms at
the 95th percentile.

Setup: one 8-player game (``--players``) seeded in a temp data dir with its
invite token (``GameHub.invite``), the real server started with ``--host
0.0.0.0`` (a live table: only the serving machine is the host). Each phone
reaches the server through its own :class:`~tests.phone_link.PhoneLink`
(source address 127.0.0.2 … 127.0.0.9, as another machine on the Wi-Fi),
opens the join link, taps "I am Ann" … "I am Hal", then "Enter my line": it
is on the round-entry screen with its own line and the keypad. The board
(127.0.0.10) opens ``/board/<id>?t=…`` when the app has that screen, else
(until the board lands) it is a guest that chose "Just watch" and looks at
the round being entered (``/game/<id>/entry``: every player's chip, no
keypad). ``--host-page`` adds the host's own entry screen (127.0.0.1).

The tapping rotates: Ann's phone taps a few card keys of her own line and
takes them off again, then Bob's phone, and so on (``bench_live.drive``);
each tap must show on every other page (the player's chip with the new
score, e.g. "Ann 21"; on the board "Ann 21, …") before the next tap, within
``bench_tap.WAIT_MS`` or the run fails, saying what the page shows instead.
The pages are driven with the browser tests' helpers (tests/browser) and
the app's own words.

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

from companion.i18n import _  # noqa: E402
from tests.bench.bench_live import (  # noqa: E402
    NAMES,
    LiveTable,
    check_lines,
    drive,
    loadavg,
    print_report,
    report,
    rss_mb,
    seed,
)
from tests.bench.bench_tap import (  # noqa: E402
    WAIT_MS,
    control,
    install_watch,
    server_options,
)
from tests.browser.harness import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    browser_missing_reason,
    device,
    running_server,
)
from tests.browser.table import chip, click, see  # noqa: E402
from tests.flet_client import RawPage  # noqa: E402
from tests.phone_link import PhoneLink  # noqa: E402

BOARD_SOURCE = "127.0.0.10"
TV = {"width": 1920, "height": 1080}


STAND_IN = False  # --stand-in: a watching guest instead of the board


def has_board() -> bool:
    """Whether the app has the board screen yet (issue 11, item 4)."""
    from companion.ui.routes import parse

    return not STAND_IN and str(parse("/board/x").screen) == "board"


def seed_table(data: Path, players: tuple[str, ...]) -> tuple[str, str]:
    """The game and its invite token, made before the server starts."""
    from companion.app.hub import GameHub
    from companion.store import GameStore

    game_id = seed(data, players)
    hub = GameHub(GameStore(data))
    token = hub.invite(game_id)
    hub.store.close()
    return game_id, token


def entry_title(dealer: str) -> str:
    """The round-entry screen's line under its title (a watcher's too)."""
    return _("{name} dealt · tap a player, then their cards").format(name=dealer)


class Table(LiveTable):
    """The tapping moves from phone to phone; all other pages watch."""

    def __init__(self, phones: dict[str, Any], others: list[Any]) -> None:
        super().__init__([*phones.values(), *others], tuple(phones))
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
    browser: Any,
    players: tuple[str, ...],
    links: dict[str, PhoneLink],
    game: str,
    token: str,
) -> dict[str, Any]:
    """Every phone joined and on its own line; the board watching. Each page
    is tapped as a person would, waiting for the screen each tap brings."""
    pages: dict[str, Any] = {}
    for name in players:
        page = device(browser, f"{links[name].url}/join/{game}?t={token}")
        click(page, _("I am {name}").format(name=name))
        click(page, _("Enter my line"))
        see(page, _("My line is in"), timeout=WAIT_MS)
        pages[name] = page
    board = links["board"].url
    if has_board():  # a TV: every line in view (the semantics tree holds no more)
        page = device(browser, f"{board}/board/{game}?t={token}", TV)
        title = _("Round {number} · {dealer} deals")
        see(page, title.format(number=1, dealer=players[0]), timeout=WAIT_MS)
    else:
        page = device(browser, f"{board}/join/{game}?t={token}")
        click(page, _("Just watch"))
        see(page, _("You are watching"), timeout=WAIT_MS)
        # The address bar changes in the same session (Flutter's router
        # reports it as a route change): the round being entered.
        page.evaluate(
            "(p) => { history.pushState({}, '', p);"
            " window.dispatchEvent(new PopStateEvent('popstate')); }",
            f"/game/{game}/entry?t={token}",
        )
        control(page, chip(players[0], 0))
    pages["board"] = page
    return pages


def run_chromium(args: argparse.Namespace) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    players = NAMES[: args.players]
    with (
        table_server(args, players) as (pid, port, links, game, token, figures),
        sync_playwright() as pw,
    ):
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        others = []
        if args.host_page:
            host = device(browser, f"http://127.0.0.1:{port}/game/{game}/entry")
            control(host, chip(players[0], 0))
            others.append(host)
        time.sleep(1.0)
        figures["rss_mb_idle"] = rss_mb(pid)
        pages = chromium_pages(browser, players, links, game, token)
        others.append(pages.pop("board"))
        for page in [*pages.values(), *others]:
            install_watch(page)
        time.sleep(1.0)
        figures["rss_mb_pages"] = rss_mb(pid)
        table = Table(pages, others)
        figures["pages"] = len(table.pages)
        first = drive(
            table, players, args.warmup, args.taps, pid, table.turn, figures,
            args.per_turn,
        )  # fmt: skip
        figures["rss_mb_end"] = rss_mb(pid)
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


def raw_pages(
    players: tuple[str, ...], links: dict[str, PhoneLink], game: str, token: str
) -> dict[str, Any]:
    wait = WAIT_MS / 1000
    pages: dict[str, Any] = {}
    join = f"/join/{game}?t={token}"
    for name in players:
        page = RawPage(links[name].port, join)
        me = _("I am {name}").format(name=name)
        page.wait_for(me, timeout=wait)
        page.click(me)
        page.wait_for(_("Enter my line"), timeout=wait)
        page.click(_("Enter my line"))
        page.wait_for(_("My line is in"), timeout=wait)
        pages[name] = page
    if has_board():
        board = RawPage(links["board"].port, f"/board/{game}?t={token}")
        board.wait_for(_("Totals"), timeout=wait)
    else:
        board = RawPage(links["board"].port, join)
        board.wait_for(_("Just watch"), timeout=wait)
        board.click(_("Just watch"))
        board.wait_for(_("You are watching"), timeout=wait)
        board.go(f"/game/{game}/entry?t={token}")
        board.wait_for(entry_title(players[0]), timeout=wait)
    pages["board"] = board
    return pages


def run_raw(args: argparse.Namespace) -> dict[str, Any]:
    players = NAMES[: args.players]
    with table_server(args, players) as (pid, port, links, game, token, figures):
        others: list[Any] = []
        if args.host_page:
            host = RawPage(port, f"/game/{game}/entry")
            host.wait_for(entry_title(players[0]), timeout=WAIT_MS / 1000)
            others.append(host)
        time.sleep(1.0)
        figures["rss_mb_idle"] = rss_mb(pid)
        pages = raw_pages(players, links, game, token)
        others.append(pages.pop("board"))
        time.sleep(1.0)
        figures["rss_mb_pages"] = rss_mb(pid)
        table = RawTable(pages, others)
        table.board = others[-1] if has_board() else None
        figures["pages"] = len(table.pages)
        first = drive(
            table, players, args.warmup, args.taps, pid, table.turn, figures,
            args.per_turn,
        )  # fmt: skip
        figures["rss_mb_end"] = rss_mb(pid)
        figures["taps"] = table.taps[first:]
        for page in table.pages:
            page.close()
    return figures


# --- common ---------------------------------------------------------------------
@contextlib.contextmanager
def table_server(args: argparse.Namespace, players: tuple[str, ...]) -> Any:
    """The seeded game, the server on the LAN and one link per phone:
    (server pid, port, links, game id, invite token, figures)."""
    check_lines(players)
    tmp = Path(tempfile.mkdtemp(prefix="bench-table-"))
    data = tmp / "data"
    game, token = seed_table(data, players)
    figures: dict[str, Any] = {"players": len(players), "load_start": loadavg()}
    sources = {name: f"127.0.0.{i + 2}" for i, name in enumerate(players)}
    sources["board"] = BOARD_SOURCE
    options = server_options(args.app_root, None)
    try:
        with (
            running_server(data, host="0.0.0.0", **options) as server,
            contextlib.ExitStack() as stack,
        ):
            assert server.proc is not None
            links = {
                who: stack.enter_context(PhoneLink(server.port, source))
                for who, source in sources.items()
            }
            yield server.proc.pid, server.port, links, game, token, figures
    finally:
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
    parser.add_argument(
        "--players", type=int, default=len(NAMES), help="players, one phone each (2-8)"
    )
    parser.add_argument(
        "--per-turn",
        type=int,
        default=6,
        help="card keys a phone taps before the next phone's turn (1-6)",
    )
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
    if not 2 <= args.players <= len(NAMES):
        raise SystemExit(f"--players must be 2 to {len(NAMES)}")
    if not 1 <= args.per_turn <= 6:
        raise SystemExit("--per-turn must be 1 to 6 (a line has 6 distinct cards)")
    global STAND_IN
    STAND_IN = args.stand_in
    if not args.raw and (missing := browser_missing_reason()) is not None:
        raise SystemExit(missing)
    figures = run_raw(args) if args.raw else run_chromium(args)
    r = report(figures)
    joined = args.players + 1
    r["mb_per_joined_page"] = round((r["rss_mb_pages"] - r["rss_mb_idle"]) / joined, 2)
    board = "board" if has_board() else "watching guest as board"
    kind = "RAW PROTOCOL (server only)" if args.raw else "CHROMIUM (end to end)"
    print_report(
        r,
        f"{kind}: {args.players} phones + {board}"
        + (" + host page" if args.host_page else "")
        + f", {r['card_taps']} card taps, the tapping phone rotating; "
        f"load {r['load_start']} -> {r['load_end']}",
    )
    per = r["mb_per_joined_page"]
    print(f"server RSS per joined page ({args.players} phones + board): {per} MB")
    print(json.dumps({"mb_per_joined_page": r["mb_per_joined_page"]}))


if __name__ == "__main__":
    main()
