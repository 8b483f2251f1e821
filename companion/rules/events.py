"""What happened in a digital round, as an append-only list of small events.

The engine logs plain tuples ``(kind, *fields)`` on its hot path (cheap to
append while simulating thousands of rounds); :func:`event` turns one into
the frozen dataclass below only when someone reads ``Round.events``. Every
event can say itself in one short sentence for the table: ``text(names)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .wording import card_noun, card_phrase


def _who(i: int, names: Sequence[str] | None) -> str:
    if names is not None and 0 <= i < len(names):
        return names[i]
    return f"Player {i + 1}"


def _a(code: str) -> str:
    """``"a 7"``, ``"an 8"``, ``"the Lucky 13"``, ``"The Zero"``, ``"a Flip Four"``."""
    return card_phrase(code)


@dataclass(frozen=True, slots=True)
class Event:
    """Base class: ``kind`` names the event in saved logs and tests."""

    kind: ClassVar[str] = "event"

    def text(self, names: Sequence[str] | None = None) -> str:
        return self.kind


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    kind: ClassVar[str] = "dealt"
    player: int
    card: str

    def text(self, names: Sequence[str] | None = None) -> str:
        return f"{_who(self.player, names)} is dealt {_a(self.card)}."


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """``cause``: "hit" (their turn), "jom" (Just One More), "f4" (Flip Four)."""

    kind: ClassVar[str] = "drew"
    player: int
    card: str
    cause: str

    def text(self, names: Sequence[str] | None = None) -> str:
        return f"{_who(self.player, names)} draws {_a(self.card)}."


@dataclass(frozen=True, slots=True)
class SetAside(Event):
    kind: ClassVar[str] = "set_aside"
    player: int
    card: str

    def text(self, names: Sequence[str] | None = None) -> str:
        who = _who(self.player, names)
        return f"{who} sets {_a(self.card)} aside until the Flip Four ends."


@dataclass(frozen=True, slots=True)
class Busted(Event):
    kind: ClassVar[str] = "busted"
    player: int
    card: str

    def text(self, names: Sequence[str] | None = None) -> str:
        return f"{_who(self.player, names)} busts with {_a(self.card)}."


@dataclass(frozen=True, slots=True)
class Stayed(Event):
    """``forced``: made to stay by Just One More (R9)."""

    kind: ClassVar[str] = "stayed"
    player: int
    forced: bool

    def text(self, names: Sequence[str] | None = None) -> str:
        how = "must stay (Just One More)" if self.forced else "stays"
        return f"{_who(self.player, names)} {how}."


@dataclass(frozen=True, slots=True)
class Flipped7(Event):
    kind: ClassVar[str] = "flip7"
    player: int

    def text(self, names: Sequence[str] | None = None) -> str:
        return f"{_who(self.player, names)} flips 7! The round ends."


@dataclass(frozen=True, slots=True)
class Played(Event):
    """Just One More or Flip Four played by ``player`` on ``target``."""

    kind: ClassVar[str] = "played"
    player: int
    card: str
    target: int

    def text(self, names: Sequence[str] | None = None) -> str:
        who, whom = _who(self.player, names), _who(self.target, names)
        if self.target == self.player:
            whom = "themselves"
        return f"{who} plays {card_noun(self.card)} on {whom}."


@dataclass(frozen=True, slots=True)
class Assigned(Event):
    kind: ClassVar[str] = "assigned"
    player: int
    card: str
    target: int

    def text(self, names: Sequence[str] | None = None) -> str:
        if self.target == self.player:
            return f"{_who(self.player, names)} keeps {_a(self.card)}."
        return (
            f"{_who(self.player, names)} gives {_a(self.card)} "
            f"to {_who(self.target, names)}."
        )


@dataclass(frozen=True, slots=True)
class Stole(Event):
    kind: ClassVar[str] = "stole"
    player: int
    victim: int
    card: str

    def text(self, names: Sequence[str] | None = None) -> str:
        return (
            f"{_who(self.player, names)} steals {_a(self.card)} "
            f"from {_who(self.victim, names)}."
        )


@dataclass(frozen=True, slots=True)
class Swapped(Event):
    kind: ClassVar[str] = "swapped"
    player: int
    first: int
    first_card: str
    second: int
    second_card: str

    def text(self, names: Sequence[str] | None = None) -> str:
        return (
            f"{_who(self.player, names)} swaps {_who(self.first, names)}'s "
            f"{card_noun(self.first_card)} with "
            f"{_who(self.second, names)}'s {card_noun(self.second_card)}."
        )


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    kind: ClassVar[str] = "discarded"
    player: int
    target: int
    card: str

    def text(self, names: Sequence[str] | None = None) -> str:
        whose = (
            "their own"
            if self.target == self.player
            else _who(self.target, names) + "'s"
        )
        name = card_noun(self.card)
        return f"{_who(self.player, names)} discards {whose} {name}."


@dataclass(frozen=True, slots=True)
class Wasted(Event):
    """An action or modifier with no legal use, discarded without effect."""

    kind: ClassVar[str] = "wasted"
    player: int
    card: str

    def text(self, names: Sequence[str] | None = None) -> str:
        return (
            f"{_who(self.player, names)}'s {card_noun(self.card)} "
            "has no use and is discarded."
        )


@dataclass(frozen=True, slots=True)
class Wiped(Event):
    """The Unlucky 7 discarded these cards (R10, R11)."""

    kind: ClassVar[str] = "wiped"
    player: int
    cards: tuple[str, ...]

    def text(self, names: Sequence[str] | None = None) -> str:
        lost = ", ".join(card_noun(c) for c in self.cards) or "nothing"
        return f"The Unlucky 7 wipes {_who(self.player, names)}'s cards: {lost}."


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    kind: ClassVar[str] = "reshuffled"
    cards: int

    def text(self, names: Sequence[str] | None = None) -> str:
        return f"The deck is empty: {self.cards} discarded cards are shuffled."


@dataclass(frozen=True, slots=True)
class NoCards(Event):
    kind: ClassVar[str] = "no_cards"

    def text(self, names: Sequence[str] | None = None) -> str:
        return "No card is left to draw: the round ends."


@dataclass(frozen=True, slots=True)
class Bonus(Event):
    kind: ClassVar[str] = "bonus"
    player: int

    def text(self, names: Sequence[str] | None = None) -> str:
        return f"{_who(self.player, names)} takes the +15 bonus."


@dataclass(frozen=True, slots=True)
class Attacked(Event):
    kind: ClassVar[str] = "attacked"
    player: int
    target: int

    def text(self, names: Sequence[str] | None = None) -> str:
        return f"{_who(self.player, names)} gives −15 to {_who(self.target, names)}."


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        Dealt,
        Drew,
        SetAside,
        Busted,
        Stayed,
        Flipped7,
        Played,
        Assigned,
        Stole,
        Swapped,
        Discarded,
        Wasted,
        Wiped,
        Reshuffled,
        NoCards,
        Bonus,
        Attacked,
    )
}


def event(raw: tuple[Any, ...]) -> Event:
    """Build the event for one raw log tuple ``(kind, *fields)``."""
    return EVENT_TYPES[raw[0]](*raw[1:])
