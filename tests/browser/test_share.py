"""Share and remember, end to end: a finished game's share screen (QR image,
summary text, PNG download, share code copied to the clipboard), then a
second copy of the app with an empty data folder imports the code by
pasting, finds the game in History by a player's name and shows its chart."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
import zxingcpp
from PIL import Image
from share_games import brutal_game, standard_game

from companion.rules import Sheet
from companion.share import ShareCodeError, decode
from companion.share.errors import Reason
from companion.store import GameStore

from .harness import DESKTOP, PHONE, open_app, running_server, screenshot
from .table import reveal

pytestmark = pytest.mark.browser
WAIT = 30_000


def friday() -> Sheet:
    """Ana, Bo and Zoë to 200: Bo wins."""
    return standard_game().rename("p3", "Zoë")


def seed(data_dir: Path) -> None:
    """Two stored games, written with the store itself before the server starts."""
    store = GameStore(data_dir)
    store.create(friday(), {"title": "Friday night"})
    store.create(brutal_game().rename("p1", "Dee"), {"title": "Brutal Sunday"})
    store.close()


def button(page: Any, name: str) -> Any:
    return page.get_by_role("button", name=name, exact=True)


def type_into(page: Any, label: str, text: str) -> None:
    """Focus a text field and type (paste) into it, then let the server catch up."""
    field = page.get_by_role("textbox", name=re.compile(label))
    field.first.click()
    page.wait_for_timeout(300)
    page.keyboard.insert_text(text)
    page.wait_for_timeout(600)


def read_qr(png: bytes) -> str:
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    assert found, "no QR code in the PNG"
    return str(found[0].text)


def open_friday_sheet(page: Any) -> None:
    """Home → History → search "zoë" → the past game → its score sheet."""
    button(page, "History").click()
    type_into(page, "Search by player name", "zoë")
    page.get_by_text("Games (1 of 2)").wait_for(timeout=WAIT)
    button(page, "Open").click()
    button(page, "Open on the score sheet").click()
    # "Bo wins with" shows on the past game too: wait for the sheet's own button
    button(page, "New game, same players").wait_for(timeout=WAIT)


def test_share_then_import_in_another_app(browser: Any, tmp_path: Path) -> None:
    seed(tmp_path / "a")
    with running_server(tmp_path / "a") as first:
        page = open_app(browser, first.url, PHONE)
        page.context.grant_permissions(
            ["clipboard-read", "clipboard-write"], origin=first.url
        )
        open_friday_sheet(page)
        button(page, "Share").click()
        qr = page.get_by_role("img", name="QR code of the game summary")
        qr.wait_for(timeout=WAIT)
        summary = page.get_by_text(re.compile(r"Friday night\s+.*Winner: Bo", re.S))
        summary.first.wait_for(timeout=WAIT)
        screenshot(page, "share-phone")

        with page.expect_download(timeout=WAIT) as saved:
            button(page, "Save QR as PNG").click()
        png = Path(saved.value.path()).read_bytes()
        assert saved.value.suggested_filename.endswith(".png")
        text = read_qr(png)
        assert text.startswith("Friday night") and "Winner: Bo" in text
        page.get_by_text(re.compile("^Downloaded flip7-")).first.wait_for(timeout=WAIT)

        copy_play = button(page, "Copy BGG play text")
        reveal(page, copy_play)
        copy_play.click()
        page.get_by_text("Play text copied.", exact=False).first.wait_for(timeout=WAIT)
        played = page.evaluate("navigator.clipboard.readText()")
        assert played.startswith("Flip 7: With A Vengeance · ")
        assert "1. Bo: 228 (winner)" in played and "3. Zoë: 24" in played

        copy = button(page, "Copy share code")
        reveal(page, copy)  # scrolled to, as a person would: it is further down
        copy.click()
        page.get_by_text("Share code copied.").first.wait_for(timeout=WAIT)
        code = page.evaluate("navigator.clipboard.readText()")
        assert code.startswith("F7C1:")
        sheet, meta = decode(code)
        assert sheet == friday() and meta.title == "Friday night"
        page.mouse.move(200, 500)
        page.mouse.wheel(0, 3000)
        page.get_by_role("img", name="QR code of the share code").wait_for(timeout=WAIT)
        with page.expect_download(timeout=WAIT) as file:
            button(page, "Download share file").click()
        assert Path(file.value.path()).read_bytes().decode().strip() == code
        page.close()

        desk = open_app(browser, first.url, DESKTOP)
        open_friday_sheet(desk)
        button(desk, "Share").click()
        desk.get_by_role("img", name="QR code of the game summary").wait_for(
            timeout=WAIT
        )
        screenshot(desk, "share-desktop")
        desk.close()

    with running_server(tmp_path / "b") as second:
        page = open_app(browser, second.url, PHONE)
        button(page, "Import a game").click()
        type_into(page, "Share code", code[: len(code) // 2])
        button(page, "Import").click()
        page.get_by_text(ShareCodeError(Reason.TRUNCATED).message).wait_for(
            timeout=WAIT
        )
        assert button(page, "Open the imported game").count() == 0
        page.get_by_role("textbox", name=re.compile("Share code")).first.click()
        page.wait_for_timeout(300)
        page.keyboard.press("Control+a")
        page.keyboard.insert_text(code)
        page.wait_for_timeout(600)
        button(page, "Import").click()
        page.get_by_text(re.compile("^Imported “Friday night”")).wait_for(timeout=WAIT)
        button(page, "History").click()
        type_into(page, "Search by player name", "ZOË")
        page.get_by_text("Games (1 of 1)").wait_for(timeout=WAIT)
        button(page, "Open").click()
        chart = page.get_by_role("img", name=re.compile("Chart of running totals"))
        chart.wait_for(timeout=WAIT)
        assert "Bo 228" in (chart.get_attribute("aria-label") or "")
        page.close()


def test_import_a_share_file_and_history_screenshots(
    browser: Any, tmp_path: Path
) -> None:
    seed(tmp_path / "a")
    with running_server(tmp_path / "a") as server:
        for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
            page = open_app(browser, server.url, viewport)
            button(page, "History").click()
            page.get_by_text("Games (2)").wait_for(timeout=WAIT)
            screenshot(page, f"history-{size}")
            if size == "phone":  # both games in one play file for BG Stats
                with page.expect_download(timeout=WAIT) as saved:
                    button(page, "Log these plays").click()
                played = json.loads(Path(saved.value.path()).read_bytes())
                assert len(played["plays"]) == 2
                page.get_by_text(re.compile("2 finished games.$")).wait_for(
                    timeout=WAIT
                )
                # and the two plays as text for BoardGameGeek, to copy
                button(page, "Copy BGG play text").wait_for(timeout=WAIT)
                both = page.get_by_text(re.compile(r"^Flip 7: With A Vengeance"))
                assert both.count() == 1  # one text node holds both plays
                assert both.first.text_content().count("With A Vengeance") == 2
            type_into(page, "Search by player name", "ana")
            button(page, "Open").first.click()
            page.get_by_role(
                "img", name=re.compile("Chart of running totals")
            ).wait_for(timeout=WAIT)
            screenshot(page, f"charts-{size}")
            button(page, "Back").click()
            button(page, "Player stats").click()
            page.get_by_role("img", name=re.compile("Bar chart of wins")).wait_for(
                timeout=WAIT
            )
            screenshot(page, f"stats-{size}")
            page.close()

    file_bytes = (open_code(tmp_path / "a") + "\n").encode()
    with running_server(tmp_path / "c") as server:
        page = open_app(browser, server.url, PHONE)
        button(page, "Import a game").click()
        with page.expect_file_chooser(timeout=WAIT) as chooser:
            button(page, "Choose a share file").click()
        chooser.value.set_files(
            files=[{"name": "game.f7c", "mimeType": "text/plain", "buffer": file_bytes}]
        )
        page.get_by_text(re.compile("^Imported “Friday night”")).wait_for(timeout=WAIT)
        button(page, "Open the imported game").click()
        page.get_by_role("img", name=re.compile("Chart of running totals")).wait_for(
            timeout=WAIT
        )
        page.close()


def open_code(data_dir: Path) -> str:
    """The share code of the seeded Friday game, as the app makes it."""
    from companion.app import AppState

    state = AppState(GameStore(data_dir))
    game = next(g for g in state.library.games() if g.title == "Friday night")
    view = state.library.share_view(game.id)
    assert not isinstance(view, str)
    return view.code
