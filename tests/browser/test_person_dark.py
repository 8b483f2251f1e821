"""The dark theme once drew black text on near-black. Every text on the
main screens must reach WCAG AA in the dark theme, measured on screenshots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .contrast import readings, unreadable
from .harness import PHONE, load, running_server
from .table import click, see
from .test_crawl import seed

pytestmark = pytest.mark.browser


def test_dark_theme_is_readable(browser: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    ids = seed(data)
    with running_server(data) as server:
        device = browser.new_context(viewport=PHONE)  # one phone's browser
        page = load(device.new_page(), server.url)
        click(page, "Dark theme")
        see(page, "Light theme")
        page.wait_for_timeout(800)
        problems = [f"home: {r}" for r in unreadable(page)]
        assert len(readings(page)) > 5  # the check saw the screen's texts
        for path, expect in (
            (f"/game/{ids['playing']}", "Round 2 · Bob deals"),
            (f"/game/{ids['playing']}/entry", "Save round 2"),
            (f"/game/{ids['digital']}/digital", "Eve"),
            ("/history", "Friday night"),
        ):
            page.evaluate(f"history.pushState(null, '', '{path}')")
            page.evaluate("dispatchEvent(new PopStateEvent('popstate'))")
            see(page, expect)
            page.wait_for_timeout(800)
            problems += [f"{path}: {r}" for r in unreadable(page)]
        assert problems == []
        # The device remembers: a new tab of this browser opens dark.
        again = load(device.new_page(), server.url)
        see(again, "Light theme")
        device.close()
