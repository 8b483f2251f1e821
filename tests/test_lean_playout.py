"""The play-out's engine-played turns equal the asked ones (issue 38, item 3).

``bots.play_out`` lets the engine make a hit or stay itself: a stop bot's
by its mark (``Round.stop_at``), a ``win`` or ``endgame`` bot's by calling
the bot's ``turn`` inside the turn loop (``Round.turn_by``), without a
round trip through ``pending``, ``choose`` and ``Round.play``. Each must
give the round the full one gives: every decision asked through
``pending`` and answered by the bot's ``choose`` (:func:`asked`, which
counts the decisions as ``play_out`` did before the shortcuts, so a
play-out cut short (``LONG_PLAY_OUT``) is cut at the same decision), on
many seeded deals, near the end of a game and far from it, on fresh
rounds, on the advisor's forks and when only action cards are left.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import Round, Rules, make_bot
from companion.rules.bots import (
    LONG_PLAY_OUT,
    NEVER_HIT,
    Bot,
    StopBot,
    WinBot,
    play_out,
)
from companion.rules.decision import TURN
from companion.rules.plainbots import EndgameBot, endgame_near

VARIANTS = [
    Rules(),
    Rules(brutal=True),
    Rules(decks=2, target=150),
    Rules(lucky_pair_counts_two=False, target=120),
    Rules(brutal=True, target=60),
]
SPECS = ["win", "win:30", "endgame", "medium", "stop", "stop:20", "odds", "random"]
ADVISOR_OTHERS = EndgameBot(plain=False)  # the advisor's play-outs' others


def asked(rnd: Round, bots: Sequence[Bot], rng: random.Random) -> None:
    """Every decision asked through ``pending`` and played with ``play``, as
    the bots choose; the decisions counted as ``play_out`` counted them
    before any turn was played by the engine (all but the turns of a stop
    bot, and of an endgame bot far from the end), and at
    :data:`LONG_PLAY_OUT` every bot a stop bot that stays."""
    near = endgame_near(rnd)
    marked = {
        p
        for p in rnd.seats
        if type(bots[p]) is StopBot or (type(bots[p]) is EndgameBot and not near)
    }
    count = 0
    while (pend := rnd.pending) is not None:
        if not (pend.kind is TURN and pend.player in marked):
            count += 1
            if count == LONG_PLAY_OUT:
                bots = [StopBot(NEVER_HIT)] * rnd.players
                marked = set(rnd.seats)
        rnd.play(bots[pend.player].choose(rnd, pend.player, rng))


def same_play(make: object, bots: Sequence[Bot], seed: int) -> None:
    """``make()`` twice: one played out, one asked; equal to the end."""
    assert callable(make)
    lean, full = make(), make()
    r1, r2 = random.Random(seed), random.Random(seed)
    play_out(lean, bots, r1)
    asked(full, bots, r2)
    assert lean.over and full.over
    assert lean == full  # setup, choices, the raw log, the visible state
    assert lean.events == full.events
    assert lean.scores() == full.scores()
    assert r1.random() == r2.random()  # the bots drew the same numbers


def lineup(picks: list[int], players: int) -> list[Bot]:
    return [make_bot(SPECS[picks[i % len(picks)]]) for i in range(players)]


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 6),
    rules=st.sampled_from(VARIANTS),
    picks=st.lists(st.integers(0, len(SPECS) - 1), min_size=1, max_size=6),
    lead=st.integers(0, 200),
)
def test_a_played_out_round_is_the_asked_round(
    seed: int, players: int, rules: Rules, picks: list[int], lead: int
) -> None:
    """Fresh deals; totals up to the target, so the endgame rule and the
    win bot's catch-up speak in some and not in others."""
    totals = [(lead * (q + 1)) % (rules.target + 1) for q in range(players)]

    def make() -> Round:
        return Round.start(
            players=players,
            dealer=seed % players,
            rules=rules,
            seed=seed,
            totals=totals,
        )

    same_play(make, lineup(picks, players), seed)


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 5),
    rules=st.sampled_from(VARIANTS),
    steps=st.integers(0, 10),
    near=st.booleans(),
)
def test_an_advisor_fork_plays_out_as_asked(
    seed: int, players: int, rules: Rules, steps: int, near: bool
) -> None:
    """The advisor's play-outs: a fork at a turn, the player a win bot, the
    others endgame bots with the shared tactics, copied per option."""
    base = rules.target - 20 if near else 0
    rnd = Round.start(players=players, rules=rules, seed=seed, totals=[base] * players)
    rng = random.Random(seed)
    for _ in range(steps):
        if rnd.over:
            return
        rnd.play(rng.choice(rnd.legal()))
    while (pend := rnd.pending) is not None and pend.kind is not TURN:
        rnd.play(rng.choice(rnd.legal()))
    if pend is None:
        return
    deal = rnd.fork_unseen(random.Random(seed), "advice")
    bots: list[Bot] = [ADVISOR_OTHERS] * players
    bots[pend.player] = WinBot()
    for choice in pend.options:

        def make(choice: str = choice) -> Round:
            twin = deal.copy()
            twin.play(choice)
            return twin

        same_play(make, bots, seed)


@pytest.mark.parametrize("spec", ["win", "endgame:27", "stop:27"])
@pytest.mark.parametrize("total", [0, 190])
def test_a_cycle_of_action_cards_is_cut_at_the_same_decision(
    spec: str, total: int
) -> None:
    """Only a Steal left to draw (tests/test_bots.py): the play-out is cut
    at :data:`LONG_PLAY_OUT` decisions, counted the same way when the
    engine plays the turns (an endgame bot's near the end, a win bot's)."""

    def make() -> Round:
        rnd = Round.start(
            players=3, deck=["5", "8", "5", "STEAL"], seed=1, totals=[total] * 3
        )
        rnd.play("hit")
        return rnd

    bots = [make_bot(spec)] * 3
    same_play(make, bots, 2)
    lean = make()
    play_out(lean, bots, random.Random(2))
    assert lean.over


def test_a_turner_that_answers_wrong_is_refused() -> None:
    """``Round.turn_by`` checks what it records: ``stay`` over The Zero, or
    anything but ``hit``/``stay``, raises instead of entering the log."""
    rnd = Round.start(players=2, seed=1)
    seat = rnd.seats[0]
    rnd.turn_by(seat, lambda p, must: "jump")
    rnd.turn_by(rnd.seats[1], lambda p, must: "jump")
    with pytest.raises(ValueError, match="not a legal turn"):
        while rnd.pending is not None:
            rnd.play(rnd.legal()[0])
