"""A saved game that cannot be read is moved aside, never overwritten, and
the home screen says so; the other games are still there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.rules import Sheet
from companion.store import GameStore

from .harness import PHONE, open_app, running_server
from .table import see

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
