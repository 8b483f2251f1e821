"""History's view (companion/app/views/history.py) without a browser: the
games a typed name finds, their lines, and the heading that says how many."""

from __future__ import annotations

from datetime import date

from drive import drive
from share_games import brutal_game, standard_game

from companion.app import AppState
from companion.app.access import Access, Role
from companion.app.views.history import history_of, history_view, matches
from companion.share import ShareMeta, encode
from companion.store import GameStore
from companion.store.records import GameSummary


def library() -> tuple[AppState, list[str]]:
    store = GameStore.memory()
    ids = [
        store.create(standard_game(), {"title": "Friday night"}),
        store.create(brutal_game().rename("p2", "Zoë Quinn"), {"title": "Brutal"}),
    ]
    return AppState(store), ids


def test_every_game_is_listed_by_its_title_latest_first() -> None:
    state, ids = library()
    view = history_of(state)
    assert view.heading == "Games (2)" and view.query == ""
    assert [(g.id, g.heading) for g in view.games] == [
        (ids[1], "Brutal"),
        (ids[0], "Friday night"),
    ]
    assert view.games[1].names == "Ana, Bo, Cy"
    assert view.games[1].status.startswith("Won by ")


def test_a_typed_name_filters_ignoring_case_accents_kept_and_spaces() -> None:
    state, ids = library()
    view = history_of(state, "  zoë   q ")
    assert [g.id for g in view.games] == [ids[1]]
    assert view.heading == "Games (1 of 2)"
    assert history_of(state, "ANA").heading == "Games (2 of 2)"


def test_a_name_nobody_has_says_so() -> None:
    state, _ = library()
    view = history_of(state, " Xavier ")
    assert view.games == ()
    assert view.heading == "No game with a player called “Xavier”"


def test_an_empty_history_says_no_games_yet() -> None:
    view = history_of(AppState(GameStore.memory()), "ana")
    assert view.games == () and view.heading == "No games yet"


def test_an_imported_game_shows_the_day_it_was_played() -> None:
    clock = "2026-11-30T10:00:00.000000+00:00"
    state = AppState(GameStore.memory(clock=lambda: clock))
    code = encode(standard_game(), ShareMeta("Spring cup", date(2024, 3, 15)))
    assert drive(state.act(state.library.import_code, code)) is None
    [line] = history_of(state).games
    assert line.heading == "Spring cup" and line.status.endswith(" · 15 Mar 2024")


def test_a_guest_sees_no_history() -> None:
    state, ids = library()
    state.seat.access = Access(Role.GUEST, ids[0], "token")
    assert history_of(state).games == ()
    assert history_of(state).heading == "No games yet"


def test_matching_is_by_a_players_name_not_the_title() -> None:
    game = GameSummary(
        "g", "Ana's party", ("Bo", "Cy"), "2024-01-01", "", True, ("Bo",), 3
    )
    assert matches(game, "cy") and matches(game, "") and not matches(game, "ana")
    view = history_view([game], {"g": "1 Jan 2024"}, "bo")
    assert view.games[0].status == "Won by Bo · 3 rounds · 1 Jan 2024"
