"""The engine's choice strings in players' words, with the cards they move.

``"swap 1 3 2 4"`` becomes "Swap Bob's 3 with Cy's 4" and shows a 3 and a 4,
so the person holding the device picks by reading, not by decoding.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.rules import Card
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

    def who(seat: str) -> str:
        i = int(seat)
        return f"{name(i)} (you)" if i == me else name(i)

    def whose(seat: str) -> str:
        return "your" if int(seat) == me else f"{name(int(seat))}'s"

    word, *rest = choice.split()
    if word == "hit":
        return Option(choice, "Hit")
    if word == "stay":
        return Option(choice, "Stay")
    if word == "target":
        if card in TARGET_VERBS:
            return Option(choice, TARGET_VERBS[card].format(who=who(rest[0])))
        return Option(choice, f"Give {_card(card or '')} to {who(rest[0])}")
    if word == "steal":
        return Option(
            choice, f"Steal {whose(rest[0])} {card_noun(rest[1])}", (rest[1],)
        )
    if word == "swap":
        p, c, q, d = rest
        return Option(
            choice,
            f"Swap {whose(p)} {card_noun(c)} with {whose(q)} {card_noun(d)}",
            (c, d),
            f"{whose(p)} {card_noun(c)}",
        )
    if word == "discard":
        return Option(
            choice, f"Discard {whose(rest[0])} {card_noun(rest[1])}", (rest[1],)
        )
    if word == "bonus":
        return Option(choice, f"+15 for {name(me)}")
    if word == "attack":
        return Option(choice, f"−15 to {name(int(rest[0]))}")
    return Option(choice, choice)


def describe_all(
    choices: Sequence[str], me: int, card: str | None, name: Callable[[int], str]
) -> list[Option]:
    return [describe(c, me, card, name) for c in choices]
