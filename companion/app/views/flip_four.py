"""The last Flip Four of the round, card by card, as the table saw it come:
the four cards in the order drawn, the actions and modifiers set aside to be
resolved afterwards (in that order), cards an Unlucky 7 wiped (R11), and the
stop on a bust or Flip 7."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.i18n import N_
from companion.rules.events import (
    Busted,
    Drew,
    Event,
    Flipped7,
    Played,
    SetAside,
    Stayed,
    Wiped,
)

FOUR = 4
ASIDE = "set aside"  # i18n: not shown (a code; MARKS words it)
WIPED = "wiped"
BUSTED = "busted"
FLIP7 = "flip 7"  # i18n: not shown (a code)
MARKS = {ASIDE: N_("set aside"), WIPED: N_("wiped")}  # under each card
STOPS = {  # the strip's title once the Flip Four stopped early
    BUSTED: N_("Flip Four on {who}: {n} of 4, stopped (busted)"),
    FLIP7: N_("Flip Four on {who}: {n} of 4, stopped (Flip 7)"),
}


@dataclass(frozen=True, slots=True)
class FlipFour:
    player: int  # who played it
    target: int  # who draws the four cards
    cards: tuple[tuple[str, str], ...]  # (code, "" | "set aside" | "wiped")
    ended: str  # "" while drawing or after four cards, "busted" or "flip 7"


def _last_played(events: Sequence[Event]) -> int | None:
    for i in range(len(events) - 1, -1, -1):
        ev = events[i]
        if isinstance(ev, Played) and ev.card == "F4":
            return i
    return None


def last_flip_four(events: Sequence[Event]) -> FlipFour | None:
    """Read the most recent Flip Four out of the round's event log."""
    start = _last_played(events)
    if start is None:
        return None
    played = events[start]
    assert isinstance(played, Played)
    target = played.target
    cards: list[tuple[str, str]] = []
    ended = ""
    for ev in events[start + 1 :]:
        if len(cards) == FOUR and not isinstance(ev, SetAside | Wiped):
            break
        if isinstance(ev, Drew) and ev.cause == "f4" and ev.player == target:
            cards.append((ev.card, ""))
        elif isinstance(ev, SetAside) and ev.player == target and cards:
            cards[-1] = (cards[-1][0], ASIDE)
        elif isinstance(ev, Wiped) and ev.player == target:
            # the cards drawn before the Unlucky 7 in this Flip Four go (R11)
            cards = [(code, WIPED) for code, _ in cards[:-1]] + cards[-1:]
        elif isinstance(ev, Busted) and ev.player == target:
            ended = BUSTED
            break
        elif isinstance(ev, Flipped7):
            ended = FLIP7
            break
    return FlipFour(played.player, target, tuple(cards), ended)


def _moved_on(events: Sequence[Event]) -> bool:
    """Whether the play went on past its Flip Four: the next turn's card or
    stay (a Flip Four dealt stays up while the deal goes on: the deal runs
    on at once, before anyone could read it)."""
    for ev in events:
        if isinstance(ev, Drew) and ev.cause == "hit":
            return True
        if isinstance(ev, Stayed) and not ev.forced:
            return True
    return False


def current_flip_four(events: Sequence[Event]) -> FlipFour | None:
    """The last Flip Four while the table still needs it on screen: from its
    first card until what it set aside is resolved and the next player has
    moved. After that the round's log tells it, and the strip would only
    call a card "set aside" that has since been swapped or discarded."""
    start = _last_played(events)
    if start is None or _moved_on(events[start + 1 :]):
        return None
    return last_flip_four(events)
