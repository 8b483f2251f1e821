"""Tables wider than the screen, as a person meets them:
the score sheet of a big table and the player stats table on a phone and a
desktop. The name column stays put, a hint says more columns exist, the
person scrolls sideways (shift + mouse wheel) to the last column, and every
name and header is whole, never cut with "…" or mid-word."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from PIL import ImageFont
from share_games import standard_game

from companion.rules import Entry, RoundRecord, Rules, Sheet
from companion.store import GameStore

from .harness import DESKTOP, PHONE, ROOT, open_app, running_server
from .table import click, see

pytestmark = pytest.mark.browser

LONG = "Alexandrovich"  # 13 letters, one word
FONTS = ROOT / "assets" / "fonts"
NAME_PX = 15  # the sheet's names: the smallest size read across a table
HEADER_PX = 14  # the stats table's headers
EDGE = 16  # the screen's padding: the table's visible area ends here
MORE = re.compile(r"^\d+ more (players?|columns?) ›$")


def seed_sheet(data: Path, names: list[str], rounds: int = 2) -> dict[str, int]:
    """A game of ``names`` with a few rounds; returns each player's total."""
    sheet = Sheet.new(names, Rules(target=200, decks=1 if len(names) < 13 else 2))
    for r in range(rounds):
        entries = tuple(
            (p.id, Entry((str((i + r) % 12 + 1),))) for i, p in enumerate(sheet.players)
        )
        sheet = sheet.add_round(RoundRecord(sheet.next_dealer().id, entries))
    store = GameStore(data)
    store.create(sheet, {"title": "Big table"})
    store.close()
    totals = sheet.totals()
    return {p.name: totals[p.id] for p in sheet.players}


def text_of(page: Any, text: str) -> Any:
    """A table's text, not a button's ("Best round" is also a chart chip)."""
    spans = page.locator("flt-semantics:not([role]) > span")
    return spans.filter(has_text=re.compile(rf"^{re.escape(text)}$")).first


def box_of(target: Any) -> dict[str, float]:
    target.wait_for(state="attached", timeout=20_000)
    box = target.bounding_box()
    assert box is not None, target
    return dict(box)


def scroll_sideways_to(page: Any, at: tuple[float, float], target: Any) -> None:
    """Hold shift and turn the mouse wheel with the pointer ``at`` the table,
    a notch at a time, until ``target`` is whole on screen (a person stops
    when they see it)."""
    width = page.viewport_size["width"] - EDGE
    page.mouse.move(*at)
    page.keyboard.down("Shift")
    try:
        for _ in range(30):
            box = target.bounding_box() if target.count() else None  # built yet?
            if box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width:
                break
            page.mouse.wheel(0, 120)
            page.wait_for_timeout(250)
    finally:
        page.keyboard.up("Shift")
    page.wait_for_timeout(700)  # the hint follows the scroll
    box = box_of(target)
    assert box["x"] + box["width"] <= width + 1, f"{target} is still cut: {box}"


def beside(page: Any, fixed: dict[str, float]) -> tuple[float, float]:
    """A point over the scrolling columns, level with the fixed column's head."""
    right = page.viewport_size["width"] - EDGE
    x = (fixed["x"] + fixed["width"] + right) / 2
    return x, fixed["y"] + fixed["height"] / 2


def assert_whole(page: Any, text: str, px: int, *, left: float = 0) -> None:
    """``text`` is drawn whole: no "…", no word broken across lines, and its
    box lies inside the table's visible area (right of ``left``). Widths are
    the regular font's (Flutter draws bold from it, a little wider)."""
    box = box_of(text_of(page, text))
    font = ImageFont.truetype(str(FONTS / "DejaVuSans.ttf"), px)
    widest_word = max(font.getlength(w) for w in text.split())
    assert box["width"] >= widest_word - 1, (
        f"{text!r} is cut: {box['width']:.0f} px wide, a word needs {widest_word:.0f}"
    )
    lines = max(1, round(box["height"] / (px * 1.17)))
    assert box["width"] * lines >= font.getlength(text) - 1, f"{text!r} cut: {box}"
    right = page.viewport_size["width"] - EDGE
    assert box["x"] >= left - 1 and box["x"] + box["width"] <= right + 1, (
        f"{text!r} lies outside the table's visible area: {box}"
    )


