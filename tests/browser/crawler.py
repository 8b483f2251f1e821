"""Two ways through every screen, as a curious newcomer would go.

``crawl`` presses every control of a screen once and checks after each
press what a person would notice: an error box, a control that does
nothing, a Back that does not return. A screen is opened by its URL
(screens live in the URL). Each press is one tap; nothing is repeated.
After a press that moved to another screen, the browser's Back must
return; a switch is pressed again to put it back; a question ("Delete…?")
is answered with its cancel button. What a press does is the same in every
look, language and text size, so one configuration presses everything.

``look`` reads a screen from top to bottom, a screen's height at a time:
an error box, text too faint to read, text wider than the screen, English
left in Italian or Hungarian. That is what changes between looks,
languages and text sizes, so every configuration reads every screen.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from typing import Any

from english_left import English
from PIL import Image

from companion.i18n import _, use

from .contrast import rgb, unreadable
from .harness import ready as wait_ready
from .table import SETTLE, reveal

ERROR_GREY = (196, 196, 196)  # Flutter's release-mode error box


@dataclass(frozen=True)
class Words:
    """The words a crawl looks for, in the language of the page it crawls."""

    never: re.Pattern[str]
    cancels: tuple[str, ...]
    undo: dict[str, str | None]
    english: English | None  # English left on a translated screen


def words(language: str = "en") -> Words:
    """Controls a crawl must not press: the theme is chosen once per crawl,
    the language too (a crawl in Italian or Hungarian is its own run), and a
    file picker opens the system dialog (no visible change in the page).
    After pressing an ``undo`` key, press its value to put things back."""
    with use(language):
        never = [_(w) for w in ("Dark theme", "Light theme", "High contrast")]
        never += [_("Choose a share file"), _("Restore from a backup")]
        never += ["English", "Italiano", "Magyar"]
        return Words(
            never=re.compile("^(" + "|".join(map(re.escape, never)) + ")$"),
            cancels=(_("Keep"), _("Cancel")),
            undo={_("Undo last round"): _("Redo round"), _("Undo delete"): None},
            english=None if language == "en" else English(language),
        )


CONTROLS = """() => {
  const out = [];
  for (const el of document.querySelectorAll(
      'flt-semantics[role=button], flt-semantics[role=switch], '
      + 'flt-semantics[role=checkbox], flt-semantics[role=tab]')) {
    const name = (el.getAttribute('aria-label') || el.textContent || '').trim();
    if (!name || el.getAttribute('aria-disabled') === 'true') continue;
    // Not tappable (an inactive control), or the option already chosen.
    if (!el.hasAttribute('flt-tappable') && el.getAttribute('role') === 'button')
      continue;
    if (el.closest('[aria-current=true]')) continue;
    out.push([el.getAttribute('role'), name]);
  }
  return out;
}"""
FINGERPRINT = """() => Array.from(document.querySelectorAll('flt-semantics'))
  .map(e => (e.getAttribute('aria-label') || '') + '|' +
            (e.getAttribute('aria-checked') || '') + '|' +
            (e.getAttribute('aria-current') || '') + '|' +
            Array.from(e.childNodes).filter(n => n.nodeType === 3 ||
              n.nodeName === 'SPAN').map(n => n.textContent).join(''))
  .join('\\n')"""


# Texts wider than the screen: a text whose box leaves the viewport's width,
# unless it lies in a sideways-scrolling part (Flutter's scrollables carry an
# inline scrollbar-width), which must itself stay inside.
OUTSIDE = """() => {
  const own = el => (el.getAttribute('aria-label') || '') ||
    Array.from(el.childNodes).filter(n => n.nodeType === 3 || n.nodeName === 'SPAN')
      .map(n => n.textContent).join('').trim();
  const out = [];
  for (const el of document.querySelectorAll('flt-semantics')) {
    if (!own(el).trim()) continue;
    let box = el;
    for (let a = el.parentElement; a && box === el; a = a.parentElement)
      if ((a.getAttribute('style') || '').includes('scrollbar-width')) box = a;
    const r = box.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const at = ` (${Math.round(r.left)}..${Math.round(r.right)})`;
    if (r.left < -1 || r.right > innerWidth + 1)
      out.push(own(el).trim().slice(0, 40) + at);
  }
  return out;
}"""


# Every text a person reads on the screen (labels and texts of Flutter's
# semantics nodes), for the check that no English is left.
TEXTS = """() => Array.from(document.querySelectorAll('flt-semantics'))
  .map(el => (el.getAttribute('aria-label') || '') ||
    Array.from(el.childNodes).filter(n => n.nodeType === 3 || n.nodeName === 'SPAN')
      .map(n => n.textContent).join(''))
  .map(t => t.trim()).filter(t => t)"""


# What is on screen and where: unchanged after a wheel turn at the bottom
# (the semantics tree alone also holds what is just off screen).
ON_SCREEN = """() => Array.from(document.querySelectorAll('flt-semantics'))
  .map(el => [el.getAttribute('aria-label') || el.textContent || '',
              Math.round(el.getBoundingClientRect().top)])
  .filter(([t, y]) => t && y >= 0 && y < innerHeight)
  .map(([t, y]) => t.slice(0, 30) + '@' + y).join('\\n')"""


def grey_share(png: bytes) -> float:
    """Share of the screen covered by the error-box grey."""
    image = Image.open(io.BytesIO(png)).convert("RGB").resize((195, 422))
    pixels = rgb(image)
    grey = sum(
        1
        for p in pixels
        if all(abs(a - b) <= 3 for a, b in zip(p, ERROR_GREY, strict=True))
    )
    return grey / len(pixels)


@dataclass
class Findings:
    """What a crawl found; empty lists mean a person met no trouble."""

    pressed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    dead: list[str] = field(default_factory=list)
    no_way_back: list[str] = field(default_factory=list)
    hard_to_read: list[str] = field(default_factory=list)
    too_wide: list[str] = field(default_factory=list)
    english: list[str] = field(default_factory=list)
    reached: list[str] = field(default_factory=list)  # paths a press opened
    least: float | None = None  # contrast every text needs (high contrast: 7)
    words: Words = field(default_factory=words)

    def problems(self) -> list[str]:
        return (
            [f"error box: {e}" for e in self.errors]
            + [f"wider than the screen: {w}" for w in self.too_wide]
            + [f"does nothing: {d}" for d in self.dead]
            + [f"Back does not return: {b}" for b in self.no_way_back]
            + [f"contrast: {c}" for c in self.hard_to_read]
            + [f"English: {e}" for e in self.english]
        )


def ready(page: Any) -> None:
    """The page after a goto, with its controls built."""
    wait_ready(page)
    page.wait_for_selector("flt-semantics[role=button]", timeout=60_000)
    page.wait_for_timeout(SETTLE)


def settle(page: Any) -> None:
    """Time for the server's answer; a slower one gets 1.5 s more before a
    control is called dead."""
    page.wait_for_timeout(400)


def fingerprint(page: Any) -> str:
    return str(page.url) + "\n" + str(page.evaluate(FINGERPRINT))


def _control(page: Any, role: str, name: str) -> Any:
    return page.get_by_role(role, name=name, exact=True).first


def _to_top(page: Any) -> None:
    size = page.viewport_size
    page.mouse.move(size["width"] / 2, size["height"] / 2)
    page.mouse.wheel(0, -8000)
    page.wait_for_timeout(300)


def controls_of(page: Any) -> list[tuple[str, str]]:
    """Every enabled control of the screen, scrolling down to build them all."""
    seen: list[tuple[str, str]] = []
    size = page.viewport_size
    for turn in range(12):
        before = len(seen)
        for role, name in page.evaluate(CONTROLS):
            if (role, name) not in seen:
                seen.append((role, name))
        page.mouse.move(size["width"] / 2, size["height"] / 2)
        page.mouse.wheel(0, 500)
        page.wait_for_timeout(200)
        if len(seen) == before and turn > 1:
            break
    _to_top(page)
    return seen


def check_screen(page: Any, where: str, found: Findings) -> None:
    """Error box, contrast and width of the top of the screen."""
    _to_top(page)
    page.wait_for_timeout(400)
    check_here(page, where, found)


def check_here(page: Any, where: str, found: Findings) -> None:
    """Error box, contrast, width and language of what is on screen now."""
    if grey_share(page.screenshot()) >= 0.02:
        found.errors.append(where)
    found.hard_to_read += [f"{where}: {r}" for r in unreadable(page, found.least)]
    found.too_wide += [f"{where}: {t}" for t in page.evaluate(OUTSIDE)]
    if found.words.english is not None:
        texts = page.evaluate(TEXTS)
        found.english += [f"{where}: {t}" for t in found.words.english.found_in(texts)]


def crawl(page: Any, base: str, path: str, found: Findings) -> None:
    """Open ``path`` and press each of its controls once."""
    url = base + path
    page.goto(url)
    ready(page)
    check_screen(page, path, found)
    for role, name in controls_of(page):
        if found.words.never.search(name):
            continue
        if not page.url.endswith(path):
            page.goto(url)
            ready(page)
        target = _control(page, role, name)
        if target.count() == 0:
            _to_top(page)
            page.wait_for_timeout(200)
        try:
            reveal(page, target)
        except Exception:  # noqa: BLE001 - gone after an earlier press: skip
            continue
        before = fingerprint(page)
        target.click()
        settle(page)
        where = f"{path} → {name!r}"
        found.pressed.append(where)
        if grey_share(page.screenshot()) >= 0.02:
            found.errors.append(where)
        after = fingerprint(page)
        if after == before:
            page.wait_for_timeout(1500)  # a slow answer is not a dead control
            after = fingerprint(page)
        if after == before:
            found.dead.append(where)
            continue
        if not page.url.endswith(path):
            found.reached.append(page.url.removeprefix(base))
            check_screen(page, f"{where} (screen)", found)
            page.go_back()
            settle(page)
            if not page.url.endswith(path):
                found.no_way_back.append(f"{where}: at {page.url}")
            continue
        _put_back(page, role, name, found.words)


def look(page: Any, base: str, path: str, found: Findings) -> None:
    """Open ``path`` and read all of it: the top, then a wheel turn of most
    of a screen at a time, as a person scrolls, until nothing new shows."""
    page.goto(base + path)
    ready(page)
    check_screen(page, path, found)
    size = page.viewport_size
    seen = page.evaluate(ON_SCREEN)
    for turn in range(1, 10):
        page.mouse.move(size["width"] / 2, size["height"] / 2)
        page.mouse.wheel(0, size["height"] * 0.8)
        page.wait_for_timeout(400)
        now = page.evaluate(ON_SCREEN)
        if now == seen:  # the bottom: the wheel moved nothing
            return
        seen = now
        check_here(page, f"{path} (scrolled {turn})", found)


def _scroll_to(page: Any, target: Any) -> Any:
    """``target``, scrolled into view: what a press added above it (advice,
    at 200 % text a screen's height) can push it out of Flutter's tree, so
    look from the top down, a wheel turn at a time, as a person would."""
    if target.count() == 0:
        _to_top(page)
        size = page.viewport_size
        for _turn in range(12):
            if target.count():
                break
            page.mouse.move(size["width"] / 2, size["height"] / 2)
            page.mouse.wheel(0, 400)
            page.wait_for_timeout(200)
    reveal(page, target)
    return target


def _put_back(page: Any, role: str, name: str, said: Words) -> None:
    """Undo what a press changed on the same screen, where a person can."""
    if role in ("switch", "checkbox"):
        _scroll_to(page, _control(page, role, name)).click()
        settle(page)
        return
    again = said.undo.get(name)
    if again and _control(page, "button", again).count():
        _control(page, "button", again).click()
        settle(page)
        return
    for cancel in said.cancels:
        button = _control(page, "button", cancel)
        if button.count():
            button.click()
            settle(page)
            return
