"""Colours and sizes shared by every screen: one accent for "your turn /
leader", red only for busts and problems, big numerals for arm's length.

Four looks, chosen per device: light or dark, each also in high contrast
(every text at WCAG AAA, 7:1 against its background). Why the accent and the
red are colour-scheme slots, not hex values: a screen names ``ACCENT`` once
and the browser draws it in the look the person chose, with no re-render.
They live in slots no Material control of ours draws with (``tertiary`` and
``error_container``), pinned to the same teal and red as always in the
normal looks, so nothing else (the board's ``primary``, a field's ``error``)
changes colour. Text drawn on the accent uses ``ON_ACCENT``.
"""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from .per_page import PerPage

TEAL = "#1F7A8C"  # the normal looks' accent
RED = "#C62828"  # the normal looks' red
ACCENT = ft.Colors.TERTIARY  # teal: your turn, leader, primary actions
ON_ACCENT = ft.Colors.ON_TERTIARY  # text on the accent (and on the red)
DANGER = ft.Colors.ERROR_CONTAINER  # red: busts and problems only
SEED = TEAL
HIGH_CONTRAST = 7.0  # WCAG AAA for normal text
TITLE_SIZE = 34
BIG_NUMBER = 28
TAP = 48  # minimum touch target, px
FONT = "DejaVu Sans"  # i18n: a name
# Chinese, Japanese, Korean names offline
FALLBACK = "Droid Sans Fallback"  # i18n: a name
# Noto Color Emoji (COLRv1) in the 11 parts Google Fonts splits it into, each
# registered as a family: names like "🦄 Zoë" draw in colour with no network.
EMOJI_PARTS = 11
EMOJI = [f"Noto Color Emoji {n}" for n in range(EMOJI_PARTS)]  # i18n: a name
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
FONT_BOLD = "DejaVu Sans Bold"  # i18n: a name
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


@dataclass(frozen=True)
class Look:
    """What a person chose for this device: dark or light, high contrast
    or not."""

    dark: bool = False
    high: bool = False

    @property
    def key(self) -> str:
        return ("dark" if self.dark else "light") + (" high" if self.high else "")


# The colour scheme of each look. Normal looks: Material's scheme from the
# seed, with the accent and the red pinned. High contrast: every slot a text
# or its background can take, chosen so each text/background pair reaches
# 7:1 (tests/test_theme_contrast.py computes them).
NORMAL = {"tertiary": TEAL, "on_tertiary": "#FFFFFF", "error_container": RED}
HIGH_LIGHT = {
    "primary": "#004450",
    "on_primary": "#FFFFFF",
    "primary_container": "#D9EEF2",
    "on_primary_container": "#000000",
    "secondary": "#004450",
    "on_secondary": "#FFFFFF",
    "secondary_container": "#D9EEF2",
    "on_secondary_container": "#000000",
    "tertiary": "#004450",
    "on_tertiary": "#FFFFFF",
    "tertiary_container": "#D9EEF2",
    "on_tertiary_container": "#000000",
    "error": "#8B0000",
    "on_error": "#FFFFFF",
    "error_container": "#8B0000",
    "on_error_container": "#FFFFFF",
    "surface": "#FFFFFF",
    "on_surface": "#000000",
    "on_surface_variant": "#1A1A1A",
    "surface_container_lowest": "#FFFFFF",
    "surface_container_low": "#F5F5F5",
    "surface_container": "#F2F2F2",
    "surface_container_high": "#EDEDED",
    "surface_container_highest": "#E6E6E6",
    "outline": "#000000",
    "outline_variant": "#595959",
    "inverse_surface": "#000000",
    "on_inverse_surface": "#FFFFFF",
    "inverse_primary": "#8AE6F2",
    "surface_tint": "#FFFFFF",
}
HIGH_DARK = {
    "primary": "#8AE6F2",
    "on_primary": "#000000",
    "primary_container": "#0F2A2E",
    "on_primary_container": "#FFFFFF",
    "secondary": "#8AE6F2",
    "on_secondary": "#000000",
    "secondary_container": "#0F2A2E",
    "on_secondary_container": "#FFFFFF",
    "tertiary": "#8AE6F2",
    "on_tertiary": "#000000",
    "tertiary_container": "#0F2A2E",
    "on_tertiary_container": "#FFFFFF",
    "error": "#FFA8A8",
    "on_error": "#000000",
    "error_container": "#FFA8A8",
    "on_error_container": "#000000",
    "surface": "#000000",
    "on_surface": "#FFFFFF",
    "on_surface_variant": "#EBEBEB",
    "surface_container_lowest": "#000000",
    "surface_container_low": "#0D0D0D",
    "surface_container": "#141414",
    "surface_container_high": "#1A1A1A",
    "surface_container_highest": "#1F1F1F",
    "outline": "#FFFFFF",
    "outline_variant": "#A6A6A6",
    "inverse_surface": "#FFFFFF",
    "on_inverse_surface": "#000000",
    "inverse_primary": "#004450",
    "surface_tint": "#000000",
}
# Texts and the backgrounds they are drawn on, per slot: checked at 7:1.
TEXT_PAIRS = [
    (ink, bg)
    for bg in (
        "surface",
        "surface_container_lowest",
        "surface_container_low",
        "surface_container",
        "surface_container_high",
        "surface_container_highest",
    )
    for ink in (
        "on_surface",
        "on_surface_variant",
        "primary",
        "secondary",
        "tertiary",
        "error",
        "error_container",
        "outline",
    )
] + [
    ("on_primary", "primary"),
    ("on_secondary", "secondary"),
    ("on_tertiary", "tertiary"),
    ("on_tertiary", "error_container"),
    ("on_error", "error"),
    ("on_primary_container", "primary_container"),
    ("on_secondary_container", "secondary_container"),
    ("on_tertiary_container", "tertiary_container"),
    ("on_surface", "primary_container"),
    ("primary", "primary_container"),
    ("primary", "secondary_container"),
    ("on_inverse_surface", "inverse_surface"),
]


