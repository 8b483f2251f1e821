"""Running totals and per-player stats (companion.share.stats), by hand-made
games whose numbers are easy to check."""

from __future__ import annotations

import pytest
from share_games import late_start_game, standard_game, typed_and_roster_game

from companion.rules import Entry, RoundRecord, Rules, Sheet
from companion.share.stats import (
    LateStart,
    late_start,
    name_key,
    one_decimal,
    percent,
    player_stats,
    running_totals,
)

FLIP7 = ("1", "2", "3", "4", "5", "6", "7")  # 28 + 15 = 43


def two_rounds(names: list[str], target: int = 200) -> Sheet:
    sheet = Sheet.new(names, Rules(target=target))
    r1 = (("p1", Entry(FLIP7)), ("p2", Entry(("9",), busted=True)))
    r2 = (("p1", Entry(("10",))), ("p2", Entry(typed=50)))
    sheet = sheet.add_round(RoundRecord("p1", r1))
    return sheet.add_round(RoundRecord("p2", r2))


def test_running_totals_start_at_zero_and_add_each_round() -> None:
    series = running_totals(two_rounds(["Ann", "Bob"]))
    assert [(s.name, s.totals) for s in series] == [
        ("Ann", (0, 43, 53)),
        ("Bob", (0, 0, 50)),
    ]


def test_running_totals_of_late_and_removed_players_line_up() -> None:
    sheet = typed_and_roster_game()
    series = {s.name: s for s in running_totals(sheet)}
    assert all(len(s.totals) == len(sheet.rounds) + 1 for s in series.values())
    assert series["Dee"].totals == (0, 0, -3)  # joined at the lowest (0), typed -3
    assert series["Bo"].totals == (0, 3, 3) and not series["Bo"].seated
    assert series["Ana"].totals[-1] == sheet.totals()["p1"]
    # drawn where each was at the table: Dee from round 1 on (she joined
    # after it), Bo up to round 1 (he left after it), Ana all along
    assert series["Dee"].span == (1, 2)
    assert series["Bo"].span == (0, 1)
    assert series["Ana"].span == (0, 2)


def test_player_stats_count_games_wins_rounds_busts_flip7s() -> None:
    won = two_rounds(["Ann", "Bob"], target=50)  # Ann 53, Bob 50: Ann wins
    open_game = two_rounds(["ANN", "Cy"])  # same Ann, another spelling
    stats = {s.name: s for s in player_stats([won, open_game])}
    ann = stats["ANN"]  # the latest spelling is shown
    assert (ann.games, ann.finished, ann.wins) == (2, 1, 1)
    assert (ann.rounds, ann.points, ann.busts, ann.flip7s) == (4, 106, 0, 2)
    assert ann.best_round == 43 and ann.mean_round == 26.5
    assert ann.win_rate == 1.0 and ann.bust_rate == 0.0
    bob = stats["Bob"]
    assert (bob.games, bob.wins, bob.busts, bob.flip7s) == (1, 0, 1, 0)
    assert bob.win_rate == 0.0 and bob.bust_rate == 0.5 and bob.best_round == 50
    cy = stats["Cy"]
    assert cy.win_rate is None  # no finished game yet
    assert [s.name for s in player_stats([won, open_game])][0] == "ANN"


def test_typed_score_is_never_a_flip7_and_left_players_count_if_they_played() -> None:
    stats = {s.name: s for s in player_stats([typed_and_roster_game()])}
    assert stats["Ana"].flip7s == 0 and stats["Ana"].best_round == 42
    assert stats["Bo"].games == 1 and stats["Bo"].rounds == 1
    sheet = Sheet.new(["Ann", "Bob", "Gone"]).remove_player("p3")
    assert "Gone" not in {s.name for s in player_stats([sheet])}


def test_standard_game_winner_and_no_rounds_means_no_rates() -> None:
    sheet = standard_game()
    stats = {s.name: s for s in player_stats([sheet])}
    assert stats["Bo"].wins == 1 and stats["Ana"].flip7s == len(sheet.rounds)
    fresh = player_stats([Sheet.new(["X", "Y"])])
    assert all(s.mean_round is None and s.bust_rate is None for s in fresh)
    assert all(s.best_round is None for s in fresh)


@pytest.mark.parametrize(
    ("value", "text"), [(None, "–"), (0.0, "0%"), (0.425, "42%"), (1.0, "100%")]
)
def test_percent(value: float | None, text: str) -> None:
    assert percent(value) == text


def test_one_decimal_and_name_key() -> None:
    assert one_decimal(None) == "–" and one_decimal(26.25) == "26.2"
    assert name_key("  Ann   LEE ") == "ann lee"


def test_a_late_players_start_is_where_she_joined() -> None:
    """Issue 37: Dee joins after two rounds at the lowest total, 27."""
    sheet = late_start_game()
    assert late_start(sheet, "p4") == LateStart(start=27, before=2)
    assert late_start(sheet, "p1") is None  # at the table from the start
    assert late_start(typed_and_roster_game(), "p4") is None  # joined at 0
    dee = {s.name: s for s in running_totals(sheet)}["Dee"]
    assert dee.totals[dee.span[0]] == 27 and dee.start == 27
    assert dee.totals[dee.span[0] + 1] == 57  # from 27, not from 0
