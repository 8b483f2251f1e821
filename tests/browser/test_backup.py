"""Back up and restore on the served app, as a person: Home reminds to
back up games never backed up for a week, and its Back up now downloads
every game in one file; "Your games on this computer" says where the games
are kept; a game deleted, then the file restored, comes back and the app
says so; Undo restore puts the games back as they were; a file cut short
is refused with its reason and changes nothing; History backs up too.
One server, one page. (The phone app's walk, through a wiped site, is in
test_phone_app.py.)"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from share_games import brutal_game, standard_game

from companion.store import GameStore

from .harness import PHONE, open_app, running_server, screenshot
from .table import click, see

pytestmark = pytest.mark.browser
PLACE = "Your games on this computer"


def seed(data_dir: Path) -> None:
    """Two games played ten days ago, never backed up."""
    then = (datetime.now(UTC) - timedelta(days=10)).isoformat()
    store = GameStore(data_dir, clock=lambda: then)
    store.create(standard_game().rename("p3", "Zoë"), {"title": "Friday night"})
    store.create(brutal_game().rename("p1", "Dee"), {"title": "Brutal Sunday"})
    store.close()


def choose_file(page: Any, name: str, data: bytes) -> None:
    """Tap Restore from a backup and pick ``data`` as the file ``name``."""
    with page.expect_file_chooser() as chooser:
        click(page, "Restore from a backup")
    chooser.value.set_files(
        files=[{"name": name, "mimeType": "application/json", "buffer": data}]
    )


def tiles(page: Any) -> int:
    """The games Home lists (each has its Delete button)."""
    see(page, "Past games")
    return int(page.get_by_role("button", name=re.compile("^Delete game ")).count())


def test_back_up_delete_restore_undo_and_a_file_cut_short(
    browser: Any, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    seed(data)
    with running_server(data) as server:
        page = open_app(browser, server.url, PHONE)
        assert tiles(page) == 2
        see(page, "2 games are not backed up yet.")
        screenshot(page, "home-reminder-phone")
        with page.expect_download() as saved:
            click(page, "Back up now")
        name = saved.value.suggested_filename
        assert re.fullmatch(r"flip7-games-\d{4}-\d\d-\d\d\.json", name), name
        backup = Path(saved.value.path()).read_bytes()
        games = json.loads(backup)["games"]
        assert len(games) == 2
        see(page, re.compile(rf"^Downloaded {re.escape(name)}\. It holds 2 games\.$"))
        assert page.get_by_role("button", name="Back up now").count() == 0

        click(page, PLACE)
        see(page, "Kept in")
        see(page, str(data))  # the data folder, where a person finds the files
        see(page, "Last backup")
        screenshot(page, "your-games-computer")
        click(page, "Back")
        click(page, "Delete game Dee, Bo, Cy")
        click(page, "Delete")
        see(page, "Game deleted.")
        assert tiles(page) == 1

        click(page, PLACE)
        choose_file(page, name, backup)
        see(page, "1 game added, 1 already here.")
        click(page, "Back")
        assert tiles(page) == 2

        click(page, PLACE)
        click(page, "Undo restore")
        see(page, "The restore was undone: your games are as they were before it.")
        choose_file(page, name, backup[: len(backup) // 2])
        see(page, re.compile("^This backup is incomplete: the file ends too early"))
        assert page.get_by_role("button", name="Undo restore").count() == 0
        click(page, "Back")
        assert tiles(page) == 1  # the undo held, the bad file changed nothing
        click(page, "History")
        with page.expect_download() as again:
            click(page, "Back up all games")
        assert len(json.loads(Path(again.value.path()).read_bytes())["games"]) == 1
        see(page, re.compile(r"It holds 1 game\.$"))
        click(page, "Back")
        click(page, "Dark theme")
        click(page, PLACE)
        see(page, "Last backup")
        screenshot(page, "your-games-computer-dark")
        page.close()
