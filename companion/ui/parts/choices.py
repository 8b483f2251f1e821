"""The engine's choice strings in players' words, with the cards they move.

``"swap 1 3 2 4"`` becomes "Swap Bob's 3 with Cy's 4" and shows a 3 and a 4,
so the person holding the device picks by reading, not by decoding.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.rules import Card, Choice, Verb
from companion.rules.wording import card_noun, card_phrase

PROMPTS = {
    "turn": "{me}: hit or stay?",
    "target": "{me} drew {card}: who takes it?",
    "modifier": "{me} got {card}: who gets it?",
    "steal": "{me} plays Steal: take which card?",
    "swap": "{me} plays Swap: exchange which cards?",
    "discard": "{me} plays Discard: throw away which card?",
    "flip7": "Flip 7 for {me}! +15 for yourself, or −15 to another player?",
}
TARGET_VERBS = {
    "JOM": "Just one more for {who}",
    "F4": "Flip Four on {who}",
}


@dataclass(frozen=True, slots=True)
class Option:
    """``group``: for a swap, the first card ("your 5"), so a long list can
    be asked in two steps (which card, then which card for it)."""

    choice: str
    label: str
    cards: tuple[str, ...] = ()
    group: str = ""


def _card(code: str) -> str:
    return Card.parse(code).name


def prompt(kind: str, me: str, card: str | None) -> str:
    return PROMPTS.get(kind, "{me} decides").format(
        me=me, card=card_phrase(card) if card else "a card"
    )


def describe(
    choice: str, me: int, card: str | None, name: Callable[[int], str]
) -> Option:
    """One legal choice as a button label and the cards it involves."""

    def who(seat: int) -> str:
        return f"{name(seat)} (you)" if seat == me else name(seat)

    def whose(seat: int) -> str:
        return "your" if seat == me else f"{name(seat)}'s"

    c = Choice.parse(choice)
    seat, code = c.seat if c.seat is not None else me, c.card or ""
    if c.verb is Verb.HIT:
        return Option(choice, "Hit")
    if c.verb is Verb.STAY:
        return Option(choice, "Stay")
    if c.verb is Verb.TARGET:
        if card in TARGET_VERBS:
            return Option(choice, TARGET_VERBS[card].format(who=who(seat)))
        return Option(choice, f"Give {_card(card or '')} to {who(seat)}")
    if c.verb is Verb.STEAL:
        return Option(choice, f"Steal {whose(seat)} {card_noun(code)}", (code,))
    if c.verb is Verb.SWAP:
        other, theirs = c.other_seat if c.other_seat is not None else me, c.other_card
        mine = f"{whose(seat)} {card_noun(code)}"
        return Option(
            choice,
            f"Swap {mine} with {whose(other)} {card_noun(theirs or '')}",
            (code, theirs or ""),
            mine,
        )
    if c.verb is Verb.DISCARD:
        return Option(choice, f"Discard {whose(seat)} {card_noun(code)}", (code,))
    if c.verb is Verb.BONUS:
        return Option(choice, f"+15 for {name(me)}")
    return Option(choice, f"−15 to {name(seat)}")  # Verb.ATTACK


def describe_all(
    choices: Sequence[str], me: int, card: str | None, name: Callable[[int], str]
) -> list[Option]:
    return [describe(c, me, card, name) for c in choices]
