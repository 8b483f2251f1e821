"""The crawler: every screen, both sizes, the four looks (light, dark, and
both in high contrast, where every text must reach 7:1), English, Italian
and Hungarian, at 100 % and 200 % text size: no error box, every text
readable, inside the screen's width and, in Italian and Hungarian, no
English left, read from top to bottom; and every control pressed once (one
configuration: what a press does is the same in all): no dead control,
no error box after it, Back returns."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from drive import drive
from share_games import standard_game

from companion.app import AppState
from companion.i18n import _, use
from companion.rules import Entry, RoundRecord, Sheet
from companion.store import GameStore

from .crawler import Findings, crawl, look, ready, words
from .harness import DESKTOP, PHONE, running_server
from .table import click, see, toggle

pytestmark = pytest.mark.browser

GAME_ID = re.compile(r"\d{8}-\d{6}-\w+")  # companion/store/storage.py


def seed(data: Path) -> dict[str, str]:
    """A finished game, a game in progress with a half-entered round, and a
    digital round waiting for a decision."""
    store = GameStore(data)
    finished = store.create(standard_game(), {"title": "Friday night"})
    sheet = Sheet.new(["Ann", "Bob", "Cy", "Dee"])
    rec = RoundRecord(
        "p1",
        (
            ("p1", Entry(("3", "11", "5", "7", "10", "8", "4", "/2", "-4"))),
            ("p2", Entry(("12", "13", "13L"))),
            ("p3", Entry(("9", "9"), busted=True)),
            ("p4", Entry(typed=17)),
        ),
    )
    playing = store.create(sheet.add_round(rec), {"title": "Game night"})
    store.close()
    state = AppState(GameStore(data))
    state.test_deck = "10 11 1 11 10 F4 2 3 4 5 6 7 8 9 12"
    for name in ("Eve", "Finn", "Gus"):
        assert drive(state.act(state.form.add, name)) is None
    assert state.start_game() is None
    digital = state.game_id or ""
    assert drive(state.act(state.table.start)) is None
    assert state.open_game(playing) is None
    assert (
        drive(state.act(state.entry.add_card, "p2", "6")) is None
    )  # round 2 half entered
    state.store.close()
    return {"finished": finished, "playing": playing, "digital": digital}


def paths(ids: dict[str, str]) -> list[str]:
    f, p, d = ids["finished"], ids["playing"], ids["digital"]
    return [
        "/",
        "/rules",
        "/new",
        "/history",
        "/history/stats",
        "/import",
        "/games",
        f"/past/{f}",
        f"/past/{f}/share",
        f"/game/{p}",
        f"/game/{p}/entry",
        f"/game/{p}/share",
        f"/game/{p}/invite",
        f"/game/{f}",
        f"/game/{d}/digital",
        f"/board/{p}",
        f"/board/{d}",
        f"/board/{f}",
    ]


# The browser's own text size, as a person sets it (Chrome: Settings >
# Appearance > Font size; on a phone, the system's text size): Flutter web
# reads it from the page's root font size, 16 px at 100 %.
DOUBLE_TEXT = """
document.addEventListener('DOMContentLoaded', () => {
  document.documentElement.style.fontSize = '32px';
});
"""


def screen_kind(url: str) -> str:
    """``url`` without its query and with every game id as ``<game>``."""
    return GAME_ID.sub("<game>", url.split("?")[0])


def run_crawl(
    page: Any, server: Any, ids: dict[str, str], found: Findings, press: bool
) -> None:
    for path in paths(ids):
        (crawl if press else look)(page, server.url, path, found)
    page.close()
    if press:
        assert len(found.pressed) > 60, found.pressed
        # Every kind of screen a press opens is one the other crawls read
        # (a game's screens are one kind whatever the game: a seeded one or
        # one a press made, a rematch say).
        kinds = {screen_kind(path) for path in paths(ids)}
        unread = sorted({screen_kind(u) for u in found.reached} - kinds)
        assert not unread, f"screens no look crawl reads (add to paths): {unread}"


# Four crawls rather than the 48 of every combination: each language at
# 200 % text once (issue 12) and English on the phone; the four looks (dark
# on the phone, its high-contrast twin on the desktop); what breaks a layout
# (long Hungarian words, big text, a narrow screen) met together where it is
# hardest, and English is the shortest of the three. Reading every screen
# top to bottom takes a minute or two; pressing every control (the English
# phone crawl, "press") four more, so only one configuration does it. (A
# fifth, desktop-dark-it-200, went for CI's time: its look is the phone's,
# its size and text the desktop-high-dark one's.)
CRAWLS = [
    ("phone", "light", "en", 1, "press"),
    ("phone", "dark", "hu", 2, "look"),
    ("phone", "high-light", "it", 1, "look"),
    ("desktop", "high-dark", "it", 2, "look"),
]
LOCALES = {"en": "en-US", "it": "it-IT", "hu": "hu-HU"}


@pytest.mark.parametrize(
    ("size", "look", "language", "scale", "mode"),
    CRAWLS,
    ids=[f"{s}-{lk}-{lang}-{x * 100}-{m}" for s, lk, lang, x, m in CRAWLS],
)
def test_crawl_every_screen(
    browser: Any,
    tmp_path: Path,
    size: str,
    look: str,
    language: str,
    scale: int,
    mode: str,
) -> None:
    """Every screen in this look, language and text size: no error box, no
    dead control, Back returns, every text readable (7:1 in high contrast),
    inside the screen's width, and in the page's language."""
    data = tmp_path / "data"
    ids = seed(data)
    found = Findings(least=7.0 if look.startswith("high") else None)
    found.words = words(language)
    with use(language):
        home, dark, light, high = (
            _(w) for w in ("New game", "Dark theme", "Light theme", "High contrast")
        )
    with running_server(data) as server:
        page = browser.new_page(
            viewport=PHONE if size == "phone" else DESKTOP, locale=LOCALES[language]
        )
        if scale == 2:
            page.add_init_script(DOUBLE_TEXT)
        page.goto(server.url)
        ready(page)
        see(page, home)  # the phone's own language, from its locale
        if scale == 2:
            size_now = "getComputedStyle(document.documentElement).fontSize"
            assert page.evaluate(size_now) == "32px"
        if look.endswith("dark"):
            click(page, dark)
            see(page, light)
        if look.startswith("high"):
            toggle(page, high)
            expect_checked(page, high)
        run_crawl(page, server, ids, found, press=mode == "press")
    problems = found.problems()
    name = f"crawl-{size}-{look}-{language}-{scale * 100}-{mode}.txt"
    (tmp_path.parent / name).write_text("\n".join(problems))
    assert problems == []


def expect_checked(page: Any, name: str) -> None:
    """The switch shows it is on (waits for the server's answer)."""
    page.wait_for_selector(
        f'flt-semantics[role=switch][aria-label="{name}"][aria-checked=true]',
        timeout=30_000,
    )
