"""The stats screen's view (companion/app/views/stats.py) without a
browser: one row per player over every stored game, each cell as shown."""

from __future__ import annotations

from share_games import brutal_game, standard_game

from companion.app import AppState
from companion.app.access import Access, Role
from companion.app.views.stats import COLUMNS, stats_of, stats_row, stats_view
from companion.share.stats import PlayerStats
from companion.store import GameStore


def test_a_row_per_player_with_every_column_worded() -> None:
    store = GameStore.memory()
    store.create(standard_game())
    store.create(brutal_game())
    view = stats_of(AppState(store))
    assert [r[0] for r in view.rows] == [p.name for p in view.players]
    assert {r[0] for r in view.rows} == {"Ana", "Bo", "Cy"}
    assert all(len(r) == len(COLUMNS) for r in view.rows)
    ana = next(r for r in view.rows if r[0] == "Ana")
    assert ana[1] == "2"  # games


def test_rates_and_means_in_the_sessions_numbers_and_a_dash_for_no_best() -> None:
    row = stats_row(
        PlayerStats("Ann", games=3, finished=2, wins=1, rounds=4, points=50, busts=1)
    )
    assert row == ("Ann", "3", "1", "50%", "12.5", "25%", "0", "–")
    assert stats_row(PlayerStats("Bob")) == ("Bob", "0", "0", "–", "–", "–", "0", "–")


def test_no_games_no_rows_and_a_guest_sees_none() -> None:
    assert stats_view([]).rows == ()
    store = GameStore.memory()
    gid = store.create(standard_game())
    state = AppState(store)
    assert stats_of(state).rows != ()
    state.seat.access = Access(Role.GUEST, gid, "token")
    assert stats_of(state).rows == ()
