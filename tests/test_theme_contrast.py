"""The high-contrast looks: every text colour of their schemes reaches WCAG
AAA (7:1) against every background it is drawn on, computed with the WCAG
formula; the normal looks keep the accent and the red they always had; the
card faces in high contrast reach 7:1 too."""

from __future__ import annotations

import pytest

from companion.ui.parts.cardlook import (
    ACTION_BG,
    ACTION_FG,
    HALVE_FG,
    MODIFIER_BG,
    MODIFIER_FG_STRONG,
    NUMBER_COLOURS,
)
from companion.ui.theme import (
    HIGH_CONTRAST,
    NORMAL,
    RED,
    TEAL,
    TEXT_PAIRS,
    Look,
    contrast_ratio,
    scheme_colours,
    strong_face,
)


def test_the_wcag_formula() -> None:
    assert contrast_ratio("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert contrast_ratio("#FFFFFF", "#FFFFFF") == pytest.approx(1.0)
    # WCAG's own example pair: #767676 on white is the lightest grey at 4.5:1
    assert contrast_ratio("#767676", "#FFFFFF") == pytest.approx(4.54, abs=0.01)
    assert contrast_ratio("#1F7A8C", "#FFFFFF") == pytest.approx(4.98, abs=0.01)


@pytest.mark.parametrize("dark", [False, True])
def test_every_text_pair_of_high_contrast_reaches_7_to_1(dark: bool) -> None:
    colours = scheme_colours(Look(dark=dark, high=True))
    low = [
        f"{ink} on {bg}: {contrast_ratio(colours[ink], colours[bg]):.2f}"
        for ink, bg in TEXT_PAIRS
        if contrast_ratio(colours[ink], colours[bg]) < HIGH_CONTRAST
    ]
    assert low == []
    assert len(TEXT_PAIRS) > 50


@pytest.mark.parametrize("dark", [False, True])
def test_high_contrast_accent_on_its_own_tint(dark: bool) -> None:
    """The leader's column is tinted with 15 % of the accent behind the
    accent-coloured total."""
    c = scheme_colours(Look(dark=dark, high=True))
    accent, surface = c["tertiary"], c["surface"]
    tint = _mix(accent, surface, 0.15)
    assert contrast_ratio(accent, tint) >= HIGH_CONTRAST
    assert contrast_ratio(c["on_surface"], tint) >= HIGH_CONTRAST


def test_normal_looks_keep_their_colours() -> None:
    for dark in (False, True):
        assert scheme_colours(Look(dark=dark)) == NORMAL
    assert NORMAL["tertiary"] == TEAL and NORMAL["error_container"] == RED


def test_card_faces_in_high_contrast() -> None:
    for value, colour in NUMBER_COLOURS.items():
        bg, ink = strong_face(colour)
        assert contrast_ratio(bg, ink) >= HIGH_CONTRAST, value
    for ink, bg in (
        (MODIFIER_FG_STRONG, MODIFIER_BG),
        (HALVE_FG, MODIFIER_BG),
        (ACTION_FG, ACTION_BG),
    ):
        assert contrast_ratio(ink, bg) >= HIGH_CONTRAST, ink


def test_strong_face_keeps_a_dark_colour_and_deepens_a_light_one() -> None:
    assert strong_face("#263238") == ("#263238", "#FFFFFF")  # already 7:1+
    assert strong_face("#F9A825") == ("#F9A825", "#000000")  # black reads
    bg, ink = strong_face("#EF6C00")  # orange: neither reads, so deepened
    assert ink == "#FFFFFF" and bg != "#EF6C00"


def _mix(colour: str, base: str, share: float) -> str:
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(base[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(
        f"{round(x * share + y * (1 - share)):02X}" for x, y in zip(a, b, strict=True)
    )
