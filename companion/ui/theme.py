"""Colours and sizes shared by every screen: one accent for "your turn /
leader", red only for busts and problems, big numerals for arm's length."""

from __future__ import annotations

import flet as ft

ACCENT = "#1F7A8C"  # teal: your turn, leader, primary actions
DANGER = "#C62828"  # red: busts and problems only
SEED = ACCENT
TITLE_SIZE = 34
BIG_NUMBER = 28
TAP = 48  # minimum touch target, px
FONT = "DejaVu Sans"
FALLBACK = "Droid Sans Fallback"  # Chinese, Japanese, Korean names offline
TEXT_STYLES = [
    "display_large",
    "display_medium",
    "display_small",
    "headline_large",
    "headline_medium",
    "headline_small",
    "title_large",
    "title_medium",
    "title_small",
    "body_large",
    "body_medium",
    "body_small",
    "label_large",
    "label_medium",
    "label_small",
]
FONT_BOLD = "DejaVu Sans Bold"


def apply_theme(page: ft.Page) -> None:
    page.title = "Flip 7 Companion"
    # Bundled so the page renders offline: Flutter's own fallback fonts come
    # from a CDN, and Roboto lacks arrows (the score chain) and many scripts.
    page.fonts = {
        FONT: "fonts/DejaVuSans.ttf",
        FONT_BOLD: "fonts/DejaVuSans-Bold.ttf",
        FALLBACK: "fonts/DroidSansFallbackFull.ttf",
    }
    page.theme = _theme()
    page.dark_theme = _theme()
    page.theme_mode = ft.ThemeMode.LIGHT
    page.padding = 0


def _theme() -> ft.Theme:
    """The app's theme: every text style falls back to the CJK font.

    A text theme without a colour made Flutter draw black text on the dark
    theme's near-black: every style names the scheme's on-surface colour,
    which controls with a colour of their own (buttons, chips) still override.
    """
    style = ft.TextStyle(
        font_family=FONT,
        font_family_fallback=[FALLBACK],
        color=ft.Colors.ON_SURFACE,
    )
    texts = ft.TextTheme(**{name: style for name in TEXT_STYLES})
    return ft.Theme(
        color_scheme_seed=SEED,
        font_family=FONT,
        text_theme=texts,
        primary_text_theme=texts,
    )
