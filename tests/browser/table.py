"""Helpers that act like a player at the table: tap cards, switches, buttons."""

from __future__ import annotations

import re
from typing import Any

from companion.rules import Card

SETTLE = 350  # ms for the server round trip after a tap


def button(page: Any, name: str | re.Pattern[str]) -> Any:
    return page.get_by_role("button", name=name).first


def click(page: Any, name: str | re.Pattern[str]) -> None:
    target = button(page, name)
    target.wait_for(timeout=20_000)
    target.click()
    page.wait_for_timeout(SETTLE)


def tap_card(page: Any, code: str) -> None:
    """Tap a key of the card keypad (its name is the card's name, then "N left")."""
    name = Card.parse(code).name
    click(page, re.compile(rf"^{re.escape(name)}, \d+ left$"))


def tap_cards(page: Any, codes: str) -> None:
    for code in codes.split():
        tap_card(page, code)


def choose_player(page: Any, name: str) -> None:
    click(page, re.compile(rf"^{re.escape(name)} -?\d+$"))


def type_into(page: Any, label: str, text: str, *, submit: bool = True) -> None:
    field = page.get_by_role("textbox", name=label).first
    for _ in range(10):  # the field may be replaced by a fresh one after a save
        field.wait_for(timeout=20_000)
        field.fill(text)
        page.wait_for_timeout(SETTLE)
        if field.input_value() == text:
            break
    if submit:
        field.press("Enter")
        page.wait_for_timeout(SETTLE)


def see(page: Any, text: str | re.Pattern[str], timeout: int = 20_000) -> None:
    """Wait until ``text`` is shown (as text or as part of a label)."""
    page.get_by_text(text).or_(page.get_by_label(text)).first.wait_for(timeout=timeout)


def toggle(page: Any, name: str | re.Pattern[str]) -> None:
    """Flip a switch found by its label."""
    target = page.get_by_role("switch", name=name).first
    target.wait_for(timeout=20_000)
    target.click()
    page.wait_for_timeout(SETTLE)