@pytest.mark.parametrize(
    ("size", "count"), [("phone", 7), ("desktop", 12)], ids=["phone", "desktop"]
)
def test_a_big_table_scrolls_sideways(
    browser: Any, tmp_path: Path, size: str, count: int
) -> None:
    names = ["Ann", LONG, "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida"]
    names = (names + ["Jo", "Kim", "Lou"])[:count]
    data = tmp_path / "data"
    totals = seed_sheet(data, names)
    with running_server(data) as server:
        page = open_app(browser, server.url, PHONE if size == "phone" else DESKTOP)
        click(page, re.compile(r"^Continue"))
        see(page, f"Round 3 · {names[2]} deals")
        see(page, MORE)  # the hint: more players than the screen shows
        see(page, re.compile(rf"^Players 1–\d+ of {count}"))
        round_label = box_of(text_of(page, "Round"))
        assert_whole(page, LONG, NAME_PX, left=round_label["x"] + round_label["width"])
        last = names[-1]
        total = text_of(page, f"{last}: {totals[last]} in total")
        scroll_sideways_to(page, beside(page, round_label), total)
        see(page, re.compile(rf"^Players \d+–{count} of {count}"))
        see(page, re.compile(r"^‹ \d+ more players?$"))
        assert page.get_by_role("button", name=MORE).count() == 0
        # The round column stayed where it was, beside the last player's total.
        assert box_of(text_of(page, "Round")) == round_label
        assert box_of(total)["x"] > round_label["x"] + round_label["width"]
        # The hint's own button takes the person back to the first players.
        click(page, re.compile(r"^‹ \d+ more players?$"))
        see(page, re.compile(rf"^Players 1–\d+ of {count}"))
        see(page, MORE)
        page.close()


def test_a_small_table_has_no_hint(browser: Any, tmp_path: Path) -> None:
    names = ["Ann", LONG, "Bob", "Cy", "Dee", "Eve", "Fay"]
    data = tmp_path / "data"
    totals = seed_sheet(data, names)
    with running_server(data) as server:
        page = open_app(browser, server.url, DESKTOP)
        click(page, re.compile(r"^Continue"))
        see(page, "Round 3 · Bob deals")
        assert_whole(page, LONG, NAME_PX)
        see(page, f"{names[-1]}: {totals[names[-1]]} in total")
        page.wait_for_timeout(1_000)
        assert page.get_by_text(MORE).count() == 0
        page.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_stats_headers_are_whole(browser: Any, tmp_path: Path, size: str) -> None:
    data = tmp_path / "data"
    store = GameStore(data)
    store.create(standard_game(), {"title": "Friday night"})
    store.close()
    headers = ["Games", "Wins", "Win rate", "Mean round", "Bust rate", "Flip 7s"]
    headers.append("Best round")
    with running_server(data) as server:
        page = open_app(browser, server.url, PHONE if size == "phone" else DESKTOP)
        click(page, "History")
        click(page, "Player stats")
        see(page, "Wins per player")
        player = box_of(text_of(page, "Player"))
        fixed = player["x"] + player["width"]
        if size == "phone":
            see(page, MORE)
        else:
            page.wait_for_timeout(1_000)
            assert page.get_by_text(MORE).count() == 0
        for header in headers:
            target = text_of(page, header)
            if size == "phone":
                scroll_sideways_to(page, beside(page, player), target)
            assert_whole(page, header, HEADER_PX, left=fixed)
        # The Player column stayed put, names and all.
        assert box_of(text_of(page, "Player")) == player
        assert_whole(page, "Ana", HEADER_PX)
        if size == "phone":
            see(page, re.compile(r"^‹ \d+ more columns?$"))
        page.close()
