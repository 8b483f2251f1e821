"""What the engine asks: one :class:`Pending` decision at a time, of one
:class:`Decision` kind.

``Round.pending`` answers with a :class:`Pending`; its ``kind`` says which
decision it is. The kinds are ``StrEnum`` members, so they equal the strings
earlier code and saved state used (``"turn"`` …) and print as them, while
code compares against the members (``pend.kind is TURN``).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, NamedTuple


class Decision(StrEnum):
    TURN = "turn"  # hit or stay (only hit while holding The Zero, R4)
    TARGET = "target"  # who draws for Just One More or Flip Four
    MODIFIER = "modifier"  # who gets a ÷2 or −N card (R17)
    STEAL = "steal"  # which card to take (R14)
    SWAP = "swap"  # which two cards to exchange (R15)
    DISCARD = "discard"  # which card to throw away (R16)
    FLIP7 = "flip7"  # Brutal Flip 7: +15 for oneself or −15 to another (R20)


TURN: Final = Decision.TURN
TARGET: Final = Decision.TARGET
MODIFIER: Final = Decision.MODIFIER
STEAL: Final = Decision.STEAL
SWAP: Final = Decision.SWAP
DISCARD: Final = Decision.DISCARD
FLIP7: Final = Decision.FLIP7

# The decision an action card asks of its holder, by the card's code.
CARD_ACTIONS: Final[dict[str, Decision]] = {
    "STEAL": STEAL,
    "SWAP": SWAP,
    "DISCARD": DISCARD,
}


class Pending(NamedTuple):
    """A decision: who decides, what kind, the card being resolved (if any),
    and every legal choice in a stable order."""

    player: int
    kind: Decision
    card: str | None
    options: tuple[str, ...]
