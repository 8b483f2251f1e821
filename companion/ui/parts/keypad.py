"""The card keypad of the round entry: one key per card that can lie in a
line (numbers 0–13, Unlucky 7 and Lucky 13 as their own keys, ÷2, −2…−10),
each showing how many copies are left on the table.

Each key is a memoised component: a tap changes the count of one key, so only
that key is built and diffed again, not all 22 (they were most of the work of
a tap on the server). That holds while ``on_key`` compares equal from one
render to the next: pass a :class:`CardTo`, not a fresh lambda."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import flet as ft

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

    def __call__(self, code: str) -> None:
        self.add(self.player, code)


@ft.component
def _Key(
    code: str, left: int, scale: float, on_key: Callable[[str], None]
) -> ft.Control:
    return card_face(
        code,
        scale=scale,
        caption=f"{left} left",
        on_click=lambda: on_key(code),
        dim=left <= 0,  # still tappable: the entry says why it is refused
    )


_key = ft.memo(_Key)  # type: ignore[no-untyped-call]  # untyped in Flet 1.0.5


def keypad(
    left: Mapping[str, int], on_key: Callable[[str], None], *, scale: float = 0.8
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
