"""A saved game that cannot be read is moved aside, never overwritten, and
the home screen says so; the other games are still there."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from companion.rules import Sheet
from companion.store import GameStore

from .harness import PHONE, open_app, running_server
from .table import click, see

pytestmark = pytest.mark.browser


def test_unreadable_game_is_reported_and_kept(browser: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    store = GameStore(data)
    broken = store.create(Sheet.new(["Ann", "Bob"]))
    store.create(Sheet.new(["Cy", "Dee"]))
    store.close()
    (data / "games" / f"{broken}.json").write_text('{"half a game": ')

    with running_server(data) as server:
        page = open_app(browser, server.url, PHONE)
        see(page, f"{broken}.json could not be read")
        see(page, "Cy, Dee")
        page.close()

    kept = list((data / "games").glob(f"{broken}.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_text() == '{"half a game": '


def test_unreadable_digital_round_is_reported_on_opening(
    browser: Any, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    store = GameStore(data)
    gid = store.create(Sheet.new(["Ann", "Bob"]))
    store.save_digital(gid, {"v": 99})  # written by a newer version of the app
    store.close()

    with running_server(data) as server:
        page = open_app(browser, server.url, PHONE)
        click(page, re.compile(r"^Continue round 1"))
        see(page, "The digital round could not be restored")
        see(page, "Round 1 · Ann deals")  # the sheet itself is intact
        page.close()


def test_a_data_folder_that_is_a_file_still_starts_and_says_so(
    browser: Any, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    data.write_text("not a folder")

    with running_server(data) as server:
        page = open_app(browser, server.url, PHONE)
        see(
            page, re.compile(rf"The games folder {re.escape(str(data))} cannot be used")
        )
        see(page, "No games yet")
        page.close()

    assert data.read_text() == "not a folder"
