"""Seat statuses are named constants that still equal DESIGN.md's strings."""

from __future__ import annotations

import json

from companion.rules import Decision, Round, Status


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


def test_decision_kinds_are_an_enum_equal_to_the_old_strings() -> None:
    """``Pending.kind`` is a :class:`Decision`: code compares members, while
    the strings earlier code and saved state used still equal them."""
    rnd = Round.start(players=2, dealer=1, deck=["5", "9", "STEAL", "2"])
    pend = rnd.pending
    assert pend is not None and pend.kind is Decision.TURN
    assert pend.kind == "turn" and f"{pend.kind}" == "turn"
    rnd.play("hit")  # seat 0 draws Steal: which card to take?
    pend = rnd.pending
    assert pend is not None and pend.kind is Decision.STEAL and pend.kind == "steal"
    assert Decision("flip7") is Decision.FLIP7
    assert json.dumps(list(Decision)) == (
        '["turn", "target", "modifier", "steal", "swap", "discard", "flip7"]'
    )
