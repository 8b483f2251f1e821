"""What a guest's mirror is sent (issue 39): the game as the table sees it,
read back strictly, and never the digital round's deck or seed."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from own_loop import run_alone
from store_helpers import a_round

from companion.app.digital import Digital
from companion.app.entry import RoundDraft
from companion.app.open_game import GameState
from companion.app.seats import Seats
from companion.rules import Round, Sheet
from companion.tablelink.sealing import PySealer, new_key
from companion.tablelink.state import TableView, game_body, read_body
from companion.tablelink.wire import BadMessage, Envelope, Revision

NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"]


def a_game(rounds: int = 10) -> GameState:
    sheet = Sheet.new(NAMES)
    for n in range(rounds):
        sheet = sheet.add_round(a_round(sheet, 3 + n % 9))
    draft = RoundDraft.fresh(sheet)
    draft.lines[draft.players[0]] = ["3", "11", "x2"]
    draft.done.add(draft.players[0])
    rnd = Round.start(players=8, dealer=0, seed=7)
    ids = [p.id for p in sheet.players]
    seats = Seats().claim(ids[1], "holderB").claim(ids[2], "holderC")
    digital = Digital(ids=ids, round=rnd, number=len(sheet.rounds), seed=7)
    return GameState(sheet, draft, digital, seats=seats.connected("holderC", False))


def test_the_mirror_reads_back_what_the_table_sees() -> None:
    state = a_game()
    mirror = read_body(json.loads(json.dumps(game_body(state))))
    assert mirror.sheet == state.sheet
    assert mirror.draft == state.draft
    assert mirror.seats == state.seats
    assert state.digital.round is not None
    assert mirror.table == TableView.of(state.digital.ids, state.digital.round)
    assert mirror.table.lines[1] == tuple(state.digital.round.line(1))


def test_the_deck_and_seed_never_reach_a_guest() -> None:
    state = a_game()
    assert state.digital.round is not None
    text = json.dumps(game_body(state))
    upcoming = state.digital.round.deck[:6]
    assert json.dumps(upcoming)[1:-1] not in text
    assert json.dumps(upcoming[::-1])[1:-1] not in text
    assert '"seed"' not in text and '"deck": [' not in text


@pytest.mark.parametrize(
    "change",
    [
        lambda b: b.pop("seats"),
        lambda b: b["seats"].update(late="yes"),
        lambda b: b["sheet"].update(players="Ann"),
        lambda b: b["table"].update(pending=99),
        lambda b: b["table"].update(st=["won"] * 8),
        lambda b: b["table"]["lines"].pop(),
        lambda b: b["draft"].pop("players"),
    ],
)
def test_an_odd_state_is_refused(change: Any) -> None:
    body = json.loads(json.dumps(game_body(a_game(2))))
    change(body)
    with pytest.raises(BadMessage):
        read_body(body)


def test_a_revisions_size_on_the_wire() -> None:
    """Bytes of a sealed revision of an 8-player game (printed for
    docs/live-without-computer.md); bounded well under the limit."""

    async def size(rounds: int) -> int:
        sealer, key = PySealer(), new_key()
        _private, public = await sealer.new_pair()
        signer, _verify = await sealer.new_signer()
        rev = Revision(40, "epoch123456w", "Ann", public, game_body(a_game(rounds)))
        env = Envelope("rev", "host-fingerprint", b"")
        env = replace(env, body=await sealer.seal(key, rev.plain(), env.aad("room")))
        signed = replace(env, signature=await sealer.sign(signer, env.signed("room")))
        return len(signed.encode())

    sizes = {n: run_alone(size(n)) for n in (0, 10, 30)}
    print(f"\nsealed revision, 8 players, digital round on: {sizes} (rounds: bytes)")
    assert sizes[30] < 16 * 1024
