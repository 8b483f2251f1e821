"""A player picks Italian on Home: Home and the rules speak Italian, and the
phone remembers it after a reload (issue 12)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .harness import PHONE, load, ready
from .table import click, see

pytestmark = pytest.mark.browser


def test_italian_is_chosen_on_home_and_remembered(
    browser: Any, server: Any, tmp_path: Path
) -> None:
    # An English browser: the app starts in English.
    device = browser.new_context(viewport=PHONE, locale="en-US")
    page = load(device.new_page(), server.url)
    see(page, "New game", timeout=60_000)
    click(page, "Italiano")
    see(page, "Nuova partita", timeout=30_000)
    see(page, "Storico")
    click(page, "Regole")
    see(page, "Contare una fila", timeout=30_000)  # the Italian rules page
    see(page, "Indietro")
    click(page, "Indietro")
    see(page, "Nuova partita")
    page.reload()
    ready(page)
    see(page, "Nuova partita", timeout=60_000)
    assert page.get_by_role("button", name="New game").count() == 0
    device.close()
