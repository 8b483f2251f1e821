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
# Noto Color Emoji (COLRv1) in the 11 parts Google Fonts splits it into, each
# registered as a family: names like "🦄 Zoë" draw in colour with no network.
EMOJI_PARTS = 11
EMOJI = [f"Noto Color Emoji {n}" for n in range(EMOJI_PARTS)]
FALLBACKS = [FALLBACK, *EMOJI]
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
# Every bundled font: family -> file under assets/. The web server also lists
# them in assets/assets/FontManifest.json (tools/make_web_shell.py) so the
# browser has them before the first frame; a glyph missing at that moment
# makes Flutter fetch a Noto font the offline server does not have.
FONT_FILES = {
    FONT: "fonts/DejaVuSans.ttf",
    FONT_BOLD: "fonts/DejaVuSans-Bold.ttf",
    FALLBACK: "fonts/DroidSansFallbackFull.ttf",
    **{
        family: f"fonts/emoji/NotoColorEmoji-{n}.woff2"
        for n, family in enumerate(EMOJI)
    },
}


def apply_theme(page: ft.Page) -> None:
    page.title = "Flip 7 Companion"
    # Bundled so the page renders offline: Flutter's own fallback fonts come
    # from a CDN (with no_cdn, from assets/fonts/noto*, which the server lacks),
    # and Roboto lacks arrows (the score chain), emoji and many scripts.
    page.fonts = page_fonts(page)
    page.theme = _theme()
    page.dark_theme = _theme()
    page.theme_mode = ft.ThemeMode.LIGHT
    # No cross-fade between themes: while Flutter blends two themes, text is
    # drawn with the old theme's fonts (without our fallbacks) and it asks
    # the server for the Noto fonts Flutter would download instead.
    page.theme_animation_style = ft.AnimationStyle.no_animation()
    page.padding = 0


def page_fonts(page: ft.Page) -> dict[str, str]:
    """Fonts the page must load itself. Served by `companion` (web, not
    Pyodide), the browser already has them from FontManifest.json before the
    first frame; loading them again would register each font twice."""
    if page.web and not page.pyodide:
        return {}
    return dict(FONT_FILES)


def _theme() -> ft.Theme:
    """The app's theme: every text style falls back to the CJK and emoji fonts.

    A text theme without a colour made Flutter draw black text on the dark
    theme's near-black: every style names the scheme's on-surface colour,
    which controls with a colour of their own (buttons, chips) still override.
    """
    style = ft.TextStyle(
        font_family=FONT,
        font_family_fallback=list(FALLBACKS),
        color=ft.Colors.ON_SURFACE,
    )
    texts = ft.TextTheme(**{name: style for name in TEXT_STYLES})
    return ft.Theme(
        color_scheme_seed=SEED,
        font_family=FONT,
        text_theme=texts,
        primary_text_theme=texts,
    )
