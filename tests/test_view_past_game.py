"""One past game's view (companion/app/views/past_game.py) without a
browser: its title, who won or leads, the day and target, its rounds — or
why it cannot be shown."""

from __future__ import annotations

from datetime import date

from drive import drive
from share_games import brutal_game, shared_win_game, standard_game

from companion.app import AppState, played_day
from companion.app.access import Access, Role
from companion.app.views.past_game import past_game_of, past_game_view
from companion.rules import Sheet
from companion.share import ShareMeta, encode
from companion.store import GameStore


def stored(sheet: Sheet, meta: dict[str, object] | None = None) -> tuple[AppState, str]:
    store = GameStore.memory()
    gid = store.create(sheet, meta)  # type: ignore[arg-type]
    return AppState(store), gid


def test_a_finished_game_says_who_won_its_day_target_and_rounds() -> None:
    sheet = standard_game()
    state, gid = stored(sheet)
    view = past_game_of(state, gid)
    assert view.problem is None and view.sheet is not None
    assert [c.total for c in view.sheet.columns] == list(sheet.totals().values())
    assert view.title == "Ana, Bo, Cy"
    winner = sheet.winners()[0]
    assert view.head == f"{winner.name} wins with {sheet.totals()[winner.id]}!"
    day = played_day(state.store.load(gid))
    assert view.played == f"Played {day} · target 200"
    assert view.sheet.rounds == len(sheet.rounds)
    assert view.chart is not None and view.chart.rounds == len(sheet.rounds)
    assert view.chart.target == 200 and len(view.chart.series) == 3
    assert [s.totals[-1] for s in view.chart.series] == [
        c.total for c in view.sheet.columns
    ]


def test_a_title_a_shared_win_and_brutal_are_said() -> None:
    state, gid = stored(shared_win_game(), {"title": "Cup final"})
    view = past_game_of(state, gid)
    assert (
        view.title == "Cup final" and view.head == "Ana and Bo share the win with 22!"
    )
    state, gid = stored(brutal_game())
    assert past_game_of(state, gid).played.endswith(" · target 100 · Brutal")


def test_a_game_in_progress_says_who_leads_and_a_new_one_not_started() -> None:
    sheet = standard_game()
    going = Sheet.new(["Ana", "Bo", "Cy"]).add_round(sheet.rounds[0])
    state, gid = stored(going)
    leader = max(going.seated, key=lambda p: going.totals()[p.id])
    total = going.totals()[leader.id]
    assert (
        past_game_of(state, gid).head
        == f"In progress · {leader.name} leads with {total}"
    )
    state, gid = stored(Sheet.new(["Ana", "Bo"]))
    assert past_game_of(state, gid).head == "Not started yet"


def test_an_imported_game_is_dated_by_its_code() -> None:
    state = AppState(GameStore.memory())
    code = encode(standard_game(), ShareMeta("Spring cup", date(2024, 3, 15)))
    assert drive(state.act(state.library.import_code, code)) is None
    gid = state.library.imported_id
    assert gid is not None
    view = past_game_of(state, gid)
    assert (
        view.title == "Spring cup" and view.played == "Played 15 Mar 2024 · target 200"
    )


def test_a_game_that_cannot_be_shown_says_why() -> None:
    state, gid = stored(standard_game())
    gone = past_game_of(state, "nope")
    assert gone.sheet is None and gone.chart is None and gone.title == "Past game"
    assert gone.problem == "That game is no longer stored."
    state.seat.access = Access(Role.GUEST, gid, "token")
    assert past_game_of(state, gid).problem == "Only the host's screen can do that."
    assert past_game_view("x", "broken").problem == "broken"
