"""The look's controls: "Dark theme"/"Light theme" and the "High contrast"
switch, on Home and (the switch) on a guest's "This phone"."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import _

from .widgets import flat, switch_row


def contrast_switch(
    high: bool, on_contrast: Callable[[], None] | None
) -> list[ft.Control]:
    """The switch, or nothing where the screen cannot change the look."""
    if on_contrast is None:
        return []
    return [
        switch_row(
            _("High contrast"),
            high,
            lambda _on: on_contrast(),
            _("Black or white behind every text, for sunlight or weak eyes."),
        )
    ]


def theme_controls(
    dark: bool,
    on_theme: Callable[[], None] | None,
    high: bool,
    on_contrast: Callable[[], None] | None,
) -> list[ft.Control]:
    """Home's: the dark/light button, then the high-contrast switch."""
    if on_theme is None:
        return contrast_switch(high, on_contrast)
    return [
        flat(
            _("Light theme") if dark else _("Dark theme"),
            on_theme,
            ft.Icons.LIGHT_MODE if dark else ft.Icons.DARK_MODE,
        ),
        *contrast_switch(high, on_contrast),
    ]
