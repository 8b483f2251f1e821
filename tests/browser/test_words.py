"""What the share, import and rules screens say, checked on a phone-sized
page as a player reads it.

Games are written with the store before the server starts, so these tests
are about the words on screen, not about typing names.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from share_games import standard_game

from companion.share import ShareMeta, encode
from companion.store import GameStore

from .harness import PHONE, Server, open_app, running_server
from .table import BEAT, click, reveal, see

pytestmark = pytest.mark.browser
WAIT = 30_000


def seed(data_dir: Path) -> None:
    store = GameStore(data_dir)
    store.create(standard_game(), {"title": "Friday night"})
    store.close()


def open_share(page: Any) -> None:
    click(page, "History")
    see(page, "Friday night")
    click(page, "Open")
    click(page, "Share")
    page.get_by_role("img", name="QR code of the game summary").wait_for(timeout=WAIT)


def on_screen(page: Any, text: str | re.Pattern[str]) -> bool:
    """``text`` is shown inside the viewport (its middle is not scrolled away)."""
    height = page.viewport_size["height"]
    for el in page.get_by_text(text).all():
        box = el.bounding_box()
        if box is not None and 0 <= box["y"] + box["height"] / 2 <= height:
            return True
    return False


def test_share_screen_says_how_the_code_really_travels(
    browser: Any, tmp_path: Path
) -> None:
    """Import has no scanner, so the share screen must not say "scan
    the share code with the other device's app"; it says paste or file."""
    seed(tmp_path / "data")
    with running_server(tmp_path / "data") as server:
        page = open_app(browser, server.url, PHONE)
        open_share(page)
        see(page, re.compile(r"paste this code or choose the share file"))
        see(page, re.compile(r"phone camera shows the code as text"))
        assert page.get_by_text(re.compile(r"scan", re.I)).count() == 0
        page.close()


def test_copy_share_code_confirms_where_the_button_is(
    browser: Any, tmp_path: Path
) -> None:
    """The copy confirmation shows beside the button, not at the top of the
    long share screen, scrolled out of sight."""
    seed(tmp_path / "data")
    with running_server(tmp_path / "data") as server:
        page = open_app(browser, server.url, PHONE)
        page.context.grant_permissions(
            ["clipboard-read", "clipboard-write"], origin=server.url
        )
        open_share(page)
        click(page, "Copy share code")
        page.get_by_text(re.compile("^Share code copied")).first.wait_for(
            state="attached", timeout=WAIT
        )
        page.wait_for_timeout(500)
        assert on_screen(page, re.compile("^Share code copied")), (
            "the confirmation is not on screen where the person tapped"
        )
        assert on_screen(page, "Copy share code")
        page.close()


def test_an_imported_game_shows_the_day_it_was_played(
    browser: Any, tmp_path: Path
) -> None:
    """Friction: History and the past game showed the day of import."""
    code = encode(standard_game(), ShareMeta("Spring cup", date(2024, 3, 15)))
    with running_server(tmp_path / "data") as server:
        page = open_app(browser, server.url, PHONE)
        click(page, "Import a game")
        field = page.get_by_role("textbox", name=re.compile("Share code")).first
        reveal(page, field)
        field.click()
        page.wait_for_timeout(BEAT)  # the cursor shows, then the paste
        page.keyboard.insert_text(code)  # a paste is one action
        page.wait_for_timeout(600)
        click(page, "Import")
        see(page, re.compile("^Imported “Spring cup”"))
        click(page, "History")
        see(page, re.compile(r"· 15 Mar 2024$"))
        today = ShareMeta(created=date.today()).day_text()
        for shown in (today, date.today().isoformat()):
            assert page.get_by_text(re.compile(re.escape(shown))).count() == 0
        click(page, "Open")
        see(page, re.compile(r"^Played 15 Mar 2024 · target 200"))
        click(page, "Back")
        click(page, "Back")  # Home lists it with its own day too
        see(page, "Past games")
        see(page, re.compile(r"· 15 Mar 2024$"))
        page.close()


def page_words(page: Any) -> str:
    """Every word the page offers a screen reader: texts and labels."""
    labels = page.locator("[aria-label]").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )
    return "\n".join([*page.locator("flt-semantics").all_inner_texts(), *labels])


def test_rules_screen_in_players_words(browser: Any, reader: Server) -> None:
    """The in-app rules no longer call an 8-number-card
    line a Flip 7, show no test names, file paths or "RULES.md", and the
    card table fits on one phone screen."""
    page = open_app(browser, reader.url, PHONE)
    click(page, "Rules")
    see(page, "what it does")
    see(page, re.compile(r"12 13 Lucky 13 scores 38; with 1 2 3 4 added"))
    words = page_words(page)
    assert "R21" in words and "Brutal mode" in words  # the whole page
    for bad in ("1 2 3 4 5 added", "test_r", "tests/", ".py", "RULES.md"):
        assert bad not in words, bad
    page.close()


def test_rules_card_table_fits_a_phone_screen(browser: Any, reader: Server) -> None:
    """Friction: the three-column card table was about two screens tall at
    390 px; now its last row and its header are on screen together."""
    page = open_app(browser, reader.url, PHONE)
    click(page, "Rules")
    header = page.get_by_text("what it does").first
    header.wait_for(timeout=WAIT)
    last = page.get_by_text(re.compile(r"^throw away a face-up card")).first
    reveal(page, last)
    assert header.count(), "the header scrolled away: the table is over a screen"
    top, bottom = header.bounding_box(), last.bounding_box()
    assert top is not None and bottom is not None
    tall = bottom["y"] + bottom["height"] - top["y"]
    assert top["y"] >= 0 and tall <= 700, f"the card table is {tall:.0f} px tall"
    page.close()
