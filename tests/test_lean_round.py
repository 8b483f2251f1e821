"""The lean play-out's round is a what-if (issue 38, item 3): it keeps no
record after the hand-over and cannot be saved. That it leaves the same
round as the full play-out and as every decision asked is
tests/test_lean_playout.py's.
"""

from __future__ import annotations

import random

import pytest

from companion.rules import Round
from companion.rules.bots import WinBot
from companion.rules.decision import TURN
from companion.rules.lean import play_out


def test_a_lean_round_keeps_no_record_and_cannot_be_saved() -> None:
    """Its choices and events stop at the hand-over; saving it would
    replay a different round, so it refuses."""
    rnd = Round.start(players=3, seed=5)
    before = len(rnd.choices)
    play_out(rnd, [WinBot()] * 3, random.Random(1))
    assert rnd.over
    assert len(rnd.choices) == before
    with pytest.raises(ValueError, match="cannot be saved"):
        rnd.to_json()


def test_only_a_round_at_a_turn_is_handed_over() -> None:
    rnd = Round.start(players=2, deck=["F4", "5", "6", "7", "8", "9"], seed=1)
    assert rnd.pending is not None and rnd.pending.kind is not TURN
    with pytest.raises(ValueError, match="hit or stay"):
        rnd.hand_over()
