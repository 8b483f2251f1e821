"""A whole game in Hungarian (issue 12's "Done when"): a phone whose system
language is Hungarian opens the app, plays a tap-in game to its winner,
shares it, then deals a digital round with an action card and plays it to
its end. After every step the screen is read with the catalog-wide English
check (tests/english_left.py): no English sentence or word a translation
replaces may show (card names as printed on the cards are kept).

Labels are looked up in the catalog, not typed here in Hungarian: the test
is about what is left in English, and a word the translators change later
must not break it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from english_left import English

from companion.app.telling import choice_word
from companion.app.views.choices import TARGET_VERBS
from companion.i18n import _, use

from .crawler import TEXTS
from .harness import PHONE, load, running_server, screenshot
from .table import choose_player, click, see, type_into

pytestmark = pytest.mark.browser

# The digital round: Ann deals, Bob gets 5, Ann 6; Bob hits Just One More
# and gives it to Ann, who draws the 9 and must stay; Bob stays.
DECK = "5 6 JOM 9 8 10 11 12 1 2 3 4"
ENGLISH = English("hu")


def hu(message: str, **fields: object) -> str:
    with use("hu"):
        return _(message).format(**fields)


def no_english(page: Any, where: str) -> None:
    page.wait_for_timeout(300)
    assert ENGLISH.found_in(page.evaluate(TEXTS)) == [], where


def tap_key(page: Any, number: str) -> None:
    """A number key: the number, then the copies left ("12, 11 maradt")."""
    click(page, re.compile(rf"^{number}, \d+ maradt$"))


def new_game(page: Any, names: tuple[str, ...]) -> None:
    click(page, hu("New game"))
    for name in names:
        type_into(page, hu("Player name"), name)
        see(page, hu("Move {name} up", name=name))
    no_english(page, "setup")


def play_tap_in_round(page: Any, n: int) -> None:
    """Ann flips 12 11 10 9 8 7 6 (Flip 7: 63 + 15 = 78), Bob stays on a 5."""
    click(page, hu("Enter round {number}", number=n))
    choose_player(page, "Ann")
    for number in ["12", "11", "10", "9", "8", "7", "6"]:
        tap_key(page, number)
    see(page, "Flip 7")
    choose_player(page, "Bob")
    tap_key(page, "5")
    no_english(page, f"entry, round {n}")
    if n == 1:
        screenshot(page, "entry-hu")
    click(page, hu("Save round {n}", n=n))


def test_a_whole_game_in_hungarian(browser: Any, tmp_path: Path) -> None:
    env = {"COMPANION_TEST_DECK": DECK}
    with running_server(tmp_path / "data", env) as server:
        context = browser.new_context(viewport=PHONE, locale="hu-HU")
        page = load(context.new_page(), server.url)
        see(page, hu("New game"), timeout=60_000)
        no_english(page, "home")

        new_game(page, ("Ann", "Bob"))
        click(page, hu("Start game"))
        for n in (1, 2, 3):
            see(page, hu("Enter round {number}", number=n), timeout=30_000)
            no_english(page, f"sheet before round {n}")
            if n == 3:
                screenshot(page, "sheet-hu")
            play_tap_in_round(page, n)
        see(
            page, hu("{name} wins with {total}!", name="Ann", total=234), timeout=30_000
        )
        no_english(page, "the winner")
        screenshot(page, "sheet-winner-hu")
        click(page, hu("Share"))
        see(page, "Ann", timeout=30_000)
        no_english(page, "share")

        page = load(page, server.url)
        see(page, hu("New game"), timeout=60_000)
        new_game(page, ("Ann", "Bob"))
        click(page, hu("Deal digitally"))
        with use("hu"):
            hit, stay = choice_word("hit"), choice_word("stay")
            to_ann = _(TARGET_VERBS["JOM"]).format(who="Ann")
        see(page, hu("{me}: hit or stay?", me="Bob"), timeout=30_000)
        no_english(page, "digital: Bob's first turn")
        click(page, hit)
        click(page, to_ann)
        see(page, hu("{me}: hit or stay?", me="Bob"), timeout=30_000)
        no_english(page, "digital: after Just One More")
        screenshot(page, "digital-table-hu")
        click(page, stay)
        see(page, hu("Round over"), timeout=30_000)
        no_english(page, "digital: round over")
        click(page, hu("Back to score sheet"))
        see(page, hu("Score sheet"), timeout=30_000)
        no_english(page, "sheet after the digital round")
        context.close()
