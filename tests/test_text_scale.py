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


def _texts(control: object) -> list[object]:
    """Every ft.Text inside ``control`` (content / controls, depth first)."""
    import flet as ft

    found: list[object] = []
    if isinstance(control, ft.Text):
        found.append(control)
    for child in [getattr(control, "content", None)] + list(
        getattr(control, "controls", None) or []
    ):
        if child is not None:
            found += _texts(child)
    return found


@pytest.fixture
def double_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """200 % text: every size measured on the server follows it."""
    from companion.ui.parts import score_table, wide_table

    for module in (wide_table, cardlook, charts, score_table):
        monkeypatch.setattr(module, "text_scale", lambda: 2.0)


@pytest.mark.usefixtures("double_text")
def test_at_double_text_every_word_on_a_key_fits_the_key() -> None:
    """ "Unluck" and "10 left" were cut on the keypad at 200 % text."""
    from companion.ui.parts.keypad import KEY_ROWS, caption, short_caption
    from companion.ui.parts.wide_table import text_width

    for code in (c for row in KEY_ROWS for c in row):
        key = cardlook.card_face(
            code, scale=0.7, caption=caption(12), shown=short_caption(12)
        )
        box_width = round(56 * cardlook._grown(0.7)[0]) - 8
        for text in _texts(key):
            for word in (text.value or "").split("\n"):  # type: ignore[attr-defined]
                size = text.size  # type: ignore[attr-defined]
                bold = text.weight is not None  # type: ignore[attr-defined]
                assert text_width(word, size, bold) <= box_width + 1, (code, word)


@pytest.mark.usefixtures("double_text")
def test_at_double_text_a_title_wraps_between_words_only() -> None:
    """ "Companio/n" on Home at 200 % text: the title shrinks until its
    longest word fits the line."""
    from companion.ui.parts.wide_table import fitting_size, text_width

    width = 390 - 32 - 72  # a phone, less the page's padding and the icon
    size = fitting_size("Flip 7 Companion", 26, width, bold=True)
    assert size < 26 and text_width("Companion", size, True) <= width


@pytest.mark.usefixtures("double_text")
def test_at_double_text_the_round_labels_do_not_run_together(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "StartR1" under the running totals at 200 % text on a phone."""
    from companion.ui.parts.wide_table import text_width

    monkeypatch.setattr(charts, "room", lambda: 390 - 32)
    for rounds in (4, 9, 20):
        step = charts._step(rounds, charts.round_labels(rounds))
        shown = rounds // step + 1
        width_each = (390 - 32 - 12 - 88) / (rounds + 1) * step
        assert text_width("Start", 12) < width_each, (rounds, shown)


@pytest.mark.usefixtures("double_text")
def test_at_double_text_the_round_column_is_as_wide_as_its_label() -> None:
    """The sheet's Round column was scaled twice at 200 % text (222 px)."""
    from companion.ui.parts.score_table import layout
    from companion.ui.parts.wide_table import PAD, text_width

    shape = layout(["Ann", "Bob"], [["5"], ["6"]], [5, 6], [False, True], 358)
    label = max(text_width("Round", 14, True), text_width("Total", 14, True))
    assert shape.first <= max(64 * 2, label + PAD) + 1


@pytest.mark.usefixtures("double_text")
def test_at_double_text_the_score_axis_ends_on_a_labelled_step() -> None:
    """ "220" drawn over "200": the axis's ends are multiples of its step."""
    for low, high in ((0, 200), (-45, 230), (0, 1234)):
        bottom, top = charts.score_range(low, high, 280)
        step = charts.axis_step(top - bottom, 280)
        assert top >= high and bottom <= min(low, 0)
        assert top % step == 0 and bottom % step == 0, (low, high, step)
