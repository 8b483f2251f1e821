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

# TRANSLATORS: card names as printed (docs/terms.md); Hungarian keeps English.
NAMES: dict[str, str] = {
    "0": N_("The Zero"),
    "7U": N_("Unlucky 7"),
    "13L": N_("Lucky 13"),
    "JOM": N_("Just One More!"),
    "F4": N_("Flip Four!"),
    "STEAL": N_("Steal"),
    "SWAP": N_("Swap"),
    "DISCARD": N_("Discard"),
}

# The word under a special number's numeral (the numeral says the rest).
SHORT: dict[str, str] = {
    "0": N_("Zero"),
    "7U": N_("Unlucky"),
    "13L": N_("Lucky"),
}


def card_name(code: str) -> str:
    """What a card is called here: "Lucky 13", "13 Fortunato", "÷2", "8"."""
    c = Card.parse(code)
    return _(NAMES[c.code]) if c.code in NAMES else c.name


def card_short(code: str) -> str:
    """The one word a small special card shows: "Lucky", "Fortunato"."""
    c = Card.parse(code)
    return _(SHORT[c.code]) if c.code in SHORT else c.name
