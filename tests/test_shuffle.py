"""The engine's inlined shuffle is ``random.Random.shuffle``, permutation for
permutation, and leaves the generator in the same state."""

from __future__ import annotations

import random

from companion.rules.shuffle import shuffle


def assert_same_as_random(seed: int | str, n: int) -> None:
    """The same permutation of ``range(n)`` and the same generator state
    afterwards as ``Random.shuffle`` from ``seed``."""
    mine, theirs = random.Random(seed), random.Random(seed)
    a, b = list(range(n)), list(range(n))
    shuffle(mine, a)
    theirs.shuffle(b)
    assert a == b
    assert mine.getstate() == theirs.getstate()


def test_same_permutation_and_state_as_random_shuffle() -> None:
    for seed in [0, 1, 7, 2**40 + 3, "3/0", "abc/fork/9"]:
        for n in [0, 1, 2, 3, 5, 16, 17, 64, 108, 216, 300]:
            assert_same_as_random(seed, n)


def test_a_subclass_keeps_its_own_shuffle() -> None:
    class Fixed(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    cards = [1, 2, 3]
    shuffle(Fixed(1), cards)
    assert cards == [3, 2, 1]


def test_same_draws_for_many_seeds_and_sizes() -> None:
    """Many seeds, and small to long lists (redraws happen on every size
    that is not a power of two)."""
    for seed in range(200):
        for n in [2, 4, 9, 108, 1023, 1024, 1500] if seed < 5 else [108, 216]:
            assert_same_as_random(seed, n)
