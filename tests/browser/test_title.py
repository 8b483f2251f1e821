"""The app serves offline and renders its title screen in Chromium."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .harness import DESKTOP, PHONE, Server, open_app, screenshot

pytestmark = pytest.mark.browser


def test_title_screen_renders(browser: Any, reader: Server) -> None:
    page = open_app(browser, reader.url, PHONE)
    title = page.get_by_text("Flip 7 Companion", exact=True)
    title.wait_for(timeout=30_000)
    assert title.is_visible()
    assert page.get_by_role("button", name="Rules").is_visible()
    screenshot(page, "title-phone")
    page.close()


def test_rules_screen_opens(browser: Any, reader: Server) -> None:
    page = open_app(browser, reader.url, DESKTOP)
    page.get_by_role("button", name="Rules").click()
    back = page.get_by_role("button", name="Back")
    back.wait_for(timeout=30_000)
    rules = page.get_by_role("group", name=re.compile("Scoring a line"))
    rules.first.wait_for(timeout=30_000)
    screenshot(page, "rules-desktop")
    page.close()
