"""A guest phone's views of a table with no computer (issue 39) are the
served app's own, built from what the host sends: the digital table from
the face-up projection is the served one but for what needs the engine
(the log's sentences, the Flip Four strip, the advisor, dealing)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from companion.app.access import Access, Role
from companion.app.board import board_view
from companion.app.digital import Digital
from companion.app.entry import RoundDraft
from companion.app.live import LiveSeat
from companion.app.open_game import GameState
from companion.app.seats import Seats
from companion.app.table_guest import mirror_state
from companion.app.views.digital import digital_view
from companion.app.views.entry import entry_view
from companion.app.views.join import join_view
from companion.app.views.mirror_board import mirror_board
from companion.app.views.mirror_digital import mirror_digital_view
from companion.rules import Round, Rules, Sheet
from companion.tablelink.state import game_body, read_body

NAMES = ["Ann", "Bob", "Cleo", "Dan"]


def a_table(seed: int, steps: int, brutal: bool = False) -> GameState:
    sheet = Sheet.new(NAMES, rules=Rules(brutal=brutal))
    rnd = Round.start(players=4, dealer=1, seed=seed, rules=sheet.rules)
    for _n in range(steps):
        if rnd.pending is None:
            break
        rnd.play(rnd.legal()[seed % len(rnd.legal())])
    ids = [p.id for p in sheet.players]
    seats = Seats().claim(ids[1], "bob-key").claim(ids[2], "cleo-key")
    digital = Digital(bots={ids[3]: "hard"}, ids=ids, round=rnd, number=1, seed=seed)
    draft = RoundDraft.fresh(sheet)
    return GameState(sheet, draft, digital, seats=seats.connected("cleo-key", False))


def seat_of(state: GameState, holder: str) -> LiveSeat:
    seat = LiveSeat()
    seat.access = Access(Role.GUEST, "g1")
    seat.holder = holder

    class Shown:  # what LiveSeat reads of its watch
        def __init__(self, state: GameState) -> None:
            self.state = state

    seat.watch = Shown(state)  # type: ignore[assignment]
    return seat


def mirrored(state: GameState) -> tuple[GameState, object]:
    mirror = read_body(json.loads(json.dumps(game_body(state))))
    return mirror_state(mirror), mirror.table


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("steps", [0, 3, 9, 40])
def test_the_mirrored_digital_table_is_the_served_one(seed: int, steps: int) -> None:
    state = a_table(seed, steps, brutal=seed % 3 == 0)
    there, table = mirrored(state)
    for holder in ("bob-key", "cleo-key", "nobody"):
        served = digital_view(state, seat_of(state, holder))
        shown = mirror_digital_view(table, there, seat_of(there, holder))  # type: ignore[arg-type]
        assert served is not None and shown is not None
        same = replace(
            served,
            log=(),
            flip_four=None,
            advisor=None,
            advice=None,
            can_deal_next=False,
        )
        assert shown == same


def test_a_round_just_recorded_is_shown_as_its_summary() -> None:
    state = a_table(5, 400)
    assert state.digital.round is not None and state.digital.round.over
    d = state.digital
    done = replace(state, digital=replace(d, round=None, last=d.round, last_ids=d.ids))
    there, table = mirrored(done)
    shown = mirror_digital_view(table, there, seat_of(there, "bob-key"))  # type: ignore[arg-type]
    assert shown is not None and shown.over and shown.summary and shown.turn is None
    assert mirror_digital_view(None, there, seat_of(there, "bob-key")) is None


def test_the_join_and_entry_views_of_a_mirror_are_the_served_ones() -> None:
    state = a_table(2, 0)
    draft = RoundDraft.fresh(state.sheet)
    bob = state.sheet.players[1].id
    draft.add_card(bob, "7", state.sheet.rules)
    state = replace(state, draft=draft)
    there, _table = mirrored(state)
    assert join_view(there, "bob-key") == join_view(state, "bob-key")
    for holder in ("bob-key", "nobody"):
        for chosen in ("", bob):
            served = entry_view(state, seat_of(state, holder), chosen)
            assert entry_view(there, seat_of(there, holder), chosen) == served


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("steps", [0, 5, 30])
def test_the_mirrored_board_is_the_served_one(seed: int, steps: int) -> None:
    state = a_table(seed, steps)
    there, table = mirrored(state)
    assert mirror_board(there, table) == board_view(state)  # type: ignore[arg-type]


def test_a_mirrored_board_without_a_digital_round_is_the_served_one() -> None:
    state = a_table(1, 0)
    state = replace(state, digital=Digital())
    there, table = mirrored(state)
    assert table is None and mirror_board(there, None) == board_view(state)
