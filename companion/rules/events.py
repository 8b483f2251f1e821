"""What happened in a digital round, as an append-only list of small events.

The engine logs plain tuples ``(kind, *fields)`` on its hot path (cheap to
append while simulating thousands of rounds); :func:`event` turns one into
the frozen dataclass below only when someone reads ``Round.events``.

Events are codes and values (seats, card codes), not prose: the app says
each one in the reader's language (``companion/app/telling.py``,
``sentence``), the one place a player's sentence is made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    """Base class: ``kind`` names the event in saved logs and tests."""

    kind: ClassVar[str] = "event"


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    kind: ClassVar[str] = "dealt"
    player: int
    card: str


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """``cause``: "hit" (their turn), "jom" (Just One More), "f4" (Flip Four)."""

    kind: ClassVar[str] = "drew"
    player: int
    card: str
    cause: str


@dataclass(frozen=True, slots=True)
class SetAside(Event):
    kind: ClassVar[str] = "set_aside"
    player: int
    card: str


@dataclass(frozen=True, slots=True)
class Busted(Event):
    kind: ClassVar[str] = "busted"
    player: int
    card: str


@dataclass(frozen=True, slots=True)
class Stayed(Event):
    """``forced``: made to stay by Just One More (R9)."""

    kind: ClassVar[str] = "stayed"
    player: int
    forced: bool


@dataclass(frozen=True, slots=True)
class Flipped7(Event):
    kind: ClassVar[str] = "flip7"
    player: int


@dataclass(frozen=True, slots=True)
class Played(Event):
    """Just One More or Flip Four played by ``player`` on ``target``."""

    kind: ClassVar[str] = "played"
    player: int
    card: str
    target: int


@dataclass(frozen=True, slots=True)
class Assigned(Event):
    kind: ClassVar[str] = "assigned"
    player: int
    card: str
    target: int


@dataclass(frozen=True, slots=True)
class Stole(Event):
    kind: ClassVar[str] = "stole"
    player: int
    victim: int
    card: str


@dataclass(frozen=True, slots=True)
class Swapped(Event):
    kind: ClassVar[str] = "swapped"
    player: int
    first: int
    first_card: str
    second: int
    second_card: str


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    kind: ClassVar[str] = "discarded"
    player: int
    target: int
    card: str


@dataclass(frozen=True, slots=True)
class Wasted(Event):
    """An action or modifier with no legal use, discarded without effect."""

    kind: ClassVar[str] = "wasted"
    player: int
    card: str


@dataclass(frozen=True, slots=True)
class Wiped(Event):
    """The Unlucky 7 discarded these cards (R10, R11)."""

    kind: ClassVar[str] = "wiped"
    player: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    kind: ClassVar[str] = "reshuffled"
    cards: int


@dataclass(frozen=True, slots=True)
class NoCards(Event):
    kind: ClassVar[str] = "no_cards"


@dataclass(frozen=True, slots=True)
class Bonus(Event):
    kind: ClassVar[str] = "bonus"
    player: int


@dataclass(frozen=True, slots=True)
class Attacked(Event):
    kind: ClassVar[str] = "attacked"
    player: int
    target: int


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
