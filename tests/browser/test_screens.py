"""Every screen, at phone (390×844) and desktop (1280×800) size, renders its
content and no error box (Flutter draws a failed control as a grey block).
With SCREENSHOTS=1 this is also what refreshes the screenshots in docs/."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from drive import drive
from share_games import standard_game

from companion.app import AppState
from companion.rules import Entry, RoundRecord, Sheet
from companion.store import GameStore

from .crawler import grey_share  # the error box's grey, counted by colour
from .harness import DESKTOP, PHONE, open_app, running_server
from .table import click, see

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]


def seed(data: Path) -> None:
    """A finished game, a game in progress with a draft, a digital round at a
    Swap decision."""
    store = GameStore(data)
    store.create(standard_game(), {"title": "Friday night"})
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
    store.create(sheet.add_round(rec), {"title": "Game night"})
    store.close()
    state = AppState(GameStore(data))
    state.test_deck = "10 11 1 11 10 F4 2 SWAP 3 4 5 6 7"
    for name in ("Eve", "Finn", "Gus"):
        assert drive(state.act(state.form.add, name)) is None
    assert state.start_game() is None
    assert drive(state.act(state.table.start)) is None
    for choice in ("hit", "hit", "hit", "target 0"):
        assert drive(state.act(state.table.play, choice)) is None
    state.store.close()


def visit(page: Any, name: str, size: str, expect: str | re.Pattern[str]) -> None:
    see(page, expect)
    size_ = page.viewport_size
    page.mouse.move(size_["width"] / 2, size_["height"] / 2)
    page.mouse.wheel(0, -6000)  # screenshots show the top of the screen
    page.wait_for_timeout(700)
    png = page.screenshot()
    assert grey_share(png) < 0.02, f"{name} at {size} shows an error box"
    if os.environ.get("SCREENSHOTS") == "1":
        (ROOT / "docs" / "screenshots" / f"{name}-{size}.png").write_bytes(png)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_every_screen(browser: Any, tmp_path: Path, size: str) -> None:
    data = tmp_path / "data"
    seed(data)
    viewport = PHONE if size == "phone" else DESKTOP
    with running_server(data) as server:
        page = open_app(browser, server.url, viewport)
        visit(page, "home", size, "Past games")
        click(page, "Rules")
        visit(page, "rules", size, re.compile("Scoring a line"))
        click(page, "Back")
        click(page, "New game")
        visit(page, "setup", size, "Add 2 to 36 players in seat order (clockwise).")
        click(page, "Back")
        click(page, re.compile(r"^Continue round 1"))
        visit(page, "digital-decision", size, "Eve plays Swap: exchange which cards?")
        click(page, "Swap Finn's 10…")
        visit(page, "digital-swap", size, "Swap Finn's 10 with Gus's 11")
        click(page, "Swap Finn's 10 with Gus's 11")
        visit(page, "digital-table", size, "Eve: hit or stay?")
        for _ in range(3):
            click(page, "Hit")
        visit(page, "digital-round-end", size, "Round over")
        click(page, "Back to score sheet")
        visit(page, "sheet-digital", size, "Round 2 · Finn deals")
        click(page, "Back")
        opens = page.get_by_role("button", name="Open", exact=True)
        opens.nth(1).click()  # latest first: Eve's game, then Ann's
        page.wait_for_timeout(500)
        visit(page, "sheet", size, "Round 2 · Bob deals")
        click(page, "Enter round 2")
        visit(page, "entry", size, "Save round 2")
        click(page, "Back to sheet")
        click(page, "Players")
        visit(page, "players", size, "Late player's name")
        click(page, "Back")
        click(page, "History")
        visit(page, "history", size, "Friday night")
        click(page, "Player stats")
        visit(page, "stats", size, "Wins per player")
        click(page, "Back")
        click(page, "Back")
        click(page, "Import a game")
        visit(page, "import", size, "Share code")
        page.close()
