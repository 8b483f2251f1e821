"""Text contrast measured on a screenshot, as a person sees it.

For every text the semantics tree exposes (its bounding box), the most
common colour in the box is the background and the pixel that differs most
from it in luminance is the ink; their WCAG contrast ratio must reach 4.5:1
(3:1 for large text, 24 px and taller boxes); in the high-contrast looks
every text must reach 7:1 (``least``). Taking the strongest pixel is
generous to anti-aliasing, so a failure here is a text people cannot read.
"""

from __future__ import annotations

import functools
import io
from dataclasses import dataclass
from typing import Any, cast

from PIL import Image

LEAF_TEXTS = """() => {
  const own = el => (el.getAttribute('aria-label') || '') ||
    Array.from(el.childNodes)
      .filter(n => n.nodeType === 3 || n.nodeName === 'SPAN')
      .map(n => n.textContent).join('').trim();
  const found = [];
  for (const el of document.querySelectorAll('flt-semantics')) {
    const role = el.getAttribute('role') || '';
    if (role === 'img' || role === 'textbox' || !own(el).trim()) continue;
    // Inactive controls (WCAG 1.4.3 exempts them): a button that cannot be
    // tapped, a card key with no copy left (drawn dimmed on purpose).
    if (role === 'button' && !el.hasAttribute('flt-tappable')) continue;
    if (/, 0 left$/.test(own(el))) continue;
    found.push(el);
  }
  const out = [];
  for (const el of found) {
    if (found.some(o => o !== el && el.contains(o))) continue;  // leaves only
    const span = Array.from(el.children).find(c => c.nodeName === 'SPAN');
    const r = (span || el).getBoundingClientRect();
    // Partly scrolled out of its list (under a bottom bar, say): not
    // measured. Flutter's scrollable nodes carry an inline scrollbar-width
    // and keep overflow visible; a text touching their edge is cut by it.
    let clipped = false;
    for (let a = el.parentElement; a; a = a.parentElement) {
      if (!(a.getAttribute('style') || '').includes('scrollbar-width')) continue;
      const c = a.getBoundingClientRect();
      if (r.top < c.top + 2 || r.bottom > c.bottom - 2) { clipped = true; break; }
    }
    if (clipped) continue;
    if (r.width < 6 || r.height < 6) continue;
    if (r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth)
      continue;
    out.push({text: own(el).trim(), x: r.left, y: r.top, w: r.width, h: r.height});
  }
  return out;
}"""


@functools.cache  # a few thousand colours on every screen of a crawl
def _lum(rgb: tuple[int, int, int]) -> float:
    def chan(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = rgb
    return 0.2126 * chan(r) + 0.7152 * chan(g) + 0.0722 * chan(b)


def ratio(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    la, lb = sorted((_lum(a), _lum(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@dataclass(frozen=True)
class Reading:
    text: str
    ratio: float
    needed: float
    background: tuple[int, int, int]
    ink: tuple[int, int, int]

    def __str__(self) -> str:
        return (
            f"{self.text[:40]!r}: {self.ratio:.2f}:1 < {self.needed}:1 "
            f"(ink {self.ink} on {self.background})"
        )


def readings(page: Any, least: float | None = None) -> list[Reading]:
    """Every visible text's contrast on the current screen; ``least``: the
    ratio every text needs, whatever its size."""
    png = page.screenshot()
    image = Image.open(io.BytesIO(png)).convert("RGB")
    out: list[Reading] = []
    for box in page.evaluate(LEAF_TEXTS):
        needed = least or (3.0 if box["h"] >= 24 else 4.5)
        found = [_reading(image, box, needed, dy) for dy in SHIFTS]
        shown = [r for r in found if r is not None]
        if shown:
            out.append(max(shown, key=lambda r: r.ratio))
    return out


# Flutter web places a markdown table cell's text box where the text would
# sit if it were not centred in a tall row (the Italian rules' first row has
# four lines beside one): the box then holds the cell's border and no ink.
# A box is also read half its height above and below; the best reading
# counts, so a text drawn beside its box is measured where it is drawn.
SHIFTS = (0.0, -0.5, 0.5)


def _reading(
    image: Image.Image, box: dict[str, Any], needed: float, dy: float
) -> Reading | None:
    top = box["y"] + dy * box["h"]
    x0, y0 = max(0, int(box["x"])), max(0, int(top))
    x1 = min(image.width, int(box["x"] + box["w"]))
    y1 = min(image.height, int(top + box["h"]))
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    crop = image.crop((x0, y0, x1, y1))
    # Read colour by colour (Pillow counts them), not pixel by pixel in
    # Python: a crawl reads thousands of boxes (CI's time, issue 22). A tie
    # goes to the colour met first, row by row, as when every pixel was read.
    counts = cast(
        list[tuple[int, tuple[int, int, int]]], crop.getcolors(crop.width * crop.height)
    )
    most = max(n for n, _ in counts)
    background = _first(crop, [p for n, p in counts if n == most])
    lb = _lum(background)
    far = max(abs(_lum(p) - lb) for _, p in counts)
    ink = _first(crop, [p for _, p in counts if abs(_lum(p) - lb) == far])
    if ink == background:
        return None  # nothing drawn in the box: it does not match the drawing
    return Reading(box["text"], ratio(background, ink), needed, background, ink)


def _first(
    image: Image.Image, colours: list[tuple[int, int, int]]
) -> tuple[int, int, int]:
    """Of ``colours``, the one met first reading ``image`` row by row."""
    if len(colours) == 1:
        return colours[0]
    wanted = set(colours)
    return next(p for p in rgb(image) if p in wanted)


def unreadable(page: Any, least: float | None = None) -> list[Reading]:
    """Texts below the contrast they need. A screen still repainting (the
    previous screen under the new boxes) is measured again after a moment:
    waiting for the page, not repeating an action."""
    found = [r for r in readings(page, least) if r.ratio < r.needed]
    if found:
        page.wait_for_timeout(1000)
        found = [r for r in readings(page, least) if r.ratio < r.needed]
    return found


def rgb(image: Image.Image) -> list[tuple[int, int, int]]:
    """The pixels of an RGB image, row by row."""
    return cast(list[tuple[int, int, int]], list(image.get_flattened_data()))
