"""Issue 26: the plain players the levels are measured against: a fixed
threshold with simple aims (``aim``), and the same with the two-line
endgame rule (``endgame``, and the ``medium`` level at 27)."""

from __future__ import annotations

import random

from round_helpers import stacked

from companion.rules import Round, make_bot
from companion.rules.plainbots import AimBot, EndgameBot, plain_other


def test_flip_four_goes_to_the_leader() -> None:
    # Bea draws Flip Four; Ann (total 150) leads Cy (total 20) by far.
    rnd = Round.start(
        players=3,
        deck=["1", "2", "3", "4", "8", "5", "9", "6", "10", "7", "F4"],
        seed=1,
        totals=(150, 0, 20),
    )
    for choice in ("hit", "hit", "stay", "hit", "hit", "hit", "hit", "hit", "hit"):
        rnd.play(choice)
    assert rnd.pending is not None and rnd.pending.kind == "target"
    assert rnd.pending.player == 2
    assert AimBot().choose(rnd, 2, random.Random(0)) == "target 0"


def test_a_minus_card_goes_to_the_leader() -> None:
    rnd = stacked("5 9 7 -6", "hit")  # seat 1 (5) draws −6; seat 2 holds 9, seat 0 7
    assert rnd.pending is not None and rnd.pending.kind == "modifier"
    assert plain_other(rnd, 1) == "target 2"


def test_steal_takes_the_highest_number_that_does_not_bust() -> None:
    rnd = stacked("5 12 2 STEAL", "hit")
    assert AimBot().choose(rnd, 1, random.Random(0)) == "steal 2 12"
    rnd2 = stacked("12 12 2 STEAL", "hit")
    assert AimBot().choose(rnd2, 1, random.Random(0)) == "steal 0 2"


def test_discard_sheds_your_own_worst_minus_card() -> None:
    rnd = stacked("9 4 6 -10 DISCARD", "hit", "target 1", "stay", "stay", "hit")
    assert rnd.pending is not None and rnd.pending.kind == "discard"
    assert AimBot().choose(rnd, 1, random.Random(0)) == "discard 1 -10"


def test_the_endgame_rule_hits_when_a_finished_opponent_wins() -> None:
    # Bob stays on 12 at 190 (202); Ann on 150 holds 10 11 9 (bank 180):
    # a stop bot stays at 30, the endgame bot hits.
    rnd = Round.start(
        players=2,
        deck=["12", "10", "11", "9", "5", "6", "7", "8"],
        seed=1,
        totals=(150, 190),
    )
    for choice in ("stay", "hit", "hit"):
        rnd.play(choice)
    assert AimBot(25).choose(rnd, 0, random.Random(0)) == "stay"
    assert EndgameBot().choose(rnd, 0, random.Random(0)) == "hit"


def test_the_endgame_rule_stays_when_banking_wins() -> None:
    # Bob banks 112; Ann holds 10 at 190: 200, past the target ahead.
    rnd = Round.start(
        players=2, deck=["12", "10", "5", "6", "7", "8"], seed=1, totals=(190, 100)
    )
    rnd.play("stay")
    assert AimBot(25).choose(rnd, 0, random.Random(0)) == "hit"
    assert EndgameBot().choose(rnd, 0, random.Random(0)) == "stay"


def test_names_and_settings() -> None:
    assert make_bot("aim") == AimBot(27)
    assert make_bot("aim:24") == AimBot(24)
    assert make_bot("endgame") == EndgameBot(25)
    assert make_bot("endgame:30") == EndgameBot(30)
    assert make_bot("medium") == EndgameBot(27, name="medium")
