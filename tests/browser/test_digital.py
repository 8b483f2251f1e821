"""Digital rounds in Chromium: a stacked deck covering Flip Four with a queued
action, a Swap that busts two players and a Brutal −15, with the server
restarted in the middle of a decision; and a whole game against computer
players."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from companion.rules import Rules, Sheet
from companion.store import GameStore

from .harness import DESKTOP, PHONE, open_app, running_server, screenshot
from .table import click, reveal, see, toggle, type_into

pytestmark = pytest.mark.browser

# Ann deals: Bob 10, Cy 11, Ann 1; Bob hits 11, Cy hits 10, Ann hits Flip Four
# on herself: 2, Swap (set aside), 3, 4; the Swap then busts Bob and Cy; Ann
# hits 5, 6, 7: Flip 7, and in Brutal sends −15 to Bob.
STACKED = "10 11 1 11 10 F4 2 SWAP 3 4 5 6 7 8 9 12"


def new_game(page: Any, names: list[str], *, brutal: bool = False) -> None:
    click(page, "New game")
    for name in names:
        type_into(page, "Player name", name)
        see(page, f"Move {name} up")
    if brutal:
        toggle(page, "Brutal mode")


def test_stacked_digital_round_with_restart(browser: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    env = {"COMPANION_TEST_DECK": STACKED}
    with running_server(data, env) as server:
        page = open_app(browser, server.url, PHONE)
        new_game(page, ["Ann", "Bob", "Cy"], brutal=True)
        click(page, "Deal digitally")
        see(page, "Bob: hit or stay?")
        click(page, "Hit")
        see(page, "Cy: hit or stay?")
        click(page, "Hit")
        see(page, "Ann: hit or stay?")
        click(page, "Hit")
        see(page, "Ann drew a Flip Four: who takes it?")
        screenshot(page, "digital-decision-phone")
        click(page, "Flip Four on Ann (you)")
        see(page, "Ann plays Swap: exchange which cards?")
        see(page, "Ann sets a Swap aside until the Flip Four ends.")
        see(page, "Flip Four on Ann: 4 of 4")
        screenshot(page, "digital-table-phone")
        page.close()

    with running_server(data, env) as server:  # restarted mid-decision
        page = open_app(browser, server.url, PHONE)
        click(page, re.compile(r"^Continue round 1"))
        see(page, "Ann plays Swap: exchange which cards?")
        click(page, "Swap Bob's 10…")  # a long list is asked in two steps
        click(page, "Swap Bob's 10 with Cy's 11")
        see(page, "Ann: hit or stay?")
        # the log shows the newest moves; the whole round on request
        assert not page.get_by_text(_exact("Bob is dealt a 10.")).count()
        click(page, re.compile(r"^Show all \d+ moves of this round$"))
        see(page, _exact("Bob is dealt a 10."))
        click(page, "Show the newest moves only")
        for _ in range(3):
            click(page, "Hit")
        see(page, "Flip 7 for Ann! +15 for yourself, or −15 to another player?")
        click(page, "−15 to Bob")
        see(page, "Round over")
        see(page, "Busted 0 → −15 = −15")
        screenshot(page, "digital-round-end-phone")
        page.set_viewport_size(DESKTOP)
        screenshot(page, "digital-round-end-desktop")
        click(page, "Back to score sheet")
        see(page, "Round 2 · Bob deals")
        page.close()

    store = GameStore(data)
    (game,) = store.list_games()
    sheet = store.load(game.id).sheet
    assert sheet.totals() == {"p1": 28, "p2": -15, "p3": 0}
    (rec,) = sheet.rounds
    assert rec.digital
    entry = rec.entry("p2")
    assert entry is not None and entry.busted and entry.attacked


# Ann deals: Bob The Zero, Cy 5, Ann 6; Bob must hit and draws Just One More,
# which he plays on Cy: Cy draws the 9 and must stay.
ZERO_JOM = "0 5 6 JOM 9 8 10 11 12 1 2 3"


def _exact(text: str) -> re.Pattern[str]:
    return re.compile(rf"^{re.escape(text)}$")


def test_event_log_names_the_zero_and_just_one_more_in_plain_english(
    browser: Any, tmp_path: Path
) -> None:
    """The log once said "dealt the The Zero", "draws a Just One More!." and
    "drew Just One More!: who takes it?"; it also says it is newest first."""
    env = {"COMPANION_TEST_DECK": ZERO_JOM}
    data = tmp_path / "data"
    store = GameStore(data)  # a stored game: this test is not about typing names
    store.create(Sheet.new(["Ann", "Bob", "Cy"], Rules()))
    store.close()
    with running_server(data, env) as server:
        page = open_app(browser, server.url, PHONE)
        click(page, re.compile(r"^Continue round"))
        click(page, "Deal round 1 digitally")
        see(page, _exact("Bob is dealt The Zero."))
        click(page, "Hit")
        see(page, _exact("Bob drew a Just One More: who takes it?"))
        see(page, _exact("Bob draws a Just One More."))
        click(page, "Just one more for Cy")
        see(page, _exact("Bob plays Just One More on Cy."))
        see(page, _exact("Cy must stay (Just One More)."))
        see(page, "What happened, newest first")
        newest = page.get_by_text(_exact("Cy must stay (Just One More)."))
        oldest = page.get_by_text(_exact("Bob is dealt The Zero."))
        reveal(page, oldest)
        new_box, old_box = newest.bounding_box(), oldest.bounding_box()
        assert new_box is not None and old_box is not None
        assert new_box["y"] < old_box["y"], "the newest line comes first"
        page.close()


def page_text(page: Any) -> str:
    return "\n".join(page.locator("flt-semantics").all_inner_texts())


def wait_for_change(page: Any, before: str, timeout_ms: int = 15_000) -> None:
    """After one tap, wait for the screen to show its result; never tap again."""
    for _ in range(timeout_ms // 200):
        if page_text(page) != before:
            return
        page.wait_for_timeout(200)
    raise AssertionError("the tap changed nothing on screen")


def test_whole_game_against_computer_players(browser: Any, tmp_path: Path) -> None:
    env = {"COMPANION_BOT_PAUSE": "0.05"}
    with running_server(tmp_path / "data", env) as server:
        page = open_app(browser, server.url, PHONE)
        new_game(page, ["Ann"])
        click(page, "Add computer player")
        click(page, "Add computer player")
        type_into(page, "Target score", "40", clear=True)
        click(page, "Deal digitally")
        options = re.compile(
            r"^(Stay|Hit|Give .*|Just one more for .*|Flip Four on .*|Steal .*|"
            r"Swap .*|Discard .*|\+15 for .*|Deal next round)$"
        )
        shot = False
        for _ in range(300):
            if page.get_by_text(re.compile(r"(wins with|share the win)")).count():
                break
            choice = page.get_by_role("button", name=options)
            if choice.count() == 0:
                page.wait_for_timeout(200)
                continue
            stay = page.get_by_role("button", name="Stay", exact=True)
            if stay.count():
                if not shot:
                    screenshot(page, "digital-table-bots-phone")
                    shot = True
                before = page_text(page)
                click(page, "Stay")
                wait_for_change(page, before)
                continue
            # any other decision: the first legal option (buttons with card
            # faces have a longer inner text, so press it by position)
            target = choice.first
            reveal(page, target)
            before = page_text(page)
            target.click()
            wait_for_change(page, before)
        click(page, "Back to score sheet")
        see(page, re.compile(r"(wins with|share the win)"))
        screenshot(page, "digital-game-end-phone")
        page.close()
