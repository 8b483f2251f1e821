"""Helpers that act like a player at the table: tap cards, switches, buttons."""

from __future__ import annotations

import re
from typing import Any

from companion.i18n import signed
from companion.rules import Card

SETTLE = 350  # ms for the server round trip after a tap
# A person taps a field, sees the cursor, then types: on a busy machine the
# first key typed in the same instant as the tap was lost to Flutter's
# editing set-up (CI typed "Bob", the field showed "ob").
BEAT = 300


def button(page: Any, name: str | re.Pattern[str]) -> Any:
    return page.get_by_role("button", name=name).first


def reveal(page: Any, target: Any) -> None:
    """Scroll Flutter's list (with the mouse wheel, as a person would) until
    ``target`` is on screen; the DOM's own scrolling does not move the canvas."""
    _find(page, target, 20_000)
    height = page.viewport_size["height"]
    for _ in range(40):
        box = target.bounding_box()
        if box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height:
            return
        page.mouse.move(page.viewport_size["width"] / 2, height / 2)
        below = box is None or box["y"] + box["height"] > height
        page.mouse.wheel(0, 300 if below else -300)
        page.wait_for_timeout(150)


def click(page: Any, name: str | re.Pattern[str]) -> None:
    target = button(page, name)
    reveal(page, target)
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
    click(page, re.compile(rf"^{re.escape(name)} −?\d+$"))


# --- what the round-entry screen names, in the app's own words ---------------
# For the benchmarks (tests/bench), which wait for exact texts in the
# semantics tree: one copy of each name, next to the helpers that tap them.
def chip(name: str, score: int) -> str:
    """A player's chip (a button) with the round score so far: "Ann 21"."""
    return f"{name} {signed(score)}"


def line_heading(name: str, score: int) -> str:
    """The chosen player's line heading: name and round score, one node of
    the semantics tree whose text has them a line apart ("Ann", newline,
    "21"), so it is told apart from the chip "Ann 21" (the chip is there
    before the tap, the heading only once the player is chosen)."""
    return f"{name}\n{signed(score)}"


def key_name(code: str, left: int) -> str:
    """A key of the card keypad: the card's name, then its copies left
    ("5, 4 left"; "The Zero, 1 left")."""
    from companion.app.card_names import card_name
    from companion.ui.parts.keypad import caption  # Flet: imported when used

    return f"{card_name(code)}, {caption(left)}"


def line_card_name(code: str, name: str) -> str:
    """A card in the chosen player's line; tapping it takes it off."""
    from companion.app.card_names import card_name
    from companion.i18n import _

    return _("Remove {card} from {name}").format(card=card_name(code), name=name)


def type_into(
    page: Any, label: str, text: str, *, submit: bool = True, clear: bool = False
) -> None:
    """Tap the field, type ``text`` key by key at a person's pace, then check
    the field shows it (never re-typed: a field that drops keys fails). With
    ``clear`` the person first selects what the field holds and deletes it;
    without, text left over in the field shows up in the check."""
    field = page.get_by_role("textbox", name=label).first
    reveal(page, field)
    field.click()
    page.wait_for_function(
        "() => ['INPUT', 'TEXTAREA'].includes(document.activeElement?.tagName)"
    )
    page.wait_for_timeout(BEAT)
    if clear:
        page.keyboard.press("ControlOrMeta+A")
        page.keyboard.press("Backspace")
    page.keyboard.type(text, delay=100)
    page.wait_for_timeout(SETTLE)
    field = page.get_by_role("textbox", name=label).first
    shown = field.input_value()
    assert shown == text, f"typed {text!r} into {label!r}, the field shows {shown!r}"
    if submit:
        page.keyboard.press("Enter")
        page.wait_for_timeout(SETTLE)


def _wheel(page: Any, dy: int) -> None:
    size = page.viewport_size
    page.mouse.move(size["width"] / 2, size["height"] / 2)
    page.mouse.wheel(0, dy)
    page.wait_for_timeout(150)


def _find(page: Any, target: Any, timeout: int) -> None:
    """Wait for ``target``; if it does not come, look for it further down the
    list (Flutter builds only what is near the screen), then from the top."""
    try:
        target.wait_for(state="attached", timeout=timeout)
        return
    except Exception:  # noqa: BLE001 - Playwright's TimeoutError, then search
        pass
    for dy in [400] * 12 + [-6000] + [400] * 12:
        _wheel(page, dy)
        if target.count():
            return
    target.wait_for(state="attached", timeout=2_000)


def see(page: Any, text: str | re.Pattern[str], timeout: int = 20_000) -> None:
    """Wait until ``text`` is shown (as text or as part of a label)."""
    _find(page, page.get_by_text(text).or_(page.get_by_label(text)).first, timeout)


def toggle(page: Any, name: str | re.Pattern[str]) -> None:
    """Flip a switch found by its label."""
    target = page.get_by_role("switch", name=name).first
    reveal(page, target)
    target.click()
    page.wait_for_timeout(SETTLE)


def start_game(page: Any, names: tuple[str, ...]) -> str:
    """From Home: a new game of ``names`` typed in key by key, started; its
    id, from the address bar."""
    click(page, "New game")
    for name in names:
        type_into(page, "Player name", name)
        see(page, f"Move {name} up")
    click(page, "Start game")
    see(page, f"Round 1 · {names[0]} deals")
    found = re.search(r"/game/([A-Za-z0-9_-]+)", page.url)
    assert found is not None, page.url
    return found.group(1)
