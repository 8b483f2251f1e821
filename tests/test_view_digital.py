"""The digital table's view (companion/app/views/digital.py): the pending
decision and who makes it, the choices in words, the seats, the summary and
the switches, from rounds dealt through the app layer, without a browser."""

from __future__ import annotations

from drive import drive
from test_live_table import digital, pending_pid, table
from test_state_digital import game

from companion.app import AppState
from companion.app.views.digital import DigitalView, digital_of


def view(state: AppState) -> DigitalView:
    shown = digital_of(state)
    assert shown is not None
    return shown


def test_no_round_on_the_table_no_view() -> None:
    host, _gid = table()
    assert digital_of(host) is None


def test_a_turn_asks_hit_or_stay_of_the_player_to_move() -> None:
    table_ = view(game(["Ann", "Bob", "Cy"], "5 6 7 5 9 10"))
    assert table_.names == ["Ann", "Bob", "Cy"] and table_.number == 1
    turn = table_.turn
    assert turn is not None
    assert (turn.seat, turn.name, turn.bot, turn.decide) == (1, "Bob", False, True)
    assert [(o.choice, o.label) for o in turn.options] == [
        ("hit", "Hit"),
        ("stay", "Stay"),
    ]
    assert not turn.stand_in and turn.voice == 1  # one device: Bob is "you"
    assert not turn.must_hit  # Stay is offered: the question asks
    assert table_.advisor is False and not table_.purist and table_.advice is None


def test_a_modifier_names_you_among_the_targets() -> None:
    turn = view(game(["Ann", "Bob", "Cy"], "-4 6 7 8")).turn
    assert turn is not None
    assert [o.label for o in turn.options] == [
        "Give −4 to Ann",
        "Give −4 to Bob (you)",
        "Give −4 to Cy",
    ]


def test_a_computer_player_deciding() -> None:
    state = game(["Ann", "Bob", "Cy"], "5 6 7 8 9 10 11", bots={1: "stop"})
    turn = view(state).turn
    assert turn is not None and turn.bot and turn.name == "Bob"
    assert [s.bot for s in view(state).seats] == [False, True, False]


def test_the_advisor_speaks_to_a_person_about_to_decide() -> None:
    state = game(["Ann", "Bob"], "5 6 7 8 9 10 11")
    assert drive(state.act(state.table.set_advisor, True)) is None
    table_ = view(state)
    assert table_.advisor is True and table_.advice is not None
    assert "Suggestion:" in table_.advice
    assert drive(state.act(state.table.set_purist, True)) is None
    assert view(state).purist and view(state).advice is None


def test_the_summary_offers_the_next_deal_to_the_scorer() -> None:
    state = game(["Ann", "Bob", "Cy"], "5 6 7 5 9 10")
    for choice in ("stay", "hit", "stay", "hit", "stay"):
        assert drive(state.act(state.table.play, choice)) is None
    table_ = view(state)
    assert table_.over and table_.turn is None
    assert table_.summary and table_.closes and table_.can_deal_next
    assert table_.number == 1  # the round just saved


def test_at_a_live_table_each_phone_decides_for_its_own_seat() -> None:
    host, _ = table(("Ann", "Bob"))
    ann, bob = digital(host)
    mover, other = (ann, bob) if pending_pid(host) == "p1" else (bob, ann)
    mine = view(mover).turn
    assert mine is not None and mine.decide and not mine.stand_in
    theirs = view(other).turn
    assert theirs is not None and not theirs.decide and theirs.present
    hosting = view(host).turn
    assert hosting is not None and not hosting.decide  # the phone is there
    assert view(other).advisor is None  # the switch is the scorers'
    drive(mover.set_connected(False))
    hosting = view(host).turn
    assert hosting is not None and hosting.decide and hosting.stand_in
    assert hosting.voice == -1  # the host is not "you"
    waiting = view(other).turn
    assert waiting is not None and not waiting.present and not waiting.decide


def test_a_minus_card_says_which_targets_are_busted() -> None:
    """Brutal: a minus card may go to a busted player (R19); the buttons
    said "Give −10 to Bob" with nothing to tell that Bob was already out."""
    state = game(["Ann", "Bob", "Cy"], "5 9 7 5 -10 8 8", brutal=True)
    assert drive(state.act(state.table.play, "hit")) is None  # Bob's second 5: bust
    assert drive(state.act(state.table.play, "hit")) is None  # Cy draws the −10
    turn = view(state).turn
    assert turn is not None and turn.name == "Cy"
    assert [o.label for o in turn.options] == [
        "Give −10 to Ann",
        "Give −10 to Bob (busted)",
        "Give −10 to Cy (you)",
    ]


def test_a_tie_break_round_is_called_one() -> None:
    """45-45 at a target of 40 (R21): the digital round that breaks the tie
    was headed "Round 2 · digital", like any other."""
    from companion.store import GameStore

    state = AppState(GameStore.memory())
    for name in ("Ann", "Bob"):
        assert drive(state.act(state.form.add, name)) is None
    assert drive(state.act(state.form.set_target, 40)) is None
    assert state.start_game() is None
    entry = state.entry
    assert entry is not None
    for pid in ("p1", "p2"):
        for code in ("12", "11", "10", "9"):
            assert drive(state.act(entry.add_card, pid, code)) is None
    assert drive(state.act(entry.save)) is None
    state.test_deck = "5 6 7 8 9 10"
    assert drive(state.act(state.table.start)) is None
    assert view(state).title == "Round 2 (tie-break) · digital"
    first = view(game(["Ann", "Bob", "Cy"], "5 6 7 5 9 10"))
    assert first.title == "Round 1 · digital"


def test_the_table_is_drawn_from_words_and_numbers() -> None:
    """No engine object in the view: each line's status, cards, score and
    chain, the deck and discard counts, the log and the decision's words."""
    from dataclasses import fields

    from companion.app import AppState
    from companion.app.views.digital import digital_of
    from companion.store import GameStore

    state = AppState(GameStore.memory())
    for name in ("Ann", "Bob"):
        assert drive(state.act(state.form.add, name)) is None
    assert state.start_game() is None
    assert state.table is not None and drive(state.act(state.table.start)) is None
    view = digital_of(state)
    assert view is not None and not view.over
    assert "round" not in {f.name for f in fields(view)}
    assert len(view.lines) == 2 and view.dealer == "Ann"
    dealt = sum(len(line.cards) + len(line.face_down) for line in view.lines)
    assert view.deck < 108 and view.deck + view.discard + dealt <= 108
    assert all(line.status for line in view.lines)
    assert all(isinstance(c, str) for line in view.lines for c in line.cards)
    turn = view.turn
    assert turn is not None and turn.prompt
    hit_stay = {o.choice for o in turn.options} <= {"hit", "stay"}
    assert turn.hit_or_stay is hit_stay
    assert view.log and all(isinstance(s, str) for s in view.log)
