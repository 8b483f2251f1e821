"""The setup screen's view (companion/app/views/setup.py) without a
browser: the seats in order with the first dealer and the computer players,
the names suggested, the rules, and whether the game may start — driven by
the form's own intents through the session (``state.act``)."""

from __future__ import annotations

from drive import drive

from companion.app import AppState
from companion.app.setup_form import SetupForm
from companion.app.views.setup import setup_of, setup_view
from companion.rules import Entry, RoundRecord, Sheet
from companion.store import GameStore


def form_of(*names: str) -> AppState:
    state = AppState(GameStore.memory())
    for name in names:
        assert drive(state.act(state.form.add, name)) is None
    return state


def test_the_seats_in_order_with_the_dealer_and_the_arrows_ends() -> None:
    state = form_of("Ann", "Bob", "Cleo")
    assert drive(state.act(state.form.set_dealer, 2)) is None
    assert drive(state.act(state.form.move, 2, -1)) is None  # Cleo up, still dealing
    seats = setup_of(state).seats
    assert [(s.index, s.name, s.dealer) for s in seats] == [
        (0, "Ann", False),
        (1, "Cleo", True),
        (2, "Bob", False),
    ]
    assert [(s.first, s.last) for s in seats] == [
        (True, False),
        (False, False),
        (False, True),
    ]


def test_a_computer_seat_says_its_strategy_and_what_its_button_makes_it() -> None:
    state = form_of("Ann")
    assert drive(state.act(state.form.add_computer, "medium")) is None
    ann, bot = setup_of(state).seats
    assert (ann.bot, ann.kind, ann.next_bot) == (None, "Person", "easy")
    assert bot.name == "Computer 1" and bot.bot == "medium"
    assert bot.kind.startswith("Computer: ") and bot.next_bot == "hard"
    assert drive(state.act(state.form.set_computer, 1, bot.next_bot)) is None
    assert setup_of(state).seats[1].bot == "hard"


def test_the_game_may_start_with_two_players_and_not_before() -> None:
    state = form_of("Ann")
    view = setup_of(state)
    assert not view.may_start and view.problems == ("Add at least 2 players.",)
    assert state.start_game() == "Add at least 2 players."
    assert drive(state.act(state.form.add, "Bob")) is None
    assert setup_of(state).may_start and state.start_game() is None
    assert setup_of(state).seats == ()  # a fresh form for the next game


def test_the_rules_as_switched_and_two_decks_forced_by_a_19th_player() -> None:
    state = form_of(*(f"P{i}" for i in range(18)))
    assert drive(state.act(state.form.set_option, "brutal", True)) is None
    assert drive(state.act(state.form.set_option, "tie_break", False)) is None
    assert drive(state.act(state.form.set_option, "advisor", True)) is None
    assert drive(state.act(state.form.set_target, " 150 ")) is None
    view = setup_of(state)
    assert (view.brutal, view.tie_break, view.lucky_pair_counts_two) == (
        True,
        False,
        True,
    )
    assert view.advisor and view.target == 150 and not view.two_decks
    assert drive(state.act(state.form.add, "P18")) is None
    assert state.notice is not None and "two decks" in state.notice.text
    assert setup_of(state).two_decks


def test_a_refused_change_leaves_the_view_as_it_was() -> None:
    state = form_of("Ann", "Bob")
    before = setup_of(state)
    assert drive(state.act(state.form.add, "ann")) is not None  # the same name
    assert drive(state.act(state.form.set_target, "abc")) is not None
    assert setup_of(state) == before


def test_names_from_earlier_played_games_are_suggested_as_typed() -> None:
    store = GameStore.memory()
    sheet = Sheet.new(["Ann", "Bob", "Cleo"])
    lines = tuple((p.id, Entry(typed=5)) for p in sheet.players)
    store.create(sheet.add_round(RoundRecord("p1", lines)))
    store.create(Sheet.new(["Zed", "Bob"]))  # never played: no suggestion
    state = AppState(store)
    assert setup_of(state).suggestions == ("Ann", "Bob", "Cleo")
    assert drive(state.act(state.form.add, "bob")) is None
    assert setup_of(state, "c").suggestions == ("Cleo",)


def test_the_view_is_a_pure_function_of_the_form() -> None:
    form = SetupForm(names=["Ann", "Computer 2"], first_dealer=1)
    form.bots["Computer 2"] = "easy"
    view = setup_view(form, ["Computer 1", "Ann", "Dee"], "")
    assert view.suggestions == ("Dee",)  # seated and computer names left out
    assert [s.dealer for s in view.seats] == [False, True]
    assert view == setup_view(form, ["Computer 1", "Ann", "Dee"])
