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
FONT_BOLD = "DejaVu Sans Bold"


def apply_theme(page: ft.Page) -> None:
    page.title = "Flip 7 Companion"
    # Bundled so the page renders offline: Flutter's own fallback fonts come
    # from a CDN, and Roboto lacks arrows (the score chain) and many scripts.
    page.fonts = {FONT: "fonts/DejaVuSans.ttf", FONT_BOLD: "fonts/DejaVuSans-Bold.ttf"}
    page.theme = ft.Theme(color_scheme_seed=SEED, font_family=FONT)
    page.dark_theme = ft.Theme(color_scheme_seed=SEED, font_family=FONT)
    page.theme_mode = ft.ThemeMode.LIGHT
    page.padding = 0
