"""Cards as small immutable values with a text round trip.

Every card has a short code (RULES.md section 1) used in tests, logs, saved
games and share codes: ``Card.parse("13l").code == "13L"``. Equality is by
code, so two copies of the same card compare equal; the engine tracks copies
by position, never by identity.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final


class Kind(StrEnum):
    """What a card does: counts in a line, changes the score, or acts."""

    NUMBER = "number"
    MODIFIER = "modifier"
    ACTION = "action"


ACTION_NAMES: Final[dict[str, str]] = {
    "JOM": "Just One More!",
    "F4": "Flip Four!",
    "STEAL": "Steal",
    "SWAP": "Swap",
    "DISCARD": "Discard",
}

SPECIAL_NAMES: Final[dict[str, str]] = {
    "0": "The Zero",
    "7U": "Unlucky 7",
    "13L": "Lucky 13",
}

MINUS_CODES: Final[tuple[str, ...]] = ("-2", "-4", "-6", "-8", "-10")

# Copies of each card in one deck, in the order the rulebook lists them.
ONE_DECK: Final[dict[str, int]] = {
    "0": 1,
    **{str(n): n for n in range(1, 7)},
    "7": 6,
    "7U": 1,
    **{str(n): n for n in range(8, 13)},
    "13": 12,
    "13L": 1,
    "/2": 1,
    **{code: 1 for code in MINUS_CODES},
    **{code: 2 for code in ACTION_NAMES},
}

# The one map of face values: number cards only (Zero 0, Unlucky 7 is 7,
# Lucky 13 is 13). Code-keyed, for hot paths that work on codes.
NUMBER_VALUES: Final[dict[str, int]] = {
    **{str(n): n for n in range(14)},
    "7U": 7,
    "13L": 13,
}
MINUS_VALUES: Final[dict[str, int]] = {code: -int(code) for code in MINUS_CODES}


class CardParseError(ValueError):
    """A token that is not a card code; the message names the token."""

    def __init__(self, token: str) -> None:
        super().__init__(
            f"Unknown card {token!r}: use 0-13, 7U, 13L, /2, -2 to -10, "
            "JOM, F4, STEAL, SWAP or DISCARD"
        )
        self.token = token


def _normalise(token: str) -> str:
    text = token.strip().upper().replace("÷", "/").replace("−", "-")
    text = text.replace("–", "-")
    return text


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One card, known by its code (``"7"``, ``"13L"``, ``"/2"``, ``"F4"``)."""

    code: str

    def __post_init__(self) -> None:
        if self.code not in ONE_DECK:
            raise CardParseError(self.code)

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read one code, case-insensitively, accepting ``÷2`` and ``−4``."""
        code = _normalise(token)
        if code not in ONE_DECK:
            raise CardParseError(token)
        return CARDS[code]

    @property
    def kind(self) -> Kind:
        if self.code in NUMBER_VALUES:
            return Kind.NUMBER
        if self.code in ACTION_NAMES:
            return Kind.ACTION
        return Kind.MODIFIER

    @property
    def is_number(self) -> bool:
        return self.code in NUMBER_VALUES

    @property
    def is_modifier(self) -> bool:
        return self.kind is Kind.MODIFIER

    @property
    def is_action(self) -> bool:
        return self.code in ACTION_NAMES

    @property
    def value(self) -> int:
        """Face value of a number card (Zero 0, Unlucky 7 is 7, Lucky 13 is 13)."""
        if self.code not in NUMBER_VALUES:
            raise ValueError(f"{self.code} is not a number card")
        return NUMBER_VALUES[self.code]

    @property
    def minus(self) -> int:
        """Points a −N modifier takes away (0 for every other card)."""
        return MINUS_VALUES.get(self.code, 0)

    @property
    def is_halve(self) -> bool:
        return self.code == "/2"

    @property
    def name(self) -> str:
        """A player-facing name: ``"Lucky 13"``, ``"÷2"``, ``"−4"``, ``"Steal"``."""
        if self.code in SPECIAL_NAMES:
            return SPECIAL_NAMES[self.code]
        if self.code in ACTION_NAMES:
            return ACTION_NAMES[self.code]
        if self.code == "/2":
            return "÷2"
        if self.code in MINUS_CODES:
            return "−" + self.code[1:]
        return self.code

    def __str__(self) -> str:
        return self.code


# The one interned table: one immortal Card object per code. Card.parse,
# full_deck and the deal engine hand out only these, so the engine may compare
# and cache a line's cards by identity (see table.py, linescores.py).
CARDS: Final[dict[str, Card]] = {code: Card(code) for code in ONE_DECK}
ALL_CODES: Final[tuple[str, ...]] = tuple(ONE_DECK)


def card(code: str | Card) -> Card:
    """Accept a card or its code wherever the API takes cards."""
    return code if isinstance(code, Card) else Card.parse(code)


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Parse a space- or comma-separated line of codes into cards.

    ``parse_cards("3 11 ÷2 −4")`` and ``parse_cards(["3", "11"])`` both work;
    a bad token raises :class:`CardParseError` (a ``ValueError``) naming it.
    """
    tokens: Iterable[str | Card]
    tokens = text.replace(",", " ").split() if isinstance(text, str) else text
    return [card(t) for t in tokens]


def deck_counts(decks: int = 1) -> Counter[str]:
    """How many copies of each code 1 or 2 combined decks hold."""
    if decks not in (1, 2):
        raise ValueError(f"decks must be 1 or 2, not {decks}")
    return Counter({code: n * decks for code, n in ONE_DECK.items()})


def full_deck(decks: int = 1) -> list[Card]:
    """Every card of 1 or 2 decks (108 or 216), in a fixed unshuffled order."""
    if decks not in _FULL_DECKS:  # deck_counts checks ``decks``
        counts = deck_counts(decks)
        _FULL_DECKS[decks] = [CARDS[c] for c, n in counts.items() for _ in range(n)]
    return list(_FULL_DECKS[decks])  # a new list: callers shuffle it


_FULL_DECKS: Final[dict[int, list[Card]]] = {}
