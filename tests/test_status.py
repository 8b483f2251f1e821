"""Seat statuses are named constants that still equal DESIGN.md's strings."""

from __future__ import annotations

import json

from companion.rules import Round, Status


def test_statuses_are_named_and_equal_the_contract_strings() -> None:
    # 3 players; seat 1 busts on a second 5, seat 2 sits out a tie-break.
    rnd = Round.start(
        players=3, dealer=0, deck=["5", "5", "5", "9"], active_players=[0, 1]
    )
    assert rnd.pending is not None and rnd.pending.player == 1
    rnd.play("hit")  # seat 1 draws the third 5: busted
    assert rnd.status(1) is Status.BUSTED and rnd.status(1) == "busted"
    assert rnd.status(2) is Status.OUT and rnd.status(2) == "out"
    assert rnd.status(0) is Status.ACTIVE and rnd.status(0) == "active"
    rnd.play("stay")
    assert rnd.status(0) is Status.STAYED
    assert json.dumps([rnd.status(i) for i in range(3)]) == (
        '["stayed", "busted", "out"]'
    )
    assert f"{rnd.status(1)}" == "busted"
