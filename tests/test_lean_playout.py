"""The play-outs' shortcuts leave the round every decision asked would
(issue 38, item 3): three drivers, one round each, compared.

- ``asked``: every decision through ``pending``, answered by the bot's
  ``choose`` and played with ``Round.play``, counted as ``play_out`` did
  before any shortcut (a play-out cut at ``LONG_PLAY_OUT`` is cut at the
  same decision).
- ``bots.play_out``: the engine makes a hit or stay itself, a stop bot's
  by its mark (``Round.stop_at``), a ``win`` or ``endgame`` bot's by
  calling its ``turn`` inside the turn loop (``Round.turn_by``). Equal to
  ``asked`` in everything, the log and the events too.
- ``lean.play_out``: the rest of the round on its own table, with no
  record (no ``Pending``, option strings or log), the bots asked on seats.
  Equal in every zone in order (the next round's deck and pile come from
  them), line, face-down card, status, Flip 7, Brutal attack and score.

All three leave the bots' generator at the same number. Positions: fresh
deals of 2–6 players, five rules variants (Brutal among them), short decks
that reshuffle mid-round, totals near the target and far from it, lineups
mixing the bots the lean play-out plays itself with others (those fall
back), the advisor's forks at a turn and at every other kind of decision,
and a cycle of action cards cut at ``LONG_PLAY_OUT``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

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
from companion.rules.cards import full_deck
from companion.rules.decision import TURN
from companion.rules.lean import leanable
from companion.rules.lean import play_out as lean_play_out
from companion.rules.plainbots import EndgameBot, endgame_near

VARIANTS = [
    Rules(),
    Rules(brutal=True),
    Rules(decks=2, target=150),
    Rules(lucky_pair_counts_two=False, target=120),
    Rules(brutal=True, target=60),
]
ADVISOR_OTHERS = EndgameBot(plain=False)  # the advisor's play-outs' others
# The bots the lean play-out plays itself first, then bots it hands to
# bots.play_out.
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
LEAN_BOTS = 6  # BOTS[:6] are played by the lean play-out


def asked(rnd: Round, bots: Sequence[Bot], rng: random.Random) -> None:
    """Every decision asked through ``pending`` and played with ``play``, as
    the bots choose; the decisions counted as ``play_out`` counted them
    before any turn was played by the engine (all but the turns of a stop
    bot, and of an endgame bot far from the end, but for the decision it
    starts at, already asked), and at :data:`LONG_PLAY_OUT` every bot a
    stop bot that stays."""
    near = endgame_near(rnd)
    marked = {
        p
        for p in rnd.seats
        if type(bots[p]) is StopBot or (type(bots[p]) is EndgameBot and not near)
    }
    count = 0
    first = True  # already asked: play_out meets it pending, mark or not
    while (pend := rnd.pending) is not None:
        if first or not (pend.kind is TURN and pend.player in marked):
            first = False
            count += 1
            if count == LONG_PLAY_OUT:
                bots = [StopBot(NEVER_HIT)] * rnd.players
                marked = set(rnd.seats)
        rnd.play(bots[pend.player].choose(rnd, pend.player, rng))


def outcome(rnd: Round) -> dict[str, Any]:
    """What a play-out leaves that anything reads (a lean round has no
    record to compare)."""
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


def same_play(make: Callable[[], Round], bots: Sequence[Bot], seed: int) -> None:
    """``make()`` three times: played out, asked, played out lean; the
    play-out equal to the asked round to the end, the lean one in outcome."""
    played, full, lean = make(), make(), make()
    r1, r2, r3 = random.Random(seed), random.Random(seed), random.Random(seed)
    play_out(played, bots, r1)
    asked(full, bots, r2)
    lean_play_out(lean, bots, r3)
    assert played.over and full.over and lean.over
    assert played == full  # setup, choices, the raw log, the visible state
    assert played.events == full.events
    assert played.scores() == full.scores()
    assert outcome(lean) == outcome(played)
    drawn = r1.random()
    assert drawn == r2.random()  # the bots drew the same numbers
    assert drawn == r3.random()


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
def test_a_played_out_round_is_the_asked_round(
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

    same_play(make, lineup(picks, players, lean_only), seed)


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
def test_an_advisor_fork_plays_out_as_asked(
    seed: int,
    players: int,
    rules: Rules,
    steps: int,
    near: bool,
    gone: int,
    at_turn: bool,
) -> None:
    """The advisor's and the choice advice's play-outs: a fork at a turn
    (copied per option) or at a target, steal, swap, discard, modifier or
    ±15 (forked per option), each option played, then the player a win bot
    and the others endgame bots with the shared tactics."""
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
    deal = rnd.fork_unseen(random.Random(seed), "advice") if at_turn else None
    bots: list[Bot] = [ADVISOR_OTHERS] * players
    bots[pend.player] = WinBot()
    for choice in pend.options[:6]:

        def make(choice: str = choice) -> Round:
            if deal is not None:
                twin = deal.copy()
            else:
                twin = rnd.fork_unseen(random.Random(seed), "advice")
            twin.play(choice)
            return twin

        same_play(make, bots, seed)


@pytest.mark.parametrize("spec", ["win", "endgame:27", "advisor", "stop:27"])
@pytest.mark.parametrize("total", [0, 190])
@pytest.mark.parametrize("hit", [True, False], ids=["at-steal", "at-turn"])
def test_a_cycle_of_action_cards_is_cut_at_the_same_decision(
    spec: str, total: int, hit: bool
) -> None:
    """Only a Steal left to draw (tests/test_bots.py): the play-out is cut
    at :data:`LONG_PLAY_OUT` decisions, counted the same way when the
    engine plays the turns (an endgame bot's near the end, a win bot's)
    and in the lean play-out (the stay at the cut falls on a different
    seat otherwise), from the Steal or from the turn before it (a stop
    bot's turn asked, counted)."""

    def make() -> Round:
        rnd = Round.start(
            players=3, deck=["5", "8", "5", "STEAL"], seed=1, totals=[total] * 3
        )
        if hit:
            rnd.play("hit")
        return rnd

    bot = ADVISOR_OTHERS if spec == "advisor" else make_bot(spec)
    assert leanable(bot) == (spec != "endgame:27")  # a plain endgame bot falls back
    for seed in range(4):
        same_play(make, [bot] * 3, seed)


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
