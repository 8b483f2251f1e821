"""New game as a person does it: names typed key by key at a person's pace
(with earlier players' names suggested as they type), a bad target refused
beside its field, and a refusal that does not outlive a reload."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from companion.rules import Entry, RoundRecord, Sheet
from companion.store import GameStore

from .harness import PHONE, open_app, running_server
from .table import SETTLE, click, see, type_into

pytestmark = pytest.mark.browser


def seed_names(data: Path) -> None:
    """An earlier game, so the setup suggests names while a person types."""
    sheet = Sheet.new(["Mario", "Tomasz", "Marta"])
    lines = tuple((p.id, Entry(("5",))) for p in sheet.players)
    store = GameStore(data)
    store.create(sheet.add_round(RoundRecord("p1", lines)))
    store.close()


def player_names(page: Any) -> list[str]:
    """The names at the table, read off the "Remove NAME" buttons."""
    found = page.get_by_role("button", name=re.compile(r"^Remove "))
    return [
        str(found.nth(i).text_content() or found.nth(i).get_attribute("aria-label"))
        for i in range(found.count())
    ]


def test_names_typed_at_a_persons_pace_are_kept(browser: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    seed_names(data)
    with running_server(data) as server:
        page = open_app(browser, server.url, PHONE)
        click(page, "New game")
        for name in ("Maria", "Tom", "Zoë Ann"):
            type_into(page, "Player name", name, submit=False)
            click(page, "Add")
            see(page, f"Remove {name}")
        # A suggestion adds its name with one tap; the field is empty again.
        type_into(page, "Player name", "Mar", submit=False)
        click(page, "Add Marta")
        see(page, "Remove Marta")
        # The field is empty again: the next name typed is just that name.
        type_into(page, "Player name", "Eve")
        see(page, "Remove Eve")
        names = ["Maria", "Tom", "Zoë Ann", "Marta", "Eve"]
        assert player_names(page) == [f"Remove {n}" for n in names]
        page.close()


def test_a_bad_target_refuses_to_start(browser: Any, tmp_path: Path) -> None:
    """A target typed key by key and Start pressed at once, without leaving
    the field: the typed value is the one refused. Which values are bad
    ("abc", "0", "-50", ...) is the app layer's (tests/test_state.py)."""
    bad = "-50"
    with running_server(tmp_path / "data") as server:
        page = open_app(browser, server.url, PHONE)
        click(page, "New game")
        for name in ("Ann", "Bob"):
            type_into(page, "Player name", name)
            see(page, f"Remove {name}")
        type_into(page, "Target score", bad, submit=False, clear=True)
        click(page, "Start game")  # at once, without leaving the field
        see(page, re.compile(r"^The target must be a whole number from"))
        # Still on the setup screen; no game was started.
        page.get_by_role("button", name="Start game").wait_for()
        assert GameStore(tmp_path / "data").list_games() == []
        page.close()


def test_a_refusal_does_not_outlive_a_reload(browser: Any, tmp_path: Path) -> None:
    with running_server(tmp_path / "data") as server:
        page = open_app(browser, server.url, PHONE)
        click(page, "New game")
        click(page, "Add")
        see(page, "A player needs a name.")
        page.reload()
        page.wait_for_selector("#loading", state="detached", timeout=60_000)
        page.locator("flt-semantics-placeholder").dispatch_event("click")
        page.get_by_role("button", name="Start game").wait_for(timeout=30_000)
        page.wait_for_timeout(SETTLE)
        assert page.get_by_text("A player needs a name.").count() == 0
        page.close()
