"""The screen lives in the URL: a reload, a server restart under an open
page and the browser's Back all land where a person expects."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from companion.rules import Entry, RoundRecord, Sheet
from companion.store import GameStore

from .harness import PHONE, open_app, ready, running_server
from .table import click, see, tap_cards

pytestmark = pytest.mark.browser


def seed(data: Path) -> str:
    sheet = Sheet.new(["Ann", "Bob", "Cy"])
    lines = (("p1", Entry(("5", "6"))), ("p2", Entry(("7",))), ("p3", Entry(("1",))))
    store = GameStore(data)
    game_id = store.create(sheet.add_round(RoundRecord("p1", lines)))
    store.close()
    return game_id


def test_reload_restart_and_back(browser: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    game_id = seed(data)
    with running_server(data) as server:
        page = open_app(browser, server.url, PHONE)
        click(page, re.compile(r"^Continue round"))
        see(page, "Round 2 · Bob deals")
        click(page, "Enter round 2")
        tap_cards(page, "12 3")
        see(page, "15")
        assert page.url.endswith(f"/game/{game_id}/entry")

        page.reload()
        ready(page)
        see(page, "Save round 2", timeout=30_000)

        server.stop()  # the page stays open while the server restarts
        server.start()
        ready(page)
        see(page, "Save round 2", timeout=60_000)
        see(page, "15")  # the half-entered round survived, on its screen

        page.go_back()  # the browser's Back: the sheet, then Home
        see(page, "Round 2 · Bob deals")
        page.go_back()
        see(page, "Past games")

        # Rules, opened from Home, goes back to Home (the game is still
        # open in this tab, but the person came from Home)
        click(page, "Rules")
        see(page, "Scoring a line")
        click(page, "Back")
        see(page, "Past games")
        page.close()
