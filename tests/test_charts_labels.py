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


def test_a_late_players_line_is_named_with_her_start() -> None:
    """Issue 37: her line began at 27 halfway along with nothing saying
    why; the legend and the first point's tooltip say she started there."""
    from share_games import late_start_game

    from companion.share.stats import running_totals
    from companion.ui.parts.charts import series_name, start_tip

    by_name = {s.name: s for s in running_totals(late_start_game())}
    assert series_name(by_name["Dee"]) == "Dee (started at 27)"
    assert series_name(by_name["Ann"]) == "Ann"
    assert start_tip(by_name["Dee"]) == "Dee: 27 (start)"
    assert start_tip(by_name["Ann"]) is None
