"""The card keypad of the round entry: one key per card that can lie in a
line (numbers 0–13, Unlucky 7 and Lucky 13 as their own keys, ÷2, −2…−10),
each showing how many copies are left on the table.

Each key is kept between renders (:mod:`companion.ui.kept`): a tap changes
the count of one key, so only that key is built and diffed again, not all 22
(they were most of the work of a tap on the server). That holds while
``on_key`` compares equal from one render to the next: pass a
:class:`CardTo`, not a fresh lambda."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.i18n import ngettext, pgettext
from companion.ui.haptics import tapped
from companion.ui.kept import kept
from companion.ui.widgets import awaiting

from .cardlook import card_face

KEY_ROWS: tuple[tuple[str, ...], ...] = (
    ("0", "1", "2", "3", "4", "5", "6"),
    ("7", "7U", "8", "9", "10", "11", "12"),
    ("13", "13L", "/2", "-2", "-4", "-6", "-8", "-10"),
)


@dataclass(frozen=True, slots=True)
class CardTo:
    """``add(player, code)`` for one player, equal while both stay the same."""

    add: Callable[[str, str], Any]
    player: str

    def __call__(self, code: str) -> object:
        return self.add(self.player, code)  # a coroutine: the key awaits it


def caption(left: int) -> str:
    """A key's copies left: "1 left" / "2 left", "2 rimaste", "2 maradt"."""
    return ngettext("{n} left", "{n} left", left).format(n=left)


def short_caption(left: int) -> str:
    """The same, as drawn on the key, which is 45 px wide: a translation may
    shorten it ("12 rimaste" did not fit; "12 rim." does)."""
    return pgettext("key", "{n} left").format(n=left)


def _key(
    code: str, left: int, scale: float, on_key: Callable[[str], object]
) -> ft.Control:
    return kept(
        f"key:{code}",
        (code, left, scale, on_key),
        lambda: card_face(
            code,
            scale=scale,
            caption=caption(left),
            shown=short_caption(left),
            on_click=awaiting(lambda: tapped(on_key, code)),
            dim=left <= 0,  # still tappable: the entry says why it is refused
        ),
    )


def keypad(
    left: Mapping[str, int], on_key: Callable[[str], object], *, scale: float = 0.8
) -> ft.Control:
    """Keys wrap to the screen width; a key with no copy left is dimmed."""
    return ft.Row(
        [
            _key(code, left.get(code, 0), scale, on_key)
            for row in KEY_ROWS
            for code in row
        ],
        wrap=True,
        spacing=6,
        run_spacing=6,
        alignment=ft.MainAxisAlignment.CENTER,
    )
