"""The table's rule settings, chosen before a game and fixed for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

FLIP7_BONUS: Final = 15
FLIP7_CARDS: Final = 7


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """Game options.

    ``lucky_pair_counts_two`` is ruling R8 (option: the Lucky 13 pair counts
    once toward Flip 7); ``tie_break`` is R21 (option: tied leaders share the
    win instead of playing tie-break rounds).
    """

    brutal: bool = False
    target: int = 200
    decks: int = 1
    lucky_pair_counts_two: bool = True
    tie_break: bool = True

    def __post_init__(self) -> None:
        if self.decks not in (1, 2):
            raise ValueError(f"decks must be 1 or 2, not {self.decks}")
        if not 1 <= self.target <= 100_000:
            raise ValueError(f"target must be between 1 and 100000, not {self.target}")

    @property
    def max_players(self) -> int:
        """18 players per deck (the rulebook's limit for one deck)."""
        return 18 * self.decks


# Rules' settings by name, as saved sheets and share codes write them (one
# list: tests/test_scoring.py checks it names every field of Rules).
RULE_KEYS: Final = ("brutal", "target", "decks", "lucky_pair_counts_two", "tie_break")
