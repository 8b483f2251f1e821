"""The digital deal in the reader's language: event sentences, the
decision words and the scoring chain.

Why here and not in :mod:`companion.rules`: each phone at a live table
reads its own language, so the rules give codes and figures (events are
seats and card codes, no prose) and this module words them with ``_()`` at
the moment a session shows them, English included: the one place these
sentences are made. :func:`sentence` dispatches on the event's type; a new
kind of event without a sentence here fails ``tests/test_telling.py``.

Cards are named by :mod:`companion.app.card_names` (the app's one table
of card names); the advisor's words are :mod:`companion.app.advice_words`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.i18n import _, ngettext, pgettext, signed
from companion.rules import events as ev
from companion.rules.scoring import BRUTAL_ATTACK, LineScore

from .card_names import a_card, card_noun


def choice_word(choice: str) -> str:
    """ "hit" / "stay" as the decision buttons say them (docs/terms.md)."""
    if choice == "hit":
        return pgettext("choice", "Hit")
    return pgettext("choice", "Stay")


def player(seat: int, names: Sequence[str] | None) -> str:
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return _("Player {n}").format(n=seat + 1)


# --- events --------------------------------------------------------------------
Teller = Callable[[ev.Event, Callable[[int], str]], str]


def _dealt(e: ev.Dealt, who: Callable[[int], str]) -> str:
    return _("{who} is dealt {card}.").format(who=who(e.player), card=a_card(e.card))


def _drew(e: ev.Drew, who: Callable[[int], str]) -> str:
    return _("{who} draws {card}.").format(who=who(e.player), card=a_card(e.card))


def _set_aside(e: ev.SetAside, who: Callable[[int], str]) -> str:
    return _("{who} sets {card} aside until the Flip Four ends.").format(
        who=who(e.player), card=a_card(e.card)
    )


def _busted(e: ev.Busted, who: Callable[[int], str]) -> str:
    return _("{who} busts with {card}.").format(who=who(e.player), card=a_card(e.card))


def _stayed(e: ev.Stayed, who: Callable[[int], str]) -> str:
    if e.forced:
        return _("{who} must stay (Just One More).").format(who=who(e.player))
    return _("{who} stays.").format(who=who(e.player))


def _flipped7(e: ev.Flipped7, who: Callable[[int], str]) -> str:
    return _("{who} flips 7! The round ends.").format(who=who(e.player))


def _played(e: ev.Played, who: Callable[[int], str]) -> str:
    card = card_noun(e.card)
    if e.target == e.player:
        return _("{who} plays {card} on themselves.").format(
            who=who(e.player), card=card
        )
    return _("{who} plays {card} on {whom}.").format(
        who=who(e.player), card=card, whom=who(e.target)
    )


def _assigned(e: ev.Assigned, who: Callable[[int], str]) -> str:
    if e.target == e.player:
        return _("{who} keeps {card}.").format(who=who(e.player), card=a_card(e.card))
    return _("{who} gives {card} to {whom}.").format(
        who=who(e.player), card=a_card(e.card), whom=who(e.target)
    )


def _stole(e: ev.Stole, who: Callable[[int], str]) -> str:
    return _("{who} steals {card} from {whom}.").format(
        who=who(e.player), card=a_card(e.card), whom=who(e.victim)
    )


def _swapped(e: ev.Swapped, who: Callable[[int], str]) -> str:
    return _(
        "{who} swaps {first}'s {first_card} with {second}'s {second_card}."
    ).format(
        who=who(e.player),
        first=who(e.first),
        first_card=card_noun(e.first_card),
        second=who(e.second),
        second_card=card_noun(e.second_card),
    )


def _discarded(e: ev.Discarded, who: Callable[[int], str]) -> str:
    if e.target == e.player:
        return _("{who} discards their own {card}.").format(
            who=who(e.player), card=card_noun(e.card)
        )
    return _("{who} discards {whom}'s {card}.").format(
        who=who(e.player), whom=who(e.target), card=card_noun(e.card)
    )


def _wasted(e: ev.Wasted, who: Callable[[int], str]) -> str:
    return _("{who}'s {card} has no use and is discarded.").format(
        who=who(e.player), card=card_noun(e.card)
    )


def _wiped(e: ev.Wiped, who: Callable[[int], str]) -> str:
    if not e.cards:
        return _("The Unlucky 7 wipes {who}'s cards: nothing.").format(
            who=who(e.player)
        )
    return ngettext(
        "The Unlucky 7 wipes {who}'s card: {cards}.",
        "The Unlucky 7 wipes {who}'s cards: {cards}.",
        len(e.cards),
    ).format(who=who(e.player), cards=", ".join(card_noun(c) for c in e.cards))


def _reshuffled(e: ev.Reshuffled, who: Callable[[int], str]) -> str:
    return ngettext(
        "The deck is empty: {n} discarded card is shuffled.",
        "The deck is empty: {n} discarded cards are shuffled.",
        e.cards,
    ).format(n=e.cards)


def _no_cards(e: ev.NoCards, who: Callable[[int], str]) -> str:
    return _("No card is left to draw: the round ends.")


def _bonus(e: ev.Bonus, who: Callable[[int], str]) -> str:
    return _("{who} takes the +15 bonus.").format(who=who(e.player))


def _attacked(e: ev.Attacked, who: Callable[[int], str]) -> str:
    return _("{who} gives −15 to {whom}.").format(who=who(e.player), whom=who(e.target))


TELLERS: dict[type[ev.Event], Callable[..., str]] = {
    ev.Dealt: _dealt,
    ev.Drew: _drew,
    ev.SetAside: _set_aside,
    ev.Busted: _busted,
    ev.Stayed: _stayed,
    ev.Flipped7: _flipped7,
    ev.Played: _played,
    ev.Assigned: _assigned,
    ev.Stole: _stole,
    ev.Swapped: _swapped,
    ev.Discarded: _discarded,
    ev.Wasted: _wasted,
    ev.Wiped: _wiped,
    ev.Reshuffled: _reshuffled,
    ev.NoCards: _no_cards,
    ev.Bonus: _bonus,
    ev.Attacked: _attacked,
}


def sentence(event: ev.Event, names: Sequence[str] | None = None) -> str:
    """One event of the round in one sentence, in the session's language
    (every kind has one: tests/test_telling.py)."""
    return TELLERS[type(event)](event, lambda seat: player(seat, names))


# --- the scoring chain ---------------------------------------------------------
def chain(score: LineScore) -> str:
    """The scoring pipeline as a short chain, ``48 → ÷2 24 → −4 20 → +15 =
    35``, with its words in the session's language."""
    if score.busted and not (score.minus or score.attacked):
        return _("Busted = 0")
    parts = [_("Busted 0") if score.busted else str(score.sum)]
    value = score.sum
    for _n in range(score.halves):
        value //= 2
        parts.append(f"÷2 {value}")
    if score.minus:
        shown = signed(score.after_minus)
        parts.append(f"−{score.minus} {shown}")
    if score.floored:
        parts.append(_("floor 0"))
    if score.zero_applied:
        parts.append(_("Zero 0"))
    if score.bonus:
        parts.append(_("Flip 7 +{bonus}").format(bonus=score.bonus))
    if score.attacked:
        parts.append(f"−{BRUTAL_ATTACK}")
    if len(parts) == 1:
        return str(score.total)
    return " → ".join(parts) + " = " + signed(score.total)
