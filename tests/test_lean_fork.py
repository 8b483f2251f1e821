"""The play-outs' cheap forks equal the replayed ones (issue 38, item 3).

At a hit or stay :meth:`Round.fork` copies the table instead of replaying
every choice from the deal, :meth:`Round.fork_unseen` draws the numbers of
the shuffle its sort undoes without moving a card, and :meth:`Round.copy`
hands out the same deal twice. Each must be what the long way gives: the
same state, the same draws left in the generator, and the same round when
both are played on with the same choices to the end.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import Round, Rules
from companion.rules.cards import full_deck
from companion.rules.shuffle import shuffle, skip

VARIANTS = [
    Rules(),
    Rules(brutal=True),
    Rules(decks=2, target=150),
    Rules(lucky_pair_counts_two=False),
    Rules(brutal=True, target=60),
]


def at_a_turn(
    seed: int, players: int, rules: Rules, steps: int, gone: int = 0
) -> Round | None:
    """A round after ``steps`` random choices, moved on to the next hit or
    stay (None if it ends first). ``gone``: cards on the discard pile from
    earlier rounds (a short deck: reshuffles mid-round)."""
    rng = random.Random(seed)
    pile = full_deck(rules.decks)[:gone]
    rnd = Round.start(players=players, rules=rules, seed=seed, discard=pile)
    for _ in range(steps):
        if rnd.over:
            return None
        rnd.play(rng.choice(rnd.legal()))
    while (pend := rnd.pending) is not None and pend.kind != "turn":
        rnd.play(rng.choice(rnd.legal()))
    return None if rnd.over else rnd


def at_a_choice(seed: int, players: int, rules: Rules, gone: int) -> Round | None:
    """A round at its first decision that is not a hit or stay (a target,
    a steal, a modifier…), reached by random choices (None if it ends
    first)."""
    rng = random.Random(seed)
    pile = full_deck(rules.decks)[:gone]
    rnd = Round.start(players=players, rules=rules, seed=seed, discard=pile)
    while (pend := rnd.pending) is not None and pend.kind == "turn":
        rnd.play(rng.choice(rnd.legal()))
    return None if rnd.over else rnd


def replayed_unseen(rnd: Round, rng: random.Random, label: str) -> Round:
    """``fork_unseen`` as it was before the cheap path: a replayed fork,
    its reshuffle seed replaced, its deck sorted and shuffled again."""
    twin = rnd._replayed(rng)
    t = twin._t
    t.seed = f"{label}/{rng.getrandbits(32)}"
    t.discard.sort(key=lambda c: c.code)
    t.deck.sort(key=lambda c: c.code)
    shuffle(rng, t.deck)
    return twin


def same(a: Round, b: Round) -> None:
    assert a == b
    assert a._t.seed == b._t.seed and a._t.reshuffles == b._t.reshuffles
    assert a.events == b.events


def play_both(a: Round, b: Round, seed: int) -> None:
    """The same random choices on both, to the end, equal at every step."""
    rng = random.Random(seed)
    while not a.over:
        choice = rng.choice(a.legal())
        a.play(choice)
        b.play(choice)
        same(a, b)
    assert b.over and a.scores() == b.scores()


rounds = st.builds(
    at_a_turn,
    seed=st.integers(0, 2**32),
    players=st.integers(2, 6),
    rules=st.sampled_from(VARIANTS),
    steps=st.integers(0, 12),
    gone=st.sampled_from([0, 0, 40, 70, 85]),
).filter(lambda rnd: rnd is not None)


@settings(max_examples=150, deadline=None)
@given(rnd=rounds, fork_seed=st.integers(0, 2**32), marks=st.booleans())
def test_a_fork_at_a_turn_is_the_replayed_fork(
    rnd: Round, fork_seed: int, marks: bool
) -> None:
    if marks:  # a play-out's stop marks: a fork asks again, as a replay does
        for seat in rnd.seats:
            rnd.stop_at(seat, 20)
    r1, r2 = random.Random(fork_seed), random.Random(fork_seed)
    lean, long = rnd.fork(r1), rnd._replayed(r2)
    same(lean, long)
    assert r1.random() == r2.random()  # the same numbers drawn
    play_both(lean, long, fork_seed)


choices = st.builds(
    at_a_choice,
    seed=st.integers(0, 2**32),
    players=st.integers(2, 6),
    rules=st.sampled_from(VARIANTS),
    gone=st.sampled_from([0, 0, 40, 70, 85]),
).filter(lambda rnd: rnd is not None)


@settings(max_examples=150, deadline=None)
@given(rnd=choices, fork_seed=st.integers(0, 2**32))
def test_a_fork_at_any_other_decision_is_the_replayed_fork(
    rnd: Round, fork_seed: int
) -> None:
    """It resumes from the last turn (remembered after the first fork) and
    replays the choices since: twice, to use the remembered table too."""
    for salt in (0, 1):
        r1, r2 = random.Random(fork_seed + salt), random.Random(fork_seed + salt)
        lean, long = rnd.fork(r1), rnd._replayed(r2)
        same(lean, long)
        assert r1.random() == r2.random()
        unseen = rnd.fork_unseen(random.Random(salt), "advice")
        same(unseen, replayed_unseen(rnd, random.Random(salt), "advice"))
        play_both(lean, long, fork_seed)


def test_a_fork_after_the_round_went_on_starts_from_where_it_stands() -> None:
    """The remembered turn belongs to one position: once the round goes on,
    a fork finds its own."""
    for seed in range(40):
        rnd = at_a_choice(seed, 3, Rules(), 0)
        if rnd is None:
            continue
        rnd.fork(random.Random(0))
        rng = random.Random(seed)
        while not rnd.over:
            same(rnd.fork(random.Random(1)), rnd._replayed(random.Random(1)))
            rnd.play(rng.choice(rnd.legal()))


@settings(max_examples=150, deadline=None)
@given(rnd=rounds, fork_seed=st.integers(0, 2**32))
def test_an_unseen_fork_at_a_turn_is_the_replayed_one(
    rnd: Round, fork_seed: int
) -> None:
    r1, r2 = random.Random(fork_seed), random.Random(fork_seed)
    lean, long = rnd.fork_unseen(r1, "advice"), replayed_unseen(rnd, r2, "advice")
    same(lean, long)
    assert r1.random() == r2.random()
    play_both(lean, long, fork_seed)


@settings(max_examples=100, deadline=None)
@given(rnd=rounds, seed=st.integers(0, 2**32))
def test_a_copy_plays_on_as_the_round_itself(rnd: Round, seed: int) -> None:
    """A copy of a dealt round goes on exactly as the round does, and a copy
    of a fork as a second fork from the same generator."""
    twin = rnd.copy()
    same(twin, rnd)
    fork = rnd.fork_unseen(random.Random(seed), "advice")
    again = fork.copy()
    same(again, rnd.fork_unseen(random.Random(seed), "advice"))
    play_both(twin, rnd, seed)
    play_both(again, fork, seed)
    with pytest.raises(ValueError):
        twin.to_json()


def test_a_copy_is_only_at_a_hit_or_stay() -> None:
    rnd = Round.start(players=3, seed=4)
    rng = random.Random(0)
    while (pend := rnd.pending) is not None and pend.kind == "turn":
        rnd.play(rng.choice(rnd.legal()))
    if pend is not None:  # a target, a steal…: the generator's place is deeper
        with pytest.raises(ValueError):
            rnd.copy()
    finished = at_a_turn(1, 2, Rules(), 0)
    assert finished is not None
    while not finished.over:
        finished.play(finished.legal()[-1])
    with pytest.raises(ValueError):
        finished.copy()


@given(seed=st.integers(0, 2**64), size=st.integers(0, 300))
def test_skipping_a_shuffle_draws_what_the_shuffle_draws(seed: int, size: int) -> None:
    a, b = random.Random(seed), random.Random(seed)
    shuffle(a, list(range(size)))
    skip(b, size)
    assert a.getrandbits(64) == b.getrandbits(64)
