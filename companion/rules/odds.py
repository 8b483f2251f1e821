"""Exact odds for the player about to draw, from the cards not yet seen."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from .cards import Card, card
from .config import FLIP7_CARDS, Rules
from .lines import flip7_count, would_bust


def _cards(xs: Iterable[Card | str]) -> list[Card]:
    return [card(x) for x in xs]


def bust_chance(
    line: Iterable[Card | str],
    unseen: Iterable[Card | str],
    rules: Rules = Rules(),
) -> Fraction:
    """Chance that the next card, drawn uniformly from ``unseen``, busts ``line``.

    Exact: busting cards counted over all unseen cards. Actions and modifiers
    are safe, the Unlucky 7 never busts, the Lucky 13 pair is allowed. With no
    card left to draw the chance is 0.
    """
    held = _cards(line)
    pool = _cards(unseen)
    if not pool:
        return Fraction(0)
    del rules  # the bust test does not depend on the options; kept for the API
    return Fraction(sum(1 for c in pool if would_bust(held, c)), len(pool))


def flip7_chance(
    line: Iterable[Card | str],
    unseen: Iterable[Card | str],
    rules: Rules = Rules(),
) -> Fraction:
    """Chance that the next card completes Flip 7 for ``line``."""
    held = _cards(line)
    pool = _cards(unseen)
    if not pool:
        return Fraction(0)
    good = sum(
        1
        for c in pool
        if c.is_number
        and c.code != "7U"
        and not would_bust(held, c)
        and flip7_count([*held, c], rules) >= FLIP7_CARDS
    )
    return Fraction(good, len(pool))
