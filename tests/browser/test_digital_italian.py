"""A digital round played in Italian (issue 12): a person picks Italiano on
Home, starts a game dealt digitally, taps Pesca and Passo and a Just One
More's target, and reads the round in Italian: prompts, buttons, the event
log and the round's end, with no English sentence on the way."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .harness import PHONE, load, running_server, screenshot
from .table import click, see, type_into

pytestmark = pytest.mark.browser

# Ann deals: Bob 5, Ann 6; Bob hits Just One More and gives it to Ann, who
# draws the 9 and must stay; Bob stays and the round ends.
DECK = "5 6 JOM 9 8 10 11 12 1 2 3 4"

ENGLISH = re.compile(
    r"(is dealt|draws|stays|must stay|hit or stay|who takes it|What happened|"
    r"Round over|Back to score sheet|deals ·|Deck \d|Discard pile|"
    r"Just one more for|\(you\)|Stay|Hit)"
)


def _text(page: Any) -> str:
    return "\n".join(page.locator("flt-semantics").all_inner_texts())


def _exact(text: str) -> re.Pattern[str]:
    return re.compile(rf"^{re.escape(text)}$")


def test_a_digital_round_in_italian(browser: Any, tmp_path: Path) -> None:
    env = {"COMPANION_TEST_DECK": DECK}
    with running_server(tmp_path / "data", env) as server:
        context = browser.new_context(viewport=PHONE, locale="en-US")
        page = load(context.new_page(), server.url)
        see(page, "New game", timeout=60_000)
        click(page, "Italiano")
        see(page, "Nuova partita", timeout=30_000)
        click(page, "Nuova partita")
        for name in ("Ann", "Bob"):
            type_into(page, "Nome del giocatore", name)
            see(page, f"Sposta su {name}")
        click(page, "Distribuisci in digitale")

        see(page, "Bob: pescare o passare?", timeout=30_000)
        see(page, _exact("Bob riceve un 5."))
        see(page, _exact("Ann riceve un 6."))
        see(page, "Mazziere: Ann · Mazzo")
        see(page, "Cosa è successo, dal più recente")
        assert not ENGLISH.search(_text(page)), ENGLISH.findall(_text(page))
        click(page, "Pesca")

        see(page, "Bob ha pescato una carta Ancora Una — a chi va?")
        see(page, _exact("Bob pesca una carta Ancora Una."))
        see(page, "a Bob (tu)")
        click(page, _exact("a Ann"))

        see(page, _exact("Bob gioca Ancora Una su Ann."))
        see(page, _exact("Ann pesca un 9."))
        see(page, _exact("Ann deve passare (Ancora Una)."))
        screenshot(page, "digital-table-it")
        see(page, "Bob: pescare o passare?")
        assert not ENGLISH.search(_text(page)), ENGLISH.findall(_text(page))
        click(page, "Passo")

        see(page, "Round finito", timeout=30_000)
        see(page, _exact("Bob passa."))
        see(page, "Torna al segnapunti")
        assert not ENGLISH.search(_text(page)), ENGLISH.findall(_text(page))
        context.close()
