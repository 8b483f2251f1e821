"""``random.Random.shuffle``, the same permutation for the same generator
state, without a Python call per card.

Every round shuffles a deck (a new game's, a reshuffled discard pile); the
standard library's shuffle calls ``_randbelow`` once per card. This is its
algorithm (CPython 3.11-3.13: Fisher-Yates from the end, each index drawn
with ``getrandbits`` of the bound's bit length, redrawn while out of range)
inlined, so saved rounds, fixed seeds and fingerprints stay exactly as they
were. tests/test_shuffle.py checks it against ``Random.shuffle``; any other
generator type (a subclass may draw differently) uses its own shuffle.
"""

from __future__ import annotations

import random
from typing import Any, Final


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """Shuffle ``x`` in place exactly as ``rng.shuffle(x)`` would."""
    if type(rng) is not random.Random:
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    bits = _BITS if len(x) <= len(_BITS) else _bits(len(x))
    for i in range(len(x) - 1, 0, -1):
        k = bits[i]  # the bound i + 1's bit length
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def skip(rng: random.Random, size: int) -> None:
    """Draw from ``rng`` exactly what :func:`shuffle` of a list of ``size``
    would, without the list: for a shuffle whose order is thrown away (a
    fork sorted right after, :meth:`.round.Round.fork_unseen`) but whose
    draws the generator's later numbers depend on."""
    if type(rng) is not random.Random:
        rng.shuffle([None] * size)
        return
    getrandbits = rng.getrandbits
    bits = _BITS if size <= len(_BITS) else _bits(size)
    for i in range(size - 1, 0, -1):
        k = bits[i]
        while getrandbits(k) > i:
            pass


def _bits(size: int) -> list[int]:
    """``(i + 1).bit_length()`` for each index ``i`` of a list of ``size``."""
    return [(i + 1).bit_length() for i in range(size)]


_BITS: Final = _bits(1 << 9)  # a table, not a call per card
