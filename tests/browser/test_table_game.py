"""A whole 3-player game tapped in at the table, in Chromium: an impossible
entry refused with its message, a Brutal −15, an undo, an edit of a past
round, the server restarted mid-game and the game resumed intact, and the
winner called."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from companion.store import GameStore

from .harness import DESKTOP, PHONE, open_app, running_server, screenshot
from .table import (
    button,
    choose_player,
    click,
    reveal,
    see,
    tap_cards,
    toggle,
    type_into,
)

pytestmark = pytest.mark.browser
BUSTED = re.compile(r"^Busted")


def start_game(page: Any) -> None:
    click(page, "New game")
    for name in ("Ann", "Bob", "Cy"):
        type_into(page, "Player name", name)
        see(page, f"Move {name} up")
    toggle(page, "Brutal mode")
    type_into(page, "Target score", "60", clear=True)
    screenshot(page, "setup-phone")
    click(page, "Start game")
    see(page, "Round 1 · Ann deals")


def test_whole_game_by_tapping(browser: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    with running_server(data) as server:
        page = open_app(browser, server.url, PHONE)
        start_game(page)
        screenshot(page, "sheet-empty-phone")

        # Round 1: Ann flips 7 and, in Brutal, sends −15 to Bob.
        click(page, "Enter round 1")
        tap_cards(page, "3 11 5 7 10 8 4 /2 -4")
        see(page, "48 → ÷2 24 → −4 20 → Flip 7 +15 = 35")
        choose_player(page, "Bob")
        tap_cards(page, "5 9")
        click(page, "−15 to Bob")
        see(page, "14 → −15 = −1")
        choose_player(page, "Cy")
        tap_cards(page, "12 12")  # Cy busted: two 12s
        see(page, "Cy: two 12s in a line that did not bust.")
        screenshot(page, "entry-problem-phone")
        click(page, "Save round 1")
        see(page, "Ann dealt · tap a player, then their cards")  # refused: still here
        toggle(page, BUSTED)
        click(page, "Save round 1")
        see(page, "Round 2 · Bob deals")

        # Undo round 1 and enter it again: the same result comes back.
        click(page, "Undo last round")
        see(page, "Round 1 · Ann deals")
        click(page, "Redo round")
        see(page, "Round 2 · Bob deals")

        # Round 2, half entered, then the server restarts.
        click(page, "Enter round 2")
        tap_cards(page, "13 13L 12")
        see(page, "38")
        page.close()

    store = GameStore(data)
    (game,) = store.list_games()
    assert game.rounds == 1
    assert store.load(game.id).draft is not None
    store.close()

    with running_server(data) as server:
        page = open_app(browser, server.url, PHONE)
        click(page, re.compile(r"^Continue round 2"))
        see(page, "Round 2 · Bob deals")
        click(page, "Round 2 half entered: continue")
        see(page, "38")  # Ann's 13 13L 12 survived the restart
        choose_player(page, "Bob")
        tap_cards(page, "2 -10")
        choose_player(page, "Cy")
        tap_cards(page, "6 6")
        toggle(page, BUSTED)
        tap_cards(page, "-8")  # Brutal: minus card after the bust
        see(page, "Busted 0 → −8 −8 = −8")
        click(page, "Save round 2")
        see(page, "Round 3 · Cy deals")
        screenshot(page, "sheet-phone")

        # Correct round 1: Cy's bust was a typed 4 after all.
        click(page, "R1")
        see(page, "Save changes to round 1")
        choose_player(page, "Cy")
        toggle(page, BUSTED)
        see(page, "Cy: two 12s in a line that did not bust.")
        click(page, "Remove 12 from Cy")
        click(page, "Remove 12 from Cy")
        type_into(page, "Typed score", "4")
        click(page, "Save changes to round 1")
        see(page, "Round 1 fixed.")  # the save says what it did
        see(page, "Round 3 · Cy deals")
        see(page, "4 ✎")

        # Round 3: Ann reaches the target and wins.
        click(page, "Enter round 3")
        tap_cards(page, "1 2")
        choose_player(page, "Bob")
        tap_cards(page, "3")
        choose_player(page, "Cy")
        tap_cards(page, "4")
        screenshot(page, "entry-phone")
        click(page, "Save round 3")
        see(page, "Ann wins with 61!")
        screenshot(page, "end-phone")
        page.set_viewport_size(DESKTOP)
        screenshot(page, "end-desktop")
        page.set_viewport_size(PHONE)

        # Log the finished game for BG Stats: the download is the play file.
        click(page, "Share")
        page.get_by_role("img", name="QR code of the game summary").wait_for()
        log = button(page, "Log this play")
        reveal(page, log)
        screenshot(page, "log-play-phone")
        with page.expect_download() as saved:
            log.click()
        assert saved.value.suggested_filename.endswith(".bgsplay")
        played = json.loads(Path(saved.value.path()).read_bytes())
        page.close()
    [play] = played["plays"]
    assert played["games"][0]["bggId"] == 463441
    names = {p["id"]: p["name"] for p in played["players"]}
    assert [
        (names[s["playerRefId"]], s["score"], s["winner"], s["startPlayer"])
        for s in play["playerScores"]
    ] == [("Ann", "61", True, True), ("Bob", "-6", False, False),
          ("Cy", "0", False, False)]  # fmt: skip
    assert play["rounds"] == 3 and play["comments"].startswith("Brutal rules.")

    store = GameStore(data)
    (game,) = store.list_games()
    sheet = store.load(game.id).sheet
    totals = sheet.totals()
    assert [totals[p.id] for p in sheet.players] == [61, -6, 0]
    assert game.finished and game.winners == ("Ann",)
