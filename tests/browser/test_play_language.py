"""A table that speaks Italian taps a round in (issue 12): picked on Home,
a new game's score sheet, the round entry with its keypad, Save, and the
sheet again, all in Italian words with no English sentence left."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .harness import PHONE, load, screenshot
from .table import choose_player, click, see, type_into

pytestmark = pytest.mark.browser

# English that must not show on the Italian sheet and entry.
ENGLISH = (
    "Score sheet",
    "Enter round 1",
    "Save round 1",
    "Back to sheet",
    "Clear round",
    "Busted",
    "Use typed score",
    "Undo last round",
    "Total",
    "deals next",
    "No cards yet",
)


def tap_key(page: Any, number: str) -> None:
    """A number key: its name is the number, then the copies left in Italian."""
    click(page, re.compile(rf"^{number}, \d+ rimast[ae]$"))


def no_english(page: Any) -> None:
    for words in ENGLISH:
        pattern = re.compile(rf"\b{re.escape(words)}\b")
        assert page.get_by_text(pattern).count() == 0, words
        assert page.get_by_role("button", name=pattern).count() == 0, words
    assert page.get_by_role("button", name=re.compile(r"\d+ left$")).count() == 0


def test_a_round_is_tapped_in_in_italian(
    browser: Any, server: Any, tmp_path: Path
) -> None:
    device = browser.new_context(viewport=PHONE, locale="en-US")
    page = load(device.new_page(), server.url)
    see(page, "New game", timeout=60_000)
    click(page, "Italiano")
    see(page, "Nuova partita", timeout=30_000)

    click(page, "Nuova partita")
    for name in ("Ann", "Bob"):
        type_into(page, "Nome del giocatore", name)
        see(page, f"Sposta su {name}")
    click(page, "Inizia la partita")
    see(page, "Round 1 · mazziere: Ann", timeout=30_000)
    see(page, "Segnapunti")
    see(page, "Totale")
    no_english(page)

    click(page, "Inserisci il round 1")
    see(page, "Mazziere: Ann · tocca un giocatore, poi le sue carte", timeout=30_000)
    see(page, "Eliminato")
    see(page, "Ancora nessuna carta: toccale sulla tastiera qui sotto.")
    choose_player(page, "Ann")
    tap_key(page, "3")
    tap_key(page, "5")
    see(page, "Ann 8")
    screenshot(page, "entry-it")
    choose_player(page, "Bob")
    tap_key(page, "9")
    see(page, "Bob 9")
    see(page, re.compile(r"^9, 8 rimaste$"))  # the key Bob tapped: one copy gone
    no_english(page)

    click(page, "Salva il round 1")
    see(page, "Round 2 · mazziere: Bob", timeout=30_000)
    screenshot(page, "sheet-it")
    see(page, "Il prossimo mazziere è Bob.")
    see(page, "Annulla l'ultimo round")
    see(page, re.compile(r"tocca R1, R2… per correggere"))
    no_english(page)
    device.close()
