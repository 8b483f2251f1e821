"""The crawler: every screen, both sizes, the four looks (light, dark, and
both in high contrast, where every text must reach 7:1) and at 200 % text
size; every control pressed once; no error box, no dead control, Back
returns, every text readable and inside the screen's width."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from share_games import standard_game

from companion.app import AppState
from companion.rules import Entry, RoundRecord, Sheet
from companion.store import GameStore

from .crawler import Findings, crawl, ready
from .harness import DESKTOP, PHONE, running_server
from .table import click, see, toggle

pytestmark = pytest.mark.browser


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
        assert state.setup_add_player(name) is None
    assert state.start_game() is None
    digital = state.game_id or ""
    assert state.start_digital_round() is None
    assert state.open_game(playing) is None
    assert state.add_card("p2", "6") is None  # round 2 half entered
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


def run_crawl(page: Any, server: Any, ids: dict[str, str], found: Findings) -> None:
    for path in paths(ids):
        crawl(page, server.url, path, found)
    page.close()
    assert len(found.pressed) > 60, found.pressed


@pytest.mark.parametrize("theme", ["light", "dark", "high-light", "high-dark"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_crawl_every_screen(
    browser: Any, tmp_path: Path, size: str, theme: str
) -> None:
    data = tmp_path / "data"
    ids = seed(data)
    found = Findings(least=7.0 if theme.startswith("high") else None)
    with running_server(data) as server:
        page = browser.new_page(viewport=PHONE if size == "phone" else DESKTOP)
        page.goto(server.url)
        ready(page)
        if theme.endswith("dark"):
            click(page, "Dark theme")
            see(page, "Light theme")
        if theme.startswith("high"):
            toggle(page, "High contrast")
            expect_checked(page, "High contrast")
        run_crawl(page, server, ids, found)
    problems = found.problems()
    (tmp_path.parent / f"crawl-{size}-{theme}.txt").write_text("\n".join(problems))
    assert problems == []


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_crawl_at_double_text_size(browser: Any, tmp_path: Path, size: str) -> None:
    """200 % text: nothing wider than the screen, no error box, still usable."""
    data = tmp_path / "data"
    ids = seed(data)
    found = Findings()
    with running_server(data) as server:
        page = browser.new_page(viewport=PHONE if size == "phone" else DESKTOP)
        page.add_init_script(DOUBLE_TEXT)
        page.goto(server.url)
        ready(page)
        assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == (
            "32px"
        )
        run_crawl(page, server, ids, found)
    problems = found.problems()
    (tmp_path.parent / f"crawl-{size}-200.txt").write_text("\n".join(problems))
    assert problems == []


def expect_checked(page: Any, name: str) -> None:
    """The switch shows it is on (waits for the server's answer)."""
    page.wait_for_selector(
        f'flt-semantics[role=switch][aria-label="{name}"][aria-checked=true]',
        timeout=30_000,
    )
