"""The round entry's view (companion/app/views/entry.py): what the tap-in
screen shows and lets this session tap, from real games played through the
app layer, without a browser."""

from __future__ import annotations

from drive import drive
from test_live_table import phone, table
from test_state import new_state, tap

from companion.app import AppState
from companion.app.views.entry import EntryView, entry_of
from companion.store import GameStore


def view(state: AppState, chosen: str = "") -> EntryView:
    shown = entry_of(state, chosen)
    assert shown is not None
    return shown


def test_a_new_round_opens_on_the_first_line_with_every_line_waiting() -> None:
    entry = view(new_state(["Ann", "Bob", "Cy"]))
    assert (entry.number, entry.dealer, entry.editing, entry.rounds) == (
        1,
        "Ann",
        False,
        0,
    )
    assert [(c.label, c.score, c.chosen) for c in entry.chips] == [
        ("Ann", 0, True),
        ("Bob", 0, False),
        ("Cy", 0, False),
    ]
    line = entry.line
    assert (line.pid, line.name, line.cards, line.editable) == ("p1", "Ann", (), True)
    assert entry.waiting == ("Ann", "Bob", "Cy") and entry.phones == ()
    assert entry.may_save and entry.scorer and entry.keys is not None
    assert entry.odds_switch is False  # offered to the host, off
    assert entry_of(AppState(GameStore.memory()), "") is None  # no game open


def test_the_chosen_line_shows_its_cards_chain_and_score() -> None:
    state = new_state(["Ann", "Bob"])
    tap(state, "p2", "12 -4")
    entry = view(state, "p2")
    line = entry.line
    assert (line.name, line.cards, line.score) == ("Bob", ("12", "-4"), 8)
    assert line.chain == "12 → −4 8 = 8"
    assert [(c.label, c.score, c.chosen) for c in entry.chips] == [
        ("Ann", 0, False),
        ("Bob", 8, True),
    ]
    assert dict(entry.keys or ())["12"] == 11  # one of the twelve 12s is out
    assert view(state, "p9").line.pid == "p1"  # a line not in the round: the first


def test_a_problem_is_worded_beside_its_line_and_marks_its_chip() -> None:
    state = new_state(["Ann", "Bob"])
    tap(state, "p1", "9 9")
    entry = view(state, "p1")
    assert entry.line.problems == ("Ann: two 9s in a line that did not bust.",)
    assert [c.trouble for c in entry.chips] == [True, False]
    assert view(state, "p2").line.problems == ()


def test_a_typed_score_replaces_the_chain() -> None:
    state = new_state(["Ann", "Bob"])
    assert drive(state.act(state.entry.set_typed, "p1", "23")) is None
    line = view(state).line
    assert (line.typed, line.score, line.chain) == (23, 23, "Typed score = 23")


def test_a_phone_opens_its_own_line_and_taps_only_that() -> None:
    host, _gid = table()
    ann = phone(host)
    assert drive(ann.act(ann.seat.claim, "p1")) is None
    own = view(ann)  # nothing chosen yet: its own line
    assert own.line.pid == "p1" and own.line.editable and own.line.done_by == "me"
    assert not own.scorer and own.odds_switch is None
    assert not own.may_save  # the last player saves, once every line is in
    other = view(ann, "p2")
    assert not other.line.editable and other.keys is None
    assert other.line.done_by == "" and other.line.bonus is None
    assert not other.line.held  # nobody holds Bob's seat: the host taps it


def test_the_host_says_when_the_line_of_a_player_without_a_phone_is_in() -> None:
    host, _gid = table()
    ann = phone(host)
    assert drive(ann.act(ann.seat.claim, "p1")) is None
    entry = view(host, "p2")
    assert entry.line.done_by == "host"  # Bob has no phone at this live table
    assert view(host, "p1").line.done_by == ""  # Ann says it on her phone
    assert view(host, "p1").line.held
    assert entry.phones == ("Ann",)
    drive(ann.set_connected(False))
    assert view(host).phones == ("Ann (phone away)",)


