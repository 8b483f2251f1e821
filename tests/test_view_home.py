"""Home's view (companion/app/views/home.py) without a browser: which games
Home lists and how, the "continue" offer, what went wrong on its own, and
that a guest's phone is shown none of it."""

from __future__ import annotations

from drive import drive

from companion.app import AppState, played_day
from companion.app.access import Access, Role
from companion.app.views.home import home_of, home_view, short
from companion.rules import Entry, RoundRecord, Rules, Sheet
from companion.store import GameStore
from companion.store.records import GameSummary


def played(names: list[str], *points: int, target: int = 200) -> Sheet:
    """A game of ``names`` with one round per value of ``points`` (the
    first player scores it, the others 1 each)."""
    sheet = Sheet.new(names, Rules(target=target))
    for p in points:
        lines = [(sheet.players[0].id, Entry(typed=p))]
        lines += [(q.id, Entry(typed=1)) for q in sheet.players[1:]]
        sheet = sheet.add_round(RoundRecord(sheet.next_dealer().id, tuple(lines)))
    return sheet


def summary(gid: str, players: tuple[str, ...], rounds: int) -> GameSummary:
    return GameSummary(
        gid, ", ".join(players), players, "2024-03-15", "", False, (), rounds
    )


def test_home_lists_every_game_latest_first_with_its_status_and_day() -> None:
    state = AppState(GameStore.memory())
    won = state.store.create(played(["Ann", "Bob"], 30, target=20))
    going = state.store.create(played(["Cy", "Dee"], 5, 7))
    view = home_of(state)
    assert [g.id for g in view.games] == [going, won]
    assert [g.heading for g in view.games] == ["Cy, Dee", "Ann, Bob"]
    day = played_day(state.store.load(won))
    assert view.games[1].status == f"Won by Ann · 1 round · {day}"
    assert view.games[0].status == f"In progress · 2 rounds · {day}"
    assert view.heading == "Past games" and view.game(won) == view.games[1]
    assert view.game("gone") is None


def test_the_continue_offer_is_the_latest_unfinished_game() -> None:
    state = AppState(GameStore.memory())
    state.store.create(played(["Ann", "Bob"], 30, target=20))  # over: not offered
    going = state.store.create(played(["Cy", "Dee"], 5, 7, 9))
    offer = home_of(state).offer
    assert offer is not None
    assert (offer.game_id, offer.label, offer.names) == (
        going,
        "Continue round 4",
        "Cy, Dee",
    )


def test_no_offer_and_no_games_yet_on_an_empty_store() -> None:
    view = home_of(AppState(GameStore.memory()))
    assert view.games == () and view.offer is None
    assert view.heading == "No games yet" and not view.can_restore


def test_thirteen_names_are_cut_never_the_round() -> None:
    names = tuple(f"Player number {i}" for i in range(13))
    view = home_view([], {}, summary("g", names, 3))
    assert view.offer is not None and view.offer.label == "Continue round 4"
    assert len(view.offer.names) == 90 and view.offer.names.endswith("…")
    assert short("Ann, Bob") == "Ann, Bob"


def test_a_listed_game_says_the_day_it_was_played_not_stored() -> None:
    view = home_view([summary("g", ("Ann", "Bob"), 0)], {"g": "1 Feb 2020"}, None)
    assert view.games[0].status == "In progress · 0 rounds · 1 Feb 2020"
    fallback = home_view([summary("g", ("Ann", "Bob"), 1)], {}, None)
    assert fallback.games[0].status == "In progress · 1 round · 2024-03-15"


def test_a_deleted_game_leaves_home_and_can_be_restored() -> None:
    state = AppState(GameStore.memory())
    gid = state.store.create(played(["Ann", "Bob"], 3))
    assert state.delete_game(gid) is None
    view = home_of(state)
    assert view.games == () and view.can_restore
    assert drive(state.act(state.deletions.restore)) is None
    assert [g.id for g in home_of(state).games] == [gid]


def test_alerts_come_after_the_folder_problem() -> None:
    view = home_view([], {}, None, alerts=["folder", "moved aside"])
    assert view.alerts == ("folder", "moved aside")
    state = AppState(GameStore.memory())
    state.alerts = ["A file was moved aside."]
    assert home_of(state).alerts == ("A file was moved aside.",)


def test_a_guests_phone_is_shown_no_game_and_no_offer() -> None:
    state = AppState(GameStore.memory())
    gid = state.store.create(played(["Ann", "Bob"], 3))
    state.seat.access = Access(Role.GUEST, gid, "token")
    view = home_of(state)
    assert view.games == () and view.offer is None
