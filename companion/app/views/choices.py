"""The engine's choice strings in players' words, with the cards they move.

``"swap 1 3 2 4"`` becomes "Swap Bob's 3 with Cy's 4" and shows a 3 and a 4,
so the person holding the device picks by reading, not by decoding. The
words are docs/terms.md's "The app's choices" (Pesca/Passo, Lapot
kérek/Megállok …); the choice strings themselves stay English (the format).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.app.card_names import a_card, card_name, card_noun
from companion.app.telling import choice_word
from companion.i18n import N_, _
from companion.rules import Choice, Decision, Verb

PROMPTS = {  # marked with N_: worded with _() when shown
    Decision.TURN: N_("{me}: hit or stay?"),
    Decision.TARGET: N_("{me} drew {card}: who takes it?"),
    Decision.MODIFIER: N_("{me} got {card}: who gets it?"),
    Decision.STEAL: N_("{me} plays Steal: take which card?"),
    Decision.SWAP: N_("{me} plays Swap: exchange which cards?"),
    Decision.DISCARD: N_("{me} plays Discard: throw away which card?"),
    Decision.FLIP7: N_("Flip 7 for {me}! +15 for yourself, or −15 to another player?"),
}
TARGET_VERBS = {
    "JOM": N_("Just one more for {who}"),
    "F4": N_("Flip Four on {who}"),
}


@dataclass(frozen=True, slots=True)
class Option:
    """``group``: for a swap, the first card (seat and code), so a long list
    can be asked in two steps (which card, then which card for it);
    ``first``: that first step's button words."""

    choice: str
    label: str
    cards: tuple[str, ...] = ()
    group: str = ""
    first: str = ""
    other_group: str = ""  # a swap's second card, as a first step of its own
    other_first: str = ""


def prompt(kind: Decision, me: str, card: str | None, must_hit: bool = False) -> str:
    """The question the decider reads; ``must_hit``: their turn offers only
    Hit, as they hold The Zero (R4), so it asks nothing."""
    if kind == Decision.TURN and must_hit:
        return _("{me} holds {card}: hit.").format(me=me, card=card_name("0"))
    if kind not in PROMPTS:
        return _("{name} decides").format(name=me)
    return _(PROMPTS[kind]).format(me=me, card=a_card(card) if card else "")


def _yours(seat: int, me: int, mine: str, theirs: str, **fields: str) -> str:
    """``mine`` when the card is the decider's own, else ``theirs``."""
    return (mine if seat == me else theirs).format(**fields)


def _swap(c: Choice, me: int, name: Callable[[int], str]) -> Option:
    seat = c.seat if c.seat is not None else me
    other = c.other_seat if c.other_seat is not None else me
    code, theirs = c.card or "", c.other_card or ""
    mine, their = card_noun(code), card_noun(theirs)
    if seat == me:
        label = _("Swap your {card} with {q}'s {other}").format(
            card=mine, q=name(other), other=their
        )
    elif other == me:
        label = _("Swap {p}'s {card} with your {other}").format(
            p=name(seat), card=mine, other=their
        )
    else:
        label = _("Swap {p}'s {card} with {q}'s {other}").format(
            p=name(seat), card=mine, q=name(other), other=their
        )
    first = _yours(
        seat, me, _("Swap your {card}…"), _("Swap {p}'s {card}…"),
        p=name(seat), card=mine,
    )  # fmt: skip
    second = _yours(
        other, me, _("Swap your {card}…"), _("Swap {p}'s {card}…"),
        p=name(other), card=their,
    )  # fmt: skip
    return Option(
        str(c), label, (code, theirs), f"{seat} {code}", first,
        f"{other} {theirs}", second,
    )  # fmt: skip


def card_steps(options: Sequence[Option]) -> list[tuple[str, str, str]]:
    """A swap asked in two steps, first step: every card a swap can move,
    either side of it (group, button words, card), in the order met."""
    steps: dict[str, tuple[str, str, str]] = {}
    for o in options:
        if o.group:
            steps.setdefault(o.group, (o.group, o.first, o.cards[0]))
        if o.other_group:
            steps.setdefault(o.other_group, (o.other_group, o.other_first, o.cards[1]))
    return list(steps.values())


def in_step(options: Sequence[Option], group: str) -> list[Option]:
    """Second step: every swap of the card chosen first, whichever seat the
    other card is in."""
    return [o for o in options if group in (o.group, o.other_group)]


def describe(
    choice: str,
    me: int,
    card: str | None,
    name: Callable[[int], str],
    busted: frozenset[int] = frozenset(),
) -> Option:
    """One legal choice as a button label and the cards it involves;
    ``busted``: the seats out of the round, said where a minus card may
    still reach them (Brutal, R19)."""

    def who(seat: int) -> str:
        return _("{name} (you)").format(name=name(seat)) if seat == me else name(seat)

    c = Choice.parse(choice)
    seat, code = c.seat if c.seat is not None else me, c.card or ""
    if c.verb in (Verb.HIT, Verb.STAY):
        return Option(choice, choice_word(choice))
    if c.verb is Verb.TARGET:
        if card in TARGET_VERBS:
            return Option(choice, _(TARGET_VERBS[card]).format(who=who(seat)))
        target = who(seat)
        if seat in busted:
            target = _("{name} (busted)").format(name=target)
        return Option(
            choice,
            _("Give {card} to {who}").format(card=card_noun(card or ""), who=target),
        )
    if c.verb is Verb.STEAL:
        label = _yours(
            seat, me, _("Steal your {card}"), _("Steal {p}'s {card}"),
            p=name(seat), card=card_noun(code),
        )  # fmt: skip
        return Option(choice, label, (code,))
    if c.verb is Verb.SWAP:
        return _swap(c, me, name)
    if c.verb is Verb.DISCARD:
        label = _yours(
            seat, me, _("Discard your {card}"), _("Discard {p}'s {card}"),
            p=name(seat), card=card_noun(code),
        )  # fmt: skip
        return Option(choice, label, (code,))
    if c.verb is Verb.BONUS:
        return Option(choice, _("+15 for {name}").format(name=name(me)))
    return Option(choice, _("−15 to {name}").format(name=name(seat)))  # ATTACK


def describe_all(
    choices: Sequence[str],
    me: int,
    card: str | None,
    name: Callable[[int], str],
    busted: frozenset[int] = frozenset(),
) -> list[Option]:
    return [describe(c, me, card, name, busted) for c in choices]
