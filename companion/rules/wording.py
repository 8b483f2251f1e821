"""Card names inside sentences, for the event log and the digital table.

A card's :attr:`Card.name` is its title ("The Zero", "Just One More!"), which
reads wrong pasted into prose: "draws the The Zero", "draws a Just One
More!.", "Bob's The Zero". These helpers give the form a sentence needs, so
every template reads right for every card (tests/test_wording.py checks all
cards against all templates).
"""

from __future__ import annotations

from .cards import Card

# Cards with one copy per deck and a proper name take "the".
_DEFINITE = ("7U", "13L")


def card_noun(code: str) -> str:
    """The card's name without its own article or exclamation mark, for use
    after a possessive or in a list: "Zero", "Unlucky 7", "Just One More",
    "Flip Four", "÷2", "−4", "8"."""
    name = Card.parse(code).name.rstrip("!")
    if name.startswith("The "):
        name = name[len("The ") :]
    return name


def card_phrase(code: str) -> str:
    """The card with the article a sentence needs: "a 7", "an 8", "an 11",
    "The Zero", "the Unlucky 7", "the Lucky 13", "a ÷2", "a −4",
    "a Just One More", "a Flip Four", "a Steal"."""
    c = Card.parse(code)
    if c.name.startswith("The "):
        return c.name
    noun = card_noun(code)
    if c.code in _DEFINITE:
        return "the " + noun
    return ("an " if _vowel_sound(noun) else "a ") + noun


def _vowel_sound(word: str) -> bool:
    """Said with a vowel first: 8 ("eight"), 11 ("eleven"), 18, or A/E/I/O/U
    (no card name starts with a silent or "you"-sounding vowel)."""
    return word in ("8", "11", "18") or word[0].upper() in "AEIOU"
