"""The stats bar chart's names under the bars, fitted to each bar's room
(drawn without a browser): "Computer 1" was cut to "Compute…" on a phone
with room to spare, by a fixed limit of eight letters."""

from __future__ import annotations

from companion.ui.parts.charts import bar_label
from companion.ui.parts.wide_table import text_width


def test_a_name_that_fits_its_bar_is_whole() -> None:
    assert bar_label("Computer 1", 75) == "Computer 1"
    assert bar_label("Ann", 40) == "Ann"


def test_a_longer_name_is_cut_to_its_bar_with_an_ellipsis() -> None:
    label = bar_label("Bartholomew the Great", 75)
    assert label.endswith("…") and "Bartholomew the Great".startswith(label[:-1])
    assert text_width(label, 12) <= 75
    assert len(label) >= 4  # not cut shorter than it needs


def test_at_least_two_letters_where_there_is_no_room() -> None:
    assert bar_label("Bartholomew", 5) == "B…"
