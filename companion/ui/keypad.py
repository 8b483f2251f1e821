"""The card keypad of the round entry: one key per card that can lie in a
line (numbers 0–13, Unlucky 7 and Lucky 13 as their own keys, ÷2, −2…−10),
each showing how many copies are left on the table."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import flet as ft

from .cardlook import card_face

KEY_ROWS: tuple[tuple[str, ...], ...] = (
    ("0", "1", "2", "3", "4", "5", "6"),
    ("7", "7U", "8", "9", "10", "11", "12"),
    ("13", "13L", "/2", "-2", "-4", "-6", "-8", "-10"),
)


def keypad(
    left: Mapping[str, int], on_key: Callable[[str], None], *, scale: float = 0.8
) -> ft.Control:
    """Keys wrap to the screen width; a key with no copy left is dimmed."""

    def key(code: str) -> ft.Control:
        n = left.get(code, 0)
        return card_face(
            code,
            scale=scale,
            caption=f"{n} left",
            on_click=lambda: on_key(code),
            dim=n <= 0,  # still tappable: the entry says why it is refused
        )

    return ft.Row(
        [key(code) for row in KEY_ROWS for code in row],
        wrap=True,
        spacing=6,
        run_spacing=6,
        alignment=ft.MainAxisAlignment.CENTER,
    )
