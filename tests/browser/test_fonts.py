"""Names in any script render offline: emoji in colour, Chinese from the
bundled fallback, and the page never asks the server for a font it lacks.

Flutter's CanvasKit renderer draws every glyph itself: a character missing
from the app's fonts makes it fetch a Noto font from ``assets/fonts/noto*``,
which the offline server does not have (a 404, then an empty box)."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from companion.rules import Sheet
from companion.store import GameStore

from .harness import PHONE, running_server
from .table import click, see

pytestmark = pytest.mark.browser
NAMES = ["🦄 Zoë", "李雷", "Ann"]


def colourful_pixels(png: bytes) -> int:
    """Pixels that are strongly coloured (channel spread over 90): the
    unicorn's mane and horn. Black text, its grey anti-aliasing, a light
    background and a monochrome empty box have none."""
    raw = Image.open(io.BytesIO(png)).convert("RGB").tobytes()
    pixels = (raw[i : i + 3] for i in range(0, len(raw), 3))
    return sum(1 for p in pixels if max(p) - min(p) > 90)


def record_failures(page: Any) -> list[str]:
    """Every request of the page that failed or got an error status."""
    failures: list[str] = []
    page.on(
        "response",
        lambda r: failures.append(f"{r.status} {r.url}") if r.status >= 400 else None,
    )
    page.on("requestfailed", lambda r: failures.append(f"failed {r.url}"))
    return failures


def test_emoji_names_render_in_colour_and_no_font_is_missing(
    browser: Any, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    store = GameStore(data)
    store.create(Sheet.new(NAMES))
    store.close()

    with running_server(data) as server:
        page = browser.new_page(viewport=PHONE)
        failures = record_failures(page)
        fonts_asked: list[str] = []
        page.on(
            "request",
            lambda r: fonts_asked.append(r.url) if "/fonts/" in r.url else None,
        )
        page.goto(server.url)
        page.wait_for_selector("#loading", state="detached", timeout=60_000)
        placeholder = page.locator("flt-semantics-placeholder")
        placeholder.wait_for(state="attached", timeout=30_000)
        placeholder.dispatch_event("click")
        click(page, re.compile(r"^Continue round"))
        see(page, "Round 1 · 🦄 Zoë deals")
        title = page.get_by_text("Round 1 · 🦄 Zoë deals").first
        box = title.bounding_box()
        assert box is not None
        # The fallback font loads after the first frame: wait for the page
        # (the text is already on screen), never act again.
        colour = 0
        for _ in range(20):
            shot = page.screenshot(clip=box)
            colour = colourful_pixels(shot)
            if colour >= 30:
                break
            page.wait_for_timeout(500)
        (tmp_path / "title.png").write_bytes(shot)
        page.screenshot(path=str(tmp_path / "sheet.png"))
        page.close()

    assert colour >= 30, f"the unicorn has {colour} coloured pixels: an empty box"
    missing = [f for f in failures if "/fonts/" in f or "127.0.0.1" in f]
    assert missing == [], f"the page asked for files the server lacks: {missing}"
    noto = [u for u in fonts_asked if "/fonts/noto" in u]
    assert noto == [], f"Flutter fell back to fonts the app does not ship: {noto}"
