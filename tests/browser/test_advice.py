"""The learning game's advisor in a digital round, read as a person reads it:
the figures the suggestion rests on, agreeing with it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from companion.rules import Round, Rules, Sheet, advise
from companion.rules.choice_advice import advise_choice
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


def test_the_advisor_weighs_a_flip_four_target_by_the_chance_to_win(
    browser: Any, tmp_path: Path
) -> None:
    """Issue 13: advice for every decision. Bob and Cy hit, Ann draws Flip
    Four; the advisor gives each target's chance to win the game, in the
    words of the target buttons, best first, and its suggestion."""
    data = tmp_path / "data"
    store = GameStore(data)
    store.create(Sheet.new(["Ann", "Bob", "Cy"], Rules()), digital={"advisor": True})
    store.close()
    rnd = Round.start(players=3, dealer=0, deck=STACKED.split(), totals=(0, 0, 0))
    for choice in ("hit", "hit", "hit"):
        rnd.play(choice)
    advice = advise_choice(rnd)
    names = {"target 0": "Flip Four on Ann (you)", "target 1": "Flip Four on Bob"}
    names["target 2"] = "Flip Four on Cy"
    best = names[advice.suggestion]
    first = f"{best}: {advice.chances[0][1]:.0%}"

    with running_server(data, {"COMPANION_TEST_DECK": STACKED}) as server:
        page = open_app(browser, server.url, PHONE)
        click(page, re.compile(r"^Continue"))
        click(page, "Deal round 1 digitally")
        for name in ("Bob", "Cy", "Ann"):
            see(page, f"{name}: hit or stay?")
            click(page, "Hit")
        see(page, "Ann drew a Flip Four: who takes it?")
        see(page, re.compile(rf": {re.escape(first)}; "), timeout=30_000)
        if advice.close:
            see(page, re.compile(rf"Too close to call .*{re.escape(best)}"))
        elif advice.verdict == "spent":  # a lean, never a flat suggestion
            see(page, re.compile(rf"Not a clear call .*{re.escape(best)} leans ahead"))
        else:
            see(page, re.compile(rf"Suggestion: {re.escape(best)}\."))
        screenshot(page, "digital-advisor-target-phone")
        click(page, best)  # the button reads as the advice does
        see(page, "Flip Four")
        page.close()
