"""History as a person uses it: player stats, each statistic chosen in turn
with the chart following it, and Back always working."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from share_games import standard_game

from companion.store import GameStore

from .harness import PHONE, open_app, running_server
from .table import click, see

pytestmark = pytest.mark.browser


def test_player_stats_follow_each_chip(browser: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    store = GameStore(data)
    store.create(standard_game(), {"title": "Friday night"})
    store.close()
    with running_server(data) as server:
        page = open_app(browser, server.url, PHONE)
        click(page, "History")
        click(page, "Player stats")
        see(page, "Wins per player")
        for chip in ("Bust rate", "Mean round", "Best round", "Win rate"):
            click(page, chip)
            see(page, f"{chip} per player")
            see(page, re.compile(rf"^Bar chart of {chip.lower()}: "))
        click(page, "Back")
        see(page, "Friday night")
        page.close()
