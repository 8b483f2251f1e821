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
import time
from dataclasses import dataclass, field
from typing import Any, cast

from english_left import English
from PIL import Image

from companion.i18n import _, use

from .contrast import unreadable
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
    # Counted by colour (Pillow's getcolors), not pixel by pixel in Python:
    # the same share, a screenshot after every press (CI's time, issue 22).
    colours = cast(
        list[tuple[int, tuple[int, int, int]]],
        image.getcolors(image.width * image.height),
    )
    grey = sum(
        count
        for count, p in colours
        if all(abs(a - b) <= 3 for a, b in zip(p, ERROR_GREY, strict=True))
    )
    return grey / (image.width * image.height)


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
    """The page after a goto, with its controls built and still. A reload
    keeps the tab's Flet session, which may draw the screen it showed
    before the new address's: SETTLE for that first, as before, then still."""
    wait_ready(page)
    page.wait_for_selector("flt-semantics[role=button]", timeout=60_000)
    page.wait_for_timeout(SETTLE)
    steady(page)


# What a press can change: the address, every node's words and state.
SAID = f"() => location.href + '\\n' + ({FINGERPRINT})()"
# And where each node is, for the waits below (a screen still sliding or
# scrolling in moves its nodes).
SHOWN = f"""() => ({SAID})() + '\\n' +
  Array.from(document.querySelectorAll('flt-semantics')).map(e => {{
    const r = e.getBoundingClientRect();
    return Math.round(r.left) + ',' + Math.round(r.top) + ',' +
      Math.round(r.width) + ',' + Math.round(r.height);
  }}).join(' ')"""
# The screen as drawn: read after two animation frames (a wheel turn or a
# tap just sent is drawn first).
DRAWN = f"""async () => {{
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  return ({SHOWN})();
}}"""
CHANGED = f"(before) => ({SAID})() !== before"
SCROLLED = f"(before) => ({ON_SCREEN})() !== before"
ANSWER = 5_000  # ms: the server's answer to a press (none by then: dead)


def said(page: Any) -> str:
    """What a press can change (:data:`SAID`), as the screen has it now."""
    return str(page.evaluate(SAID))


def changed(page: Any, before: str, timeout: int = ANSWER, test: str = CHANGED) -> bool:
    """Wait until the screen no longer has ``before`` (:func:`said`, or
    with ``test`` :data:`SCROLLED`, what :data:`ON_SCREEN` read): True, or
    False after ``timeout`` ms. (It waited 400 ms, then 1.5 s more for a
    slow answer, on the clock, and at load 18 called Home's Rules dead: now
    the wait ends when the answer shows, so a longer bound costs a passing
    run nothing.)"""
    try:
        page.wait_for_function(test, arg=before, polling=50, timeout=timeout)
    except Exception:  # noqa: BLE001 - Playwright's TimeoutError: no change
        return False
    return True


def steady(page: Any, timeout: float = 3.0) -> None:
    """Wait until the screen stops changing (drawn the same twice, 150 ms
    apart): a page still drawing, sliding or scrolling is neither pressed
    nor read. One that keeps moving (an animation) is taken as it is after
    ``timeout`` seconds. (Looks in turn from here: Playwright's polling may
    run two looks of an async predicate at once, on the same frame.)"""
    deadline = time.monotonic() + timeout
    last = page.evaluate(DRAWN)
    while time.monotonic() < deadline:
        page.wait_for_timeout(150)
        now = page.evaluate(DRAWN)
        if now == last:
            return
        last = now


def press(page: Any, target: Any) -> bool:
    """Tap ``target`` and wait for the server's answer, drawn to the end:
    whether the screen changed within :data:`ANSWER` ms (a slow answer is
    not a dead control)."""
    before = said(page)
    target.click()
    if not changed(page, before):
        return False
    steady(page)
    return True


def fingerprint(page: Any) -> str:
    return str(page.url) + "\n" + str(page.evaluate(FINGERPRINT))


def _control(page: Any, role: str, name: str) -> Any:
    return page.get_by_role(role, name=name, exact=True).first


def _to_top(page: Any) -> None:
    size = page.viewport_size
    page.mouse.move(size["width"] / 2, size["height"] / 2)
    page.mouse.wheel(0, -8000)
    steady(page)


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
        if not _seek(page, target):
            continue  # gone after an earlier press: skip
        try:
            reveal(page, target)
        except Exception:  # noqa: BLE001 - gone after an earlier press: skip
            continue
        alive = press(page, target)
        where = f"{path} → {name!r}"
        found.pressed.append(where)
        if grey_share(page.screenshot()) >= 0.02:
            found.errors.append(where)
        if not alive:
            found.dead.append(where)
            continue
        if not page.url.endswith(path):
            found.reached.append(page.url.removeprefix(base))
            check_screen(page, f"{where} (screen)", found)
            page.go_back()
            try:
                page.wait_for_url(lambda url: url.endswith(path), timeout=ANSWER)
            except Exception:  # noqa: BLE001 - Playwright's TimeoutError
                found.no_way_back.append(f"{where}: at {page.url}")
                continue
            steady(page)
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
        # the bottom when nothing moved in 400 ms; else read once still
        if changed(page, seen, 400, SCROLLED):
            steady(page)
        now = page.evaluate(ON_SCREEN)
        if now == seen:  # the bottom: the wheel moved nothing
            return
        seen = now
        check_here(page, f"{path} (scrolled {turn})", found)


def _seek(page: Any, target: Any) -> bool:
    """Whether ``target`` is on the screen: what a press added above it
    (advice, at 200 % text a screen's height) can push it out of Flutter's
    tree, so look from the top down, a wheel turn at a time, as a person
    would. The screen is still (:func:`steady`): what is not found is gone,
    not late. (Waiting 20 s for it first, as :func:`.table.reveal` does
    for a screen still coming, cost the pressing crawl a minute a run.)"""
    if target.count():
        return True
    _to_top(page)
    size = page.viewport_size
    for _turn in range(12):
        if target.count():
            return True
        page.mouse.move(size["width"] / 2, size["height"] / 2)
        page.mouse.wheel(0, 400)
        steady(page)
    return bool(target.count())


def _scroll_to(page: Any, target: Any) -> Any:
    """``target``, scrolled into view (:func:`_seek`)."""
    _seek(page, target)
    reveal(page, target)
    return target


def _put_back(page: Any, role: str, name: str, lexicon: Words) -> None:
    """Undo what a press changed on the same screen, where a person can."""
    if role in ("switch", "checkbox"):
        press(page, _scroll_to(page, _control(page, role, name)))
        return
    again = lexicon.undo.get(name)
    if again and _control(page, "button", again).count():
        press(page, _control(page, "button", again))
        return
    for cancel in lexicon.cancels:
        button = _control(page, "button", cancel)
        if button.count():
            press(page, button)
            return
