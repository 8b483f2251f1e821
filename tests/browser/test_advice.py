"""The learning game's advisor in a digital round, read as a person reads it:
the figures the suggestion rests on, agreeing with it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from companion.rules import Round, Rules, Sheet, advise
from companion.store import GameStore

from .harness import PHONE, open_app, running_server, screenshot
from .table import click, see, toggle

pytestmark = pytest.mark.browser

# Ann deals: Bob 10, Cy 11, Ann 1; Bob is to hit or stay on 10.
STACKED = "10 11 1 11 10 F4 2 SWAP 3 4 5 6 7 8 9 12"


def test_learning_game_advice_shows_what_the_suggestion_rests_on(
    browser: Any, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    store = GameStore(data)
    store.create(Sheet.new(["Ann", "Bob", "Cy"], Rules()), digital={"advisor": True})
    store.close()
    # The same position the app deals: the advice is seeded by what the
    # players can see, so it is the same here as on the table.
    rnd = Round.start(players=3, dealer=0, deck=STACKED.split(), totals=(0, 0, 0))
    advice = advise(rnd)
    hit, stay = advice.figures()
    assert advice.suggestion == "hit" and float(hit) > float(stay)

    with running_server(data, {"COMPANION_TEST_DECK": STACKED}) as server:
        page = open_app(browser, server.url, PHONE)
        click(page, re.compile(r"^Continue"))
        click(page, "Deal round 1 digitally")
        see(page, "Bob: hit or stay?")
        see(page, f"hit {hit}%, stay {stay}%. Suggestion: hit.", timeout=30_000)
        see(page, f"Next card: bust {float(advice.bust):.0%}, Flip 7 0%.")
        screenshot(page, "digital-advisor-phone")
        page.close()


def test_a_purist_table_turns_the_advisor_off_and_says_so(
    browser: Any, tmp_path: Path
) -> None:
    """Issue 13: the host switches "Purist table" on the score sheet; the
    digital round then shows no advice and no advisor switch, and says why."""
    data = tmp_path / "data"
    store = GameStore(data)
    store.create(Sheet.new(["Ann", "Bob", "Cy"], Rules()), digital={"advisor": True})
    store.close()
    with running_server(data, {"COMPANION_TEST_DECK": STACKED}) as server:
        page = open_app(browser, server.url, PHONE)
        click(page, re.compile(r"^Continue"))
        see(page, "Purist table")
        toggle(page, "Purist table")
        click(page, "Deal round 1 digitally")
        see(page, "Bob: hit or stay?")
        see(page, "Purist table: no advisor and no odds.")
        assert page.get_by_text(re.compile("Suggestion")).count() == 0
        assert page.get_by_role("switch", name="Advisor").count() == 0
        click(page, "Score sheet")
        toggle(page, "Purist table")  # off again: the advisor may come back
        click(page, "Continue digital round 1")
        page.get_by_role("switch", name="Advisor").first.wait_for(timeout=20_000)
        screenshot(page, "digital-purist-off-phone")
        page.close()
