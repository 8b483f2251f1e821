"""Text measured without Pillow (the phone app, under Pyodide) is as wide
as the app draws it: a guess of 0.62 em a character made the stats table's
"Games" column too narrow at 390 px ("Game / s", "100 %" wrapped: issue 37,
bug 4). The font's own advances (companion/ui/parts/advances.py) say it."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.app.views.stats import COLUMNS
from companion.i18n import _, rate, use
from companion.ui.parts import wide_table

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture()
def no_pillow(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Measure as the browser does (the caches remember the other way)."""
    wide_table._font.cache_clear()
    wide_table._advances.cache_clear()
    monkeypatch.setattr(wide_table.runtime, "has_pillow", lambda: False)
    yield
    wide_table._font.cache_clear()
    wide_table._advances.cache_clear()


def _texts() -> list[str]:
    out = []
    for language in ("en", "it", "hu"):
        with use(language):
            out += [_(c) for c in COLUMNS] + [rate(1.0), rate(0.5)]
    return out + ["Computer 1", "Zoë Ünal-Øystein", "−125 ✎", "★ 205", "▸27"]


def test_without_pillow_text_is_as_wide_as_drawn(no_pillow: None) -> None:
    texts = _texts()
    guessed = [wide_table.text_width(t, 14, True) for t in texts]
    wide_table._font.cache_clear()
    wide_table._advances.cache_clear()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(wide_table.runtime, "has_pillow", lambda: True)
        measured = [wide_table.text_width(t, 14, True) for t in texts]
    for text, guess, real in zip(texts, guessed, measured, strict=True):
        assert guess == pytest.approx(real, abs=0.05), text


def test_the_table_is_the_fonts() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_advances
    finally:
        sys.path.remove(str(ROOT / "tools"))
    written = (ROOT / "companion" / "ui" / "parts" / "advances.py").read_text()
    assert written == make_advances.source(), "run tools/make_advances.py"


@pytest.mark.parametrize("language", ["en", "it", "hu"])
def test_the_typed_score_label_fits_its_field_on_one_line(language: str) -> None:
    """Issue 37, bug 6: the Hungarian label wrapped to three lines in its
    48 px field. The label fits on one line, the hint under it in two,
    and the field fits a 390 px phone beside nothing else."""
    from companion.ui.parts.chosen_line import FIELD_PAD, typed_words

    with use(language):
        words = typed_words()
    room = words.width - FIELD_PAD
    assert wide_table.text_width(words.label, 16) <= room, words
    if words.helper is not None:
        assert wide_table.two_line_width(words.helper, 12) <= room, words
    assert words.width <= 390 - wide_table.SCREEN_PAD
