"""The lean play-out gives the full play-out's round (issue 38, item 3).

``lean.play_out`` plays the rest of a round on the round's own table
without its record (no ``Pending``, no option strings, no log) and asks
the bots on seats and read options. Wherever only the outcome counts it
stands in for ``bots.play_out`` (itself proven equal to asking every
decision, tests/test_lean_playout.py), so it must leave the same round:
every zone in order (the next round's deck and pile come from them),
lines, face-down cards, status, Flip 7, the Brutal attack, the scores, and
the bots' generator at the same number. Positions: fresh deals, 2–6
players, five rules variants (Brutal among them), short decks that
reshuffle mid-round, totals near the target and far from it, lineups
mixing the bots it plays itself with others (those fall back), the
advisor's forks at a turn and at every other kind of decision, and a
cycle of action cards cut at ``LONG_PLAY_OUT``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import Round, Rules, make_bot
from companion.rules.bots import Bot, StopBot, WinBot
from companion.rules.bots import play_out as full_play_out
from companion.rules.cards import full_deck
from companion.rules.decision import TURN
from companion.rules.lean import leanable, play_out
from companion.rules.plainbots import EndgameBot

VARIANTS = [
    Rules(),
    Rules(brutal=True),
    Rules(decks=2, target=150),
    Rules(lucky_pair_counts_two=False, target=120),
    Rules(brutal=True, target=60),
]
# The bots it plays itself first (the advisor's others among them), then
# bots it hands to bots.play_out.
ADVISOR_OTHERS = EndgameBot(plain=False)
BOTS: list[Bot] = [
    WinBot(),
    WinBot(30),
    StopBot(),
    StopBot(20),
    ADVISOR_OTHERS,
    EndgameBot(27, plain=False),
    make_bot("endgame"),
    make_bot("medium"),
    make_bot("odds"),
    make_bot("random"),
]
LEAN_BOTS = 6  # BOTS[:6] are played here


def outcome(rnd: Round) -> dict[str, Any]:
    """What a play-out leaves that anything reads."""
    deck, pile = rnd.leftovers()
    return {
        "zones": rnd.zones(),
        "lines": [rnd.line(i) for i in range(rnd.players)],
        "down": [rnd.face_down(i) for i in range(rnd.players)],
        "status": [str(rnd.status(i)) for i in range(rnd.players)],
        "flip7": rnd.flip7,
        "attacked": rnd.attacked,
        "scores": rnd.scores(),
        "leftovers": ([c.code for c in deck], [c.code for c in pile]),
    }


def same_outcome(make: Callable[[], Round], bots: Sequence[Bot], seed: int) -> None:
    """``make()`` twice: one played out lean, one in full; equal outcomes."""
    lean, full = make(), make()
    r1, r2 = random.Random(seed), random.Random(seed)
    play_out(lean, bots, r1)
    full_play_out(full, bots, r2)
    assert lean.over and full.over
    assert outcome(lean) == outcome(full)
    assert r1.random() == r2.random()  # the bots drew the same numbers


def lineup(picks: list[int], players: int, lean_only: bool) -> list[Bot]:
    pool = BOTS[:LEAN_BOTS] if lean_only else BOTS
    return [pool[picks[i % len(picks)] % len(pool)] for i in range(players)]


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 6),
    rules=st.sampled_from(VARIANTS),
    picks=st.lists(st.integers(0, 99), min_size=1, max_size=6),
    lead=st.integers(0, 200),
    gone=st.integers(0, 90),
    lean_only=st.booleans(),
)
def test_a_lean_play_out_leaves_the_full_ones_round(
    seed: int,
    players: int,
    rules: Rules,
    picks: list[int],
    lead: int,
    gone: int,
    lean_only: bool,
) -> None:
    """Fresh deals (the first decision may be in the deal), short decks,
    totals up to the target: the endgame rule and the win bot's catch-up
    speak in some and not in others."""
    totals = [(lead * (q + 1)) % (rules.target + 1) for q in range(players)]
    pile = full_deck(rules.decks)[:gone]

    def make() -> Round:
        return Round.start(
            players=players,
            dealer=seed % players,
            rules=rules,
            seed=seed,
            discard=pile,
            totals=totals,
        )

    same_outcome(make, lineup(picks, players, lean_only), seed)


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 5),
    rules=st.sampled_from(VARIANTS),
    steps=st.integers(0, 12),
    near=st.booleans(),
    gone=st.integers(0, 80),
    at_turn=st.booleans(),
)
def test_an_advisor_fork_plays_out_as_in_full(
    seed: int,
    players: int,
    rules: Rules,
    steps: int,
    near: bool,
    gone: int,
    at_turn: bool,
) -> None:
    """The advisor's and the choice advice's play-outs: a fork (at a turn,
    or at a target, steal, swap, discard, modifier or ±15), each option
    played, then the player a win bot and the others endgame bots with the
    shared tactics."""
    base = rules.target - 20 if near else 0
    pile = full_deck(rules.decks)[:gone]
    rnd = Round.start(
        players=players, rules=rules, seed=seed, discard=pile, totals=[base] * players
    )
    rng = random.Random(seed)
    for _ in range(steps):
        if rnd.over:
            return
        rnd.play(rng.choice(rnd.legal()))
    while (pend := rnd.pending) is not None and (pend.kind is TURN) != at_turn:
        rnd.play(rng.choice(rnd.legal()))
    if pend is None:
        return
    bots: list[Bot] = [ADVISOR_OTHERS] * players
    bots[pend.player] = WinBot()
    for choice in pend.options[:6]:

        def make(choice: str = choice) -> Round:
            twin = rnd.fork_unseen(random.Random(seed), "advice")
            twin.play(choice)
            return twin

        same_outcome(make, bots, seed)


@pytest.mark.parametrize("spec", ["win", "endgame", "stop:27"])
@pytest.mark.parametrize("total", [0, 190])
@pytest.mark.parametrize("hit", [True, False], ids=["at-steal", "at-turn"])
def test_a_cycle_of_action_cards_is_cut_at_the_same_decision(
    spec: str, total: int, hit: bool
) -> None:
    """Only a Steal left to draw (tests/test_bots.py): cut at
    ``LONG_PLAY_OUT`` decisions, counted as the full play-out counts them
    (the stay at the cut falls on a different seat otherwise), from the
    Steal or from the turn before it (a stop bot's turn asked, counted)."""

    def make() -> Round:
        rnd = Round.start(
            players=3, deck=["5", "8", "5", "STEAL"], seed=1, totals=[total] * 3
        )
        if hit:
            rnd.play("hit")
        return rnd

    bot = ADVISOR_OTHERS if spec == "endgame" else make_bot(spec)
    assert leanable(bot)
    for seed in range(4):
        same_outcome(make, [bot] * 3, seed)


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
