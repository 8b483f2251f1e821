"""Checking ``Round.start``'s arguments and preparing its cards.

Kept apart from the state machine: which seats play, the deck (stacked, or
every card not on the discard pile shuffled from the seed), and the seed
that also fixes any mid-round reshuffle, so the round can be replayed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from .cards import Card, card, full_deck
from .config import Rules
from .shuffle import shuffle
from .table import InternedCards, intern


def cards_of(cards: Iterable[Card | str]) -> list[Card]:
    """The interned card for each card or code (one fast pass for cards)."""
    if type(cards) is InternedCards:
        return list(cards)  # leftovers of an earlier round: already interned
    items = list(cards)
    try:
        return intern(items)  # type: ignore[arg-type]
    except AttributeError:  # some codes: parse them
        return intern([card(c) for c in items])


class Setup(NamedTuple):  # a tuple: cheap to build once per round
    seats: tuple[int, ...]
    deck: list[Card]
    discard: list[Card]
    seed: int | str
    totals: tuple[int, ...] | None


def prepare(
    players: int,
    dealer: int,
    rules: Rules,
    deck: Sequence[Card | str] | None,
    seed: int | str | None,
    discard: Sequence[Card | str],
    active_players: Sequence[int] | None,
    totals: Sequence[int] | None,
) -> Setup:
    """Check the arguments of ``Round.start`` and deal out its cards."""
    if not 1 <= players <= rules.max_players:
        raise ValueError(f"players must be 1 to {rules.max_players}")
    if active_players is None:
        seats = tuple(range(players))
    else:
        seats = tuple(sorted(set(active_players)))
        if not seats or any(not 0 <= s < players for s in seats):
            raise ValueError("active_players must be seats of this table")
    if dealer not in seats:
        raise ValueError("the dealer must take part in the round")
    if totals is not None and len(totals) != players:
        raise ValueError("one total per seat")
    pile = cards_of(discard)
    if seed is None:
        # A stacked deck fixes its own seed; otherwise pick one and keep it.
        seed = (
            " ".join(card(c).code for c in deck)
            if deck is not None
            else random.Random().getrandbits(63)
        )
    if deck is None:
        left = Counter(c.code for c in full_deck(rules.decks))
        left.subtract(c.code for c in pile)
        cards = [Card.parse(code) for code in sorted(left.elements())]
        shuffle(random.Random(seed), cards)
    else:
        cards = cards_of(deck)
    return Setup(seats, cards, pile, seed, None if totals is None else tuple(totals))