def test_lines_in_are_ticked_and_the_last_phone_may_save() -> None:
    host, _gid = table(("Ann", "Bob"))
    ann, bob = phone(host), phone(host)
    assert drive(ann.act(ann.seat.claim, "p1")) is None
    assert drive(bob.act(bob.seat.claim, "p2")) is None
    assert drive(ann.act(ann.entry.set_busted, "p1", True)) is None  # busted: in
    assert [c.label for c in view(bob).chips] == ["Ann", "Bob"]
    assert drive(ann.act(ann.entry.set_done, "p1")) is None
    assert [c.label for c in view(bob).chips] == ["Ann ✓", "Bob"]
    assert view(bob).waiting == ("Bob",) and not view(bob).may_save
    tap(bob, "p2", "5")
    assert drive(bob.act(bob.entry.set_done, "p2")) is None
    assert view(bob).waiting == () and view(bob).may_save
    assert view(bob).line.done


def test_brutal_flip7_offers_the_bonus_or_an_attack() -> None:
    state = new_state(["Ann", "Bob", "Cy"], brutal=True)
    tap(state, "p1", "1 2 3 4 5 6 8")
    line = view(state).line
    assert line.flip7 and line.brutal and line.bonus is not None
    assert line.bonus.flipper == "Ann"
    assert [(o.target, o.name, o.selected) for o in line.bonus.options] == [
        (None, "Ann", True),
        ("p2", "Bob", False),
        ("p3", "Cy", False),
    ]
    assert drive(state.act(state.entry.choose_attack, "p3")) is None
    options = view(state).line.bonus
    assert options is not None
    assert [o.selected for o in options.options] == [False, False, True]


def test_odds_while_flipping_show_for_the_chosen_line() -> None:
    state = new_state(["Ann", "Bob"])
    assert view(state).line.odds is None
    assert drive(state.act(state.odds.set_on, True)) is None
    entry = view(state)
    assert entry.odds_switch is True
    assert entry.line.odds is not None
    assert entry.line.odds.advice == "The odds show once Ann's first card is in."
    tap(state, "p1", "7")
    odds = view(state).line.odds  # the render leaves the play-outs to a job
    assert odds is not None and odds.advice == "Working out the odds\u2026"
    assert odds.bust == "Bust \u2026" and odds.flip7 == "Flip 7 \u2026"
    drive(state.odds.worked_out("p1"))
    odds = view(state).line.odds
    assert odds is not None and odds.bust == "Bust 5%"


def test_a_past_round_being_fixed_keeps_its_number_and_hides_the_switch() -> None:
    state = new_state(["Ann", "Bob"])
    assert drive(state.act(state.entry.set_typed, "p1", 5)) is None
    assert drive(state.act(state.entry.set_typed, "p2", 7)) is None
    assert drive(state.act(state.entry.save)) is None
    assert drive(state.act(state.fixes.edit_round, 0)) is None
    entry = view(state)
    assert (entry.number, entry.editing, entry.rounds) == (1, True, 1)
    assert entry.odds_switch is None
    assert entry.line.typed == 5


def test_a_tap_on_another_line_leaves_the_chosen_line_equal() -> None:
    """What lets the screen keep the chosen line's controls (kept())."""
    state = new_state(["Ann", "Bob"])
    before = view(state, "p1")
    assert view(state, "p1") == before  # nothing changed: every part equal
    tap(state, "p2", "4")
    after = view(state, "p1")
    assert after.line == before.line and after.chips[0] == before.chips[0]
    assert after.chips[1] != before.chips[1] and after != before


def test_many_players_put_the_line_above_the_chips() -> None:
    names = [f"P{i}" for i in range(13)]
    assert view(new_state(names)).many
    assert not view(new_state(names[:12])).many
