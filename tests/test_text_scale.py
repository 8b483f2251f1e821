"""Larger text: the pieces sized on the server follow the device's text
scale (companion/ui/textscale.py); outside a session the scale is 1."""

from __future__ import annotations

import pytest

from companion.ui import textscale
from companion.ui.parts import cardlook, charts


def test_outside_a_session_the_scale_is_one() -> None:
    assert textscale.text_scale() == 1.0


@pytest.mark.parametrize(
    ("scale", "grow", "ink"),
    [(1.0, 0.8, 0.8), (2.0, 1.2, 0.6), (1.25, 1.0, 0.8)],
)
def test_a_card_grows_with_text_up_to_half_again(
    monkeypatch: pytest.MonkeyPatch, scale: float, grow: float, ink: float
) -> None:
    monkeypatch.setattr(cardlook, "text_scale", lambda: scale)
    got = cardlook._grown(0.8)
    assert got == pytest.approx((grow, ink))
    # what Flutter draws (ink x scale) never outgrows the card (grow)
    assert got[1] * scale == pytest.approx(got[0])


def test_the_score_axis_leaves_each_label_its_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert charts.axis_step(250, 220) == 50  # 1x: 7 labels fit 220 px
    monkeypatch.setattr(charts, "text_scale", lambda: 2.0)
    step = charts.axis_step(250, 220)
    assert step == 100 and 250 / step <= 220 / (28 * 2)
    assert charts.score_axis(250, 220).label_spacing == 100
