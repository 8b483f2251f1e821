"""Card names in the reader's language: the app's one table of them.

Why one table: a card is named on keys and cards (their accessible names),
in the lines of the tap-in screen, in the event log, in the digital table's
prompts and buttons, in problems and refusals; each phone at a live table
reads its own language, so every one of those places asks this module, at
the moment it shows the name. The rules core keeps its English
:attr:`~companion.rules.Card.name` for its own messages (a problem's
message, logs, tests); numerals and modifiers ("7", "÷2", "−4") read the
same in every language, so their names here are the rules'.

Names follow docs/terms.md: Italian has the names of "Flip 7: La Vendetta"
("Lo Zero", "Ruba"…); Hungarian keeps the names printed on the cards, in
English (note 3), so its catalog repeats them. Each form of a card word has
its own gettext context ("card", "card noun", "card with article"), so
"Discard" the card never shares a translation with a "Discard" button.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from companion.i18n import _, pgettext
from companion.rules import Card


@dataclass(frozen=True, slots=True)
class Words:
    """One named card's words, each said in the session's language when
    called (a lambda, so extraction finds the literal and ``_()`` runs at
    show time)."""

    name: Callable[[], str]  # on its own: "Lucky 13", "Just One More!"
    noun: Callable[[], str]  # after a possessive or in a list: "Just One More"
    article: Callable[[], str]  # in a sentence: "the Lucky 13", "a Steal"
    short: Callable[[], str] | None = None  # under a small key's numeral


WORDS: Final[dict[str, Words]] = {
    "0": Words(
        lambda: pgettext("card", "The Zero"),
        lambda: pgettext("card noun", "Zero"),
        lambda: pgettext("card with article", "The Zero"),
        lambda: _("Zero"),
    ),
    "7U": Words(
        lambda: pgettext("card", "Unlucky 7"),
        lambda: pgettext("card noun", "Unlucky 7"),
        lambda: pgettext("card with article", "the Unlucky 7"),
        lambda: _("Unlucky"),
    ),
    "13L": Words(
        lambda: pgettext("card", "Lucky 13"),
        lambda: pgettext("card noun", "Lucky 13"),
        lambda: pgettext("card with article", "the Lucky 13"),
        lambda: _("Lucky"),
    ),
    "JOM": Words(
        lambda: pgettext("card", "Just One More!"),
        lambda: pgettext("card noun", "Just One More"),
        lambda: pgettext("card with article", "a Just One More"),
    ),
    "F4": Words(
        lambda: pgettext("card", "Flip Four!"),
        lambda: pgettext("card noun", "Flip Four"),
        lambda: pgettext("card with article", "a Flip Four"),
    ),
    "STEAL": Words(
        lambda: pgettext("card", "Steal"),
        lambda: pgettext("card noun", "Steal"),
        lambda: pgettext("card with article", "a Steal"),
    ),
    "SWAP": Words(
        lambda: pgettext("card", "Swap"),
        lambda: pgettext("card noun", "Swap"),
        lambda: pgettext("card with article", "a Swap"),
    ),
    "DISCARD": Words(
        lambda: pgettext("card", "Discard"),
        lambda: pgettext("card noun", "Discard"),
        lambda: pgettext("card with article", "a Discard"),
    ),
}


def card_name(code: str) -> str:
    """A card's name as shown on its own (labels, lists, accessible names):
    "Lucky 13", "13 Fortunato", "÷2", "−4", "7"."""
    c = Card.parse(code)
    words = WORDS.get(c.code)
    return words.name() if words else c.name


def card_noun(code: str) -> str:
    """The card after a possessive or in a list: "Zero", "Just One More"
    (English drops the article and "!"); Italian "Lo Zero", "Ancora Una!"."""
    c = Card.parse(code)
    words = WORDS.get(c.code)
    return words.noun() if words else c.name


def a_card(code: str) -> str:
    """The card with the article a sentence needs: "a 7", "an 8", "The
    Zero", "a Steal"; Italian "un 7", "una carta Ruba"; Hungarian "7"."""
    c = Card.parse(code)
    words = WORDS.get(c.code)
    if words:
        return words.article()
    if c.name in ("8", "11", "18"):  # said with a vowel first in English
        return pgettext("card with article", "an {card}").format(card=c.name)
    return pgettext("card with article", "a {card}").format(card=c.name)


def card_short(code: str) -> str:
    """The one word a small special card shows: "Lucky", "Fortun." (a key
    is 45 px wide: Italian shortens "Fortunato", the card's accessible
    name); any other card, its name."""
    words = WORDS.get(Card.parse(code).code)
    if words and words.short:
        return words.short()
    return card_name(code)
