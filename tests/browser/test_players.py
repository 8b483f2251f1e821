"""The score sheet's corrections and signs, in Chromium at a person's pace:
the Players panel (rename, remove), a digital round left over while the same
round is tapped in, a half-entered round, the winner shown
once, a long "Continue" on Home and a game nobody played."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from companion.rules import Entry, RoundRecord, Rules, Sheet
from companion.store import GameStore

from .harness import PHONE, open_app, running_server
from .table import (
    SETTLE,
    button,
    choose_player,
    click,
    reveal,
    see,
    tap_cards,
    type_into,
)

pytestmark = pytest.mark.browser

# Ann deals: Bob 10, Cy 11, Ann 1; then Bob hits 11.
STACKED = "10 11 1 11 10 F4 2 SWAP 3 4 5 6 7 8 9 12"


def seed(
    data: Path, names: list[str], *, target: int = 200, finished: bool = False
) -> None:
    """Store a game before the server starts (setup has its own tests)."""
    sheet = Sheet.new(names, Rules(target=target, decks=1 if len(names) < 13 else 2))
    if finished:
        cards = [("12", "9")] + [("3",)] * (len(names) - 1)  # the first wins
        entries = tuple(
            (p.id, Entry(c)) for p, c in zip(sheet.players, cards, strict=True)
        )
        sheet = sheet.add_round(RoundRecord(sheet.next_dealer().id, entries))
    store = GameStore(data)
    store.create(sheet)
    store.close()


def resume(page: Any, names: list[str]) -> None:
    """Home → the game in progress (the Continue button), its score sheet."""
    click(page, re.compile(r"^Continue"))
    see(page, f"Round 1 · {names[0]} deals")


def test_rename_and_remove_a_player(browser: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    seed(data, ["Ann", "Bob", "Cy", "Dee"])
    with running_server(data) as server:
        page = open_app(browser, server.url, PHONE)
        resume(page, ["Ann", "Bob", "Cy", "Dee"])
        click(page, "Players")
        # The panel opens where the person looks (it opened below the fold:
        # nothing seemed to happen), and the late player's field is its own
        # node, not the whole panel's (a tap at its centre renamed a player,
        # issue 37 bug 5).
        in_sight = button(page, "Done with players")  # the end of the panel
        expect(in_sight).to_be_in_viewport(ratio=1, timeout=5_000)
        click(page, "Rename Bob")
        # the field starts with the name to change, ready to edit
        field = page.get_by_role("textbox", name="New name for Bob").first
        field.click()  # Flutter makes the input element on focus
        page.wait_for_timeout(SETTLE)
        field = page.get_by_role("textbox", name="New name for Bob").first
        assert field.input_value() == "Bob"
        type_into(page, "New name for Bob", "Rob", submit=False, clear=True)
        click(page, "Save name")
        see(page, "Bob is now Rob.")
        see(page, "Rename Rob")
        # A name already at the table is refused beside the field, and kept.
        click(page, "Rename Rob")
        type_into(page, "New name for Rob", "ann", submit=False, clear=True)
        click(page, "Save name")
        see(page, "ann is already at the table.")
        field = page.get_by_role("textbox", name="New name for Rob").first
        field.click()  # the field as drawn, not a stale input element
        page.wait_for_timeout(SETTLE)
        field = page.get_by_role("textbox", name="New name for Rob").first
        assert field.input_value() == "ann"
        click(page, "Cancel")
        # Remove asks first; Keep keeps; Remove removes and says so.
        click(page, "Remove Cy")
        see(page, "Remove Cy from the table?")
        click(page, "Keep Cy")
        see(page, "Remove Cy")
        click(page, "Remove Cy")
        click(page, "Yes, remove Cy")
        see(page, "Cy left the table; past rounds stay on the sheet.")
        assert page.get_by_role("button", name="Rename Cy").count() == 0
        late = page.get_by_role("textbox", name=re.compile("Late player's name"))
        reveal(page, late.first)
        assert late.count() == 1, late.count()
        assert late.first.get_attribute("aria-label") == "Late player's name"
        box = late.first.bounding_box()
        assert box is not None and box["height"] < 100, box
        page.close()

    store = GameStore(data)
    (game,) = store.list_games()
    sheet = store.load(game.id).sheet
    assert [p.name for p in sheet.seated] == ["Ann", "Rob", "Dee"]
    store.close()


def test_leftover_digital_round_asks_which_to_keep(
    browser: Any, tmp_path: Path
) -> None:
    """Start round 1 digitally, Hit, Back; tapping round 1 in asks first, and
    after the tapped-in round the next digital round has the right dealer."""
    data = tmp_path / "data"
    seed(data, ["Ann", "Bob", "Cy"])
    with running_server(data, {"COMPANION_TEST_DECK": STACKED}) as server:
        page = open_app(browser, server.url, PHONE)
        resume(page, ["Ann", "Bob", "Cy"])
        click(page, "Deal round 1 digitally")
        see(page, "Bob: hit or stay?")
        click(page, "Hit")
        see(page, "Cy: hit or stay?")
        click(page, "Back")
        see(page, "Continue digital round 1")
        click(page, "Enter round 1")
        see(
            page,
            "A digital round 1 is in progress: continue it, or discard it and tap in?",
        )
        click(page, "Discard it and tap in")
        see(page, "Ann dealt · tap a player, then their cards")
        tap_cards(page, "5")
        choose_player(page, "Bob")
        tap_cards(page, "6")
        choose_player(page, "Cy")
        tap_cards(page, "7")
        click(page, "Save round 1")
        see(page, "Round 2 · Bob deals")
        see(page, "Deal round 2 digitally")
        assert button(page, re.compile("^Continue digital round")).count() == 0
        click(page, "Deal round 2 digitally")
        see(page, "Round 2 · digital")
        see(page, re.compile(r"^Cy: hit or stay\?"))  # Bob deals: Cy goes first
        page.close()

    store = GameStore(data)
    (game,) = store.list_games()
    record = store.load(game.id)
    assert len(record.sheet.rounds) == 1
    store.close()


def test_a_half_entered_round_is_signposted(browser: Any, tmp_path: Path) -> None:
    seed(tmp_path / "data", ["Ann", "Bob"], target=20)
    with running_server(tmp_path / "data") as server:
        page = open_app(browser, server.url, PHONE)
        resume(page, ["Ann", "Bob"])
        click(page, "Enter round 1")
        tap_cards(page, "12 9")
        click(page, "Back")
        see(page, "Round 1 half entered: continue")
        click(page, "Round 1 half entered: continue")
        see(page, "21")  # Ann's 12 9 is still there
        see(page, "Save round 1")
        page.close()


def test_the_winner_is_shown_once(browser: Any, tmp_path: Path) -> None:
    seed(tmp_path / "data", ["Ann", "Bob"], target=20)
    with running_server(tmp_path / "data") as server:
        page = open_app(browser, server.url, PHONE)
        resume(page, ["Ann", "Bob"])
        click(page, "Enter round 1")
        tap_cards(page, "12 9")
        click(page, "Save round 1")
        see(page, "Ann wins with 21!")
        page.wait_for_timeout(1_000)
        shown = page.get_by_text("Ann wins with 21!")
        labelled = page.get_by_label("Ann wins with 21!")
        assert shown.count() + labelled.count() == 1
        page.close()


def test_continue_keeps_the_round_in_view(browser: Any, tmp_path: Path) -> None:
    names = [f"Player{i:02d}" for i in range(1, 14)]
    seed(tmp_path / "data", names)
    with running_server(tmp_path / "data") as server:
        page = open_app(browser, server.url, PHONE)
        resume(page, names)
        click(page, "Enter round 1")
        tap_cards(page, "3")
        click(page, "Back")
        click(page, "Back")  # the sheet's Back: home
        target = button(page, re.compile(r"^Continue round 1"))
        reveal(page, target)
        box = target.bounding_box()
        assert box is not None and box["x"] + box["width"] <= PHONE["width"]
        see(page, re.compile(r"^Player01, Player02, Player03"))
        page.close()


def test_a_game_nobody_played_is_not_kept(browser: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    seed(data, ["Ann", "Bob"], target=20, finished=True)
    with running_server(data) as server:
        page = open_app(browser, server.url, PHONE)
        click(page, "Open")
        see(page, "Ann wins with 21!")
        click(page, "New game, same players")
        click(page, "Start game")
        see(page, "Round 1 · Bob deals")  # a rematch: the deal moves on
        click(page, "Back")
        see(page, "No round was played, so the game of Ann and Bob was not kept.")
        see(page, "Undo delete")
        assert button(page, re.compile(r"^Continue")).count() == 0
        # Undo brings it back, and a game with a round is always kept.
        click(page, "Undo delete")
        see(page, "Game restored.")
        click(page, re.compile(r"^Continue round 1"))
        click(page, "Enter round 1")
        tap_cards(page, "4")
        choose_player(page, "Bob")
        tap_cards(page, "5")
        click(page, "Save round 1")
        see(page, "Round 2 · Ann deals")
        click(page, "Back")
        see(page, re.compile(r"^Continue round 2"))
        page.close()

    store = GameStore(data)
    assert sorted(g.rounds for g in store.list_games()) == [1, 1]
    store.close()
