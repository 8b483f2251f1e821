"""Odds while flipping, at a person's pace on a phone: the table switches
the mode on in the round entry, taps each card as it is flipped and sees
the player's bust chance change with every card, takes a mis-tap back with
one tap, saves the round in one tap; the next round counts the cards of the
first until the table says the deck was reshuffled."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .harness import PHONE, load, open_app, running_server, screenshot
from .table import choose_player, click, see, start_game, tap_card, toggle

pytestmark = pytest.mark.browser


def chance(text: str) -> re.Pattern[str]:
    """The big figure ("Bust 10%"), not the sentence that repeats it in
    lower case ("bust 10%"): a case-sensitive pattern."""
    return re.compile(re.escape(text))


def test_odds_while_flipping(browser: Any, tmp_path: Path) -> None:
    with running_server(tmp_path / "data") as server:
        page = open_app(browser, server.url, PHONE)
        game = start_game(page, ("Ann", "Bob"))
        click(page, "Enter round 1")
        toggle(page, "Odds while flipping")
        see(page, "The odds show once Ann's first card is in.")

        tap_card(page, "12")  # Ann's deal card: 11 twelves among 107 cards
        see(page, chance("Bust 10%"))
        see(page, "Suggestion:")
        see(page, "From 1 card seen in this round.")

        choose_player(page, "Bob")
        see(page, "The odds show once Bob's first card is in.")
        tap_card(page, "12")  # 10 twelves among 106
        see(page, chance("Bust 9%"))
        tap_card(page, "5")  # a mis-tap: the card was a 6 (14 of 105 bust)
        see(page, chance("Bust 13%"))
        click(page, "Undo 5")  # one tap takes it back
        see(page, chance("Bust 9%"))
        tap_card(page, "6")  # 10 twelves and 5 sixes among 105
        see(page, chance("Bust 14%"))
        see(page, "From 3 cards seen in this round.")
        screenshot(page, "table-odds-light-phone")

        dark = load(browser.new_context(viewport=PHONE).new_page(), server.url)
        click(dark, "Dark theme")
        see(dark, "Light theme")
        path = f"/game/{game}/entry"
        dark.evaluate(f"history.pushState(null, '', '{path}')")
        dark.evaluate("dispatchEvent(new PopStateEvent('popstate'))")
        choose_player(dark, "Bob")
        see(dark, chance("Bust 14%"))
        screenshot(dark, "table-odds-dark-phone")
        dark.context.close()

        click(page, "Save round 1")  # the lines are in: one tap saves
        see(page, "Round 2 · Bob deals")
        click(page, "Enter round 2")
        choose_player(page, "Ann")
        tap_card(page, "12")  # round 1's three cards are on the discard pile
        see(page, "From 4 cards seen (3 of earlier rounds).")
        see(page, chance("Bust 9%"))  # 9 twelves among 104
        click(page, "Deck reshuffled")
        see(page, "From 1 card seen in this round.")
        see(page, chance("Bust 10%"))