def scheme_colours(look: Look) -> dict[str, str]:
    if not look.high:
        return dict(NORMAL)
    return dict(HIGH_DARK if look.dark else HIGH_LIGHT)


def luminance(colour: str) -> float:
    """WCAG relative luminance of "#RRGGBB"."""

    def chan(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * chan(r) + 0.7152 * chan(g) + 0.0722 * chan(b)


def contrast_ratio(a: str, b: str) -> float:
    """WCAG contrast ratio of two "#RRGGBB" colours (1 to 21)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def strong_face(bg: str) -> tuple[str, str]:
    """A coloured face for high contrast: black ink where it reaches 7:1,
    else the colour deepened (same hue) until white ink does."""
    if contrast_ratio(bg, "#000000") >= HIGH_CONTRAST:
        return bg, "#000000"
    rgb = [int(bg[i : i + 2], 16) for i in (1, 3, 5)]
    deep = bg
    while contrast_ratio(deep, "#FFFFFF") < HIGH_CONTRAST:
        rgb = [int(c * 0.9) for c in rgb]
        deep = "#{:02X}{:02X}{:02X}".format(*rgb)
    return deep, "#FFFFFF"


_looks: PerPage[Look | None] = PerPage()


def use_look(page: ft.Page, look: Look) -> None:
    """Draw ``page`` in ``look`` (the root calls it when the choice
    changes): both themes, so the mode switch needs nothing more."""
    _looks.set(page, look)
    page.theme = _theme(Look(False, look.high))
    page.dark_theme = _theme(Look(True, look.high))
    page.theme_mode = ft.ThemeMode.DARK if look.dark else ft.ThemeMode.LIGHT


def high_contrast() -> bool:
    """Whether this session's page is in high contrast (parts with colours
    of their own, the card faces, deepen them)."""
    try:
        page = ft.context.page
    except RuntimeError:  # outside a session (a test)
        return False
    look = _looks.get(page, None)
    return look is not None and look.high


def apply_theme(page: ft.Page) -> None:
    page.title = "Flip 7 Companion"  # i18n: a name (the app's, in every language)
    # Bundled so the page renders offline: Flutter's own fallback fonts come
    # from a CDN (with no_cdn, from assets/fonts/noto*, which the server lacks),
    # and Roboto lacks arrows (the score chain), emoji and many scripts.
    page.fonts = page_fonts(page)
    use_look(page, Look())
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
    if page.pyodide:
        # The phone app's FontManifest.json lists the app's own fonts but
        # not the fallbacks (companion/publish/folder.py): 6 MB that only
        # CJK names and emoji need, loaded after the first frame.
        return {family: FONT_FILES[family] for family in FALLBACKS}
    return dict(FONT_FILES)


def _theme(look: Look) -> ft.Theme:
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
        color_scheme=ft.ColorScheme(**scheme_colours(look)),
        font_family=FONT,
        text_theme=texts,
        primary_text_theme=texts,
    )
