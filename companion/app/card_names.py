"""Card names in the session's language.

The rules core names cards in English (:attr:`Card.name`, used in logs,
tests and saved text); the screens show :func:`card_name`. Italian has the
names of "Flip 7: La Vendetta" ("Lo Zero", "Ruba"…); Hungarian keeps the
names printed on the cards, in English (docs/terms.md, note 3), so its
catalog repeats them. Numbers and modifiers ("7", "÷2", "−4") read the same
in every language.
"""

from __future__ import annotations

from companion.i18n import N_, _
from companion.rules import Card

from . import telling

# One table of card names for the app: the digital table's (with the
# gettext context "card", so "Discard" the card never shares a translation
# with a "Discard" button).
card_name = telling.card_name

# The word under a special number's numeral (the numeral says the rest).
SHORT: dict[str, str] = {
    "0": N_("Zero"),
    "7U": N_("Unlucky"),
    "13L": N_("Lucky"),
}


def card_short(code: str) -> str:
    """The one word a small special card shows: "Lucky", "Fortun." (a key
    is 45 px wide: Italian shortens "Fortunato", the card's accessible name)."""
    c = Card.parse(code)
    return _(SHORT[c.code]) if c.code in SHORT else c.name
