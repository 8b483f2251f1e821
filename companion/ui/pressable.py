"""A Tab stop for a tappable box that has no focus of its own.

Card keys and icon actions are boxes with ``ink=False`` (no ripple: at a
live table every frame of one costs every phone, issue 11) inside a named
semantics node. Without the InkWell nothing focuses them, so a keyboard or
switch user could not reach them. ``KeyboardListener`` gives the named node
a focus in the reading order that Enter or Space presses (checked by
tests/browser/test_focus_order.py).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import partial

import flet as ft

# Flutter's names of the keys that press a focused button.
PRESS = frozenset({"Enter", " ", "Space", "Numpad Enter", "Select"})  # i18n: not shown


def pressable(face: ft.Control, on_click: Callable[[], object]) -> ft.Control:
    return ft.KeyboardListener(content=face, on_key_down=partial(_pressed, on_click))


async def _pressed(on_click: Callable[[], object], e: ft.KeyDownEvent) -> None:
    if e.key in PRESS:
        result = on_click()
        if inspect.isawaitable(result):  # an async intent: awaited here
            await result
