"""Focus order and labels, read from the accessibility tree (issue 12): a
person on a keyboard or a switch device presses Tab through each main
screen. Every stop must have a name a screen reader can say, the stops must
follow the reading order (down the screen, and left to right along a row),
every control on the first screenful must be reachable, and the cycle must
come back to its start (no trap).

Each Tab is pressed once and its result read; nothing is repeated."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .crawler import fingerprint, ready
from .harness import DESKTOP, PHONE, running_server
from .table import see
from .test_crawl import seed

pytestmark = pytest.mark.browser

ROW = 8  # px: two stops whose tops differ less sit on one row
FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const r = e.getBoundingClientRect();
  const name = (e.getAttribute('aria-label') || e.textContent || '').trim();
  return {role: e.getAttribute('role') || e.tagName.toLowerCase(), name,
          top: r.top, left: r.left, height: r.height};
}"""
# The previous stop's box, measured in the same frame as the new one's (a
# Tab may scroll the list): the browser keeps it as window.__prev.
MARK = "() => { window.__prev = document.activeElement; }"
PREVIOUS = """() => {
  const e = window.__prev;
  if (!e || !e.isConnected) return null;
  const r = e.getBoundingClientRect();
  return {top: r.top, left: r.left, pinned: r.bottom >= innerHeight - 16};
}"""
CONTROLS_ON_SCREEN = """() => Array.from(document.querySelectorAll(
    'flt-semantics[role=button], flt-semantics[role=switch], '
    + 'flt-semantics[role=checkbox], flt-semantics[role=tab], input, textarea'))
  .filter(e => e.getAttribute('aria-disabled') !== 'true')
  .filter(e => { const r = e.getBoundingClientRect();
                 return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight; })
  .map(e => (e.getAttribute('aria-label') || e.textContent || '').trim())"""


def tab_cycle(page: Any, most: int = 120) -> tuple[list[dict[str, Any]], list[str]]:
    """Tab until the first stop comes back; the stops, and what was wrong."""
    stops: list[dict[str, Any]] = []
    wrong: list[str] = []
    for _press in range(most):
        page.evaluate(MARK)
        page.keyboard.press("Tab")
        page.wait_for_timeout(200)
        now = page.evaluate(FOCUSED)
        if now is None:
            wrong.append(f"focus lost after {stops[-1]['name'] if stops else 'start'}")
            continue
        if not now["name"]:
            wrong.append(f"a {now['role']} without a name after {len(stops)} stops")
        if stops and (now["name"], now["role"]) == (stops[0]["name"], stops[0]["role"]):
            return stops, wrong
        before = page.evaluate(PREVIOUS)
        if stops and before is not None and not _reads_after(before, now):
            wrong.append(f"{now['name']!r} comes before {stops[-1]['name']!r}")
        stops.append(now)
    wrong.append(f"no way back to the first stop in {most} presses (a trap?)")
    return stops, wrong


def _reads_after(before: dict[str, Any], now: dict[str, Any]) -> bool:
    """``now`` is further down, or on the same row and further right.

    Two exceptions, both Flutter's and both still reaching every control
    with its name: a bar pinned to the screen's bottom (Start game, Save)
    comes where Flutter's reading order meets it, after what is on screen
    above it and before the rest of a list scrolled under it; and a text
    field's ``<input>`` covers its whole editing area, so its box says
    nothing about where its label is drawn."""
    if before["pinned"] or now["role"] == "input":
        return True
    if abs(now["top"] - before["top"]) < ROW:
        return now["left"] > before["left"]
    return now["top"] > before["top"]


# A text field's name is its own label: texts around it folded into it (as
# Flutter web did on the entry screen) join it with new lines.
FOLDED_FIELDS = """() => Array.from(document.querySelectorAll('input, textarea'))
  .map(e => e.getAttribute('aria-label') || '').filter(n => n.includes('\\n'))"""


def settled(page: Any) -> None:
    """Wait until the screen stops changing (two readings of its tree half
    a second apart agree, 15 s at most) before the first Tab: in CI, two
    test processes at once, the first Tab once landed on the whole screen's
    node of a Home still being built, and the cycle never came back to it."""
    before = fingerprint(page)
    for _turn in range(30):
        page.wait_for_timeout(500)
        now = fingerprint(page)
        if now == before:
            return
        before = now


def check(page: Any, base: str, path: str) -> list[str]:
    page.goto(base + path)
    ready(page)
    settled(page)
    folded = page.evaluate(FOLDED_FIELDS)
    wrong_names = [f"{path}: a field named {n!r}" for n in folded]
    on_screen = [n for n in page.evaluate(CONTROLS_ON_SCREEN) if n]
    stops, wrong = tab_cycle(page)
    names = {s["name"] for s in stops}
    wrong += [f"{n!r} cannot be reached with Tab" for n in on_screen if n not in names]
    if wrong:  # the whole cycle, to see where it went
        wrong.append(" → ".join(repr(s["name"][:20]) for s in stops))
    return wrong_names + [f"{path}: {w}" for w in wrong]


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_tab_follows_the_reading_order(browser: Any, tmp_path: Path, size: str) -> None:
    data = tmp_path / "data"
    ids = seed(data)
    with running_server(data) as server:
        page = browser.new_page(viewport=PHONE if size == "phone" else DESKTOP)
        wrong: list[str] = []
        for path in (
            "/",
            "/new",
            f"/game/{ids['playing']}",
            f"/game/{ids['playing']}/entry",
            f"/game/{ids['digital']}/digital",
        ):
            wrong += check(page, server.url, path)
        page.close()
    assert wrong == [], "\n".join(wrong)


def test_a_card_key_is_pressed_from_the_keyboard(browser: Any, tmp_path: Path) -> None:
    """Tab to the 5 key and press Enter, then Space: each press adds a 5 to
    Ann's line (two 5s: the chip's total shows both went in)."""
    data = tmp_path / "data"
    ids = seed(data)
    with running_server(data) as server:
        page = browser.new_page(viewport=PHONE)
        page.goto(f"{server.url}/game/{ids['playing']}/entry")
        ready(page)
        for _press in range(40):
            page.keyboard.press("Tab")
            page.wait_for_timeout(150)
            focused = page.evaluate(FOCUSED)
            if focused and focused["name"].startswith("5, "):
                break
        else:
            raise AssertionError("Tab never reached the 5 key")
        page.keyboard.press("Enter")
        see(page, "Ann 5")
        page.keyboard.press(" ")
        see(page, "Ann 10")
        page.close()
