"""A person who needs high contrast, or larger text, at the score sheet.

High contrast is chosen once on Home and kept by the device (a new tab
opens in it); every text on the sheet then reaches 7:1, in light and dark.
With the browser's text size doubled, the sheet's columns and rows grow
with the text: every total is drawn whole, inside the screen.
SCREENSHOTS=1 saves docs/screenshots/sheet-high-contrast-*.png and
sheet-200-percent.png.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .contrast import readings, unreadable
from .crawler import OUTSIDE
from .harness import PHONE, load, running_server, screenshot
from .table import click, see, toggle
from .test_crawl import DOUBLE_TEXT, expect_checked, seed
from .test_wide_tables import box_of, text_of

pytestmark = pytest.mark.browser


def open_sheet(page: Any, gid: str) -> None:
    """Go to the game's sheet by the address, as a link does, once Home is
    drawn: a route change sent before the session is up is not seen (CI, two
    test processes at once, once missed it and waited on a blank page)."""
    see(page, "New game")
    page.evaluate(f"history.pushState(null, '', '/game/{gid}')")
    page.evaluate("dispatchEvent(new PopStateEvent('popstate'))")
    see(page, "Round 2 · Bob deals")
    page.wait_for_timeout(800)


def test_high_contrast_is_kept_and_reaches_7_to_1(browser: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    ids = seed(data)
    with running_server(data) as server:
        device = browser.new_context(viewport=PHONE)
        page = load(device.new_page(), server.url)
        toggle(page, "High contrast")
        expect_checked(page, "High contrast")
        open_sheet(page, ids["playing"])
        assert len(readings(page, 7.0)) > 10
        assert unreadable(page, 7.0) == []
        screenshot(page, "sheet-high-contrast-light")
        # The device remembers: a new tab opens in high contrast; dark too.
        again = load(device.new_page(), server.url)
        expect_checked(again, "High contrast")
        click(again, "Dark theme")
        see(again, "Light theme")
        open_sheet(again, ids["playing"])
        assert unreadable(again, 7.0) == []
        screenshot(again, "sheet-high-contrast-dark")
        device.close()


def test_the_sheet_at_double_text_size(browser: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    ids = seed(data)
    with running_server(data) as server:
        page = browser.new_page(viewport=PHONE)
        page.add_init_script(DOUBLE_TEXT)
        page = load(page, server.url)
        open_sheet(page, ids["playing"])
        box = box_of(text_of(page, "Ann: 35 in total"))
        # 28 px numerals drawn at 56 px: the row (52 px at 100 %) grew to
        # hold them whole, so the text's box is taller than the old row.
        assert box["height"] > 56, box
        assert page.evaluate(OUTSIDE) == []
        screenshot(page, "sheet-200-percent")
        page.close()


def test_the_width_check_finds_a_text_beyond_the_edge(browser: Any) -> None:
    """The crawler's width check itself: a text past the right edge is
    found; one inside, or in a sideways-scrolling part, is not."""
    page = browser.new_page(viewport=PHONE)
    page.set_content(
        '<flt-semantics aria-label="inside" style="position:absolute;left:10px;'
        'width:100px;height:20px"></flt-semantics>'
        '<flt-semantics aria-label="Too wide" style="position:absolute;left:300px;'
        'top:40px;width:200px;height:20px"></flt-semantics>'
        '<div style="scrollbar-width:none;position:absolute;top:80px;left:0;'
        'width:390px;height:50px;overflow:hidden"><flt-semantics aria-label="scrolled" '
        'style="position:absolute;left:500px;width:90px;height:20px">'
        "</flt-semantics></div>"
    )
    assert page.evaluate(OUTSIDE) == ["Too wide (300..500)"]
    page.close()
