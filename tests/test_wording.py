"""Every card in every sentence template reads right (the English of
companion/app/telling.py, which makes every sentence a player reads).

The event log once said "draws the The Zero", "draws a Just One More!." and
"drew Just One More!: who takes it?". These tests put each of the 27 cards
into each event sentence and each digital-table prompt and button, and check
the English: articles, no doubled punctuation, no "Bob's The Zero".
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

import pytest

from companion.app.card_names import a_card, card_noun
from companion.app.telling import sentence
from companion.app.views.choices import PROMPTS, describe, prompt
from companion.rules import ALL_CODES, Card
from companion.rules.events import EVENT_TYPES, Event

NAMES = ["Ann", "Bob", "Cy"]

PHRASES = {
    "0": "The Zero",
    "1": "a 1",
    "2": "a 2",
    "3": "a 3",
    "4": "a 4",
    "5": "a 5",
    "6": "a 6",
    "7": "a 7",
    "7U": "the Unlucky 7",
    "8": "an 8",
    "9": "a 9",
    "10": "a 10",
    "11": "an 11",
    "12": "a 12",
    "13": "a 13",
    "13L": "the Lucky 13",
    "/2": "a ÷2",
    "-2": "a −2",
    "-4": "a −4",
    "-6": "a −6",
    "-8": "a −8",
    "-10": "a −10",
    "JOM": "a Just One More",
    "F4": "a Flip Four",
    "STEAL": "a Steal",
    "SWAP": "a Swap",
    "DISCARD": "a Discard",
}

BAD = [
    (re.compile(r"(\b(a|an|the|A|An|The|own)|'s) The\b"), "an article before The"),
    (re.compile(r"![.:,;?!]"), "doubled punctuation"),
    (re.compile(r"! [a-z]"), "an exclamation mark mid-sentence"),
    (re.compile(r"\.\.|::|,,| [.,:;!?]|  "), "stray punctuation or spacing"),
    (re.compile(r"\ban (?!8\b|11\b|18\b|[AEIOUaeiou])"), "'an' before a consonant"),
    (re.compile(r"\ba (?=8\b|11\b|18\b|[AEIOUaeiou])"), "'a' before a vowel"),
    (re.compile(r"\bthe (\d|[−÷]|Just|Steal|Swap|Discard)"), "'the' + card"),
]


def problems(text: str) -> list[str]:
    return [why for pattern, why in BAD if pattern.search(text)]


def test_every_card_has_the_article_a_sentence_needs() -> None:
    assert set(PHRASES) == set(ALL_CODES)
    for code in ALL_CODES:
        assert a_card(code) == PHRASES[code], code
        assert "!" not in card_noun(code) and not card_noun(code).startswith("The")


def _events(code: str) -> Iterator[Event]:
    """Every event template with ``code`` in each card field, each seat
    field set to 0 or 1 (so "themselves"/"their own" forms are met too)."""
    for cls in EVENT_TYPES.values():
        fields = dataclasses.fields(cls)
        for other in (0, 1):
            args: list[object] = []
            for f in fields:
                if f.name in ("card", "first_card", "second_card"):
                    args.append(code)
                elif f.name == "cards":
                    args.append((code, "5", code))
                elif f.name == "forced":
                    args.append(bool(other))
                elif f.name == "player":
                    args.append(0)
                else:  # target, victim, first, second, cards (a count)
                    args.append(other if f.name != "second" else 2)
            yield cls(*args)


@pytest.mark.parametrize("code", ALL_CODES)
def test_every_event_sentence_reads_right_for_every_card(code: str) -> None:
    for event in _events(code):
        for names in (NAMES, None):
            text = sentence(event, names)
            assert not problems(text), (text, problems(text))
            assert text[0].isupper() and text.endswith((".", "!")), text


@pytest.mark.parametrize("code", ALL_CODES)
def test_every_prompt_and_button_reads_right_for_every_card(code: str) -> None:
    for kind in PROMPTS:
        text = prompt(kind, "Ann", code)
        assert not problems(text), (text, problems(text))
    for choice in (
        "target 1",
        "target 0",
        f"steal 1 {code}",
        f"swap 0 {code} 1 {code}",
        f"discard 1 {code}",
        f"discard 0 {code}",
    ):
        label = describe(choice, 0, code, NAMES.__getitem__).label
        assert not problems(label), (label, problems(label))


def test_the_sentences_players_met() -> None:
    assert sentence(EVENT_TYPES["drew"](0, "0", "hit"), NAMES) == "Ann draws The Zero."
    assert (
        sentence(EVENT_TYPES["drew"](1, "JOM", "hit"), NAMES)
        == "Bob draws a Just One More."
    )
    assert prompt("target", "Cy", "JOM") == "Cy drew a Just One More: who takes it?"
    assert prompt("modifier", "Bob", "-4") == "Bob got a −4: who gets it?"
    assert sentence(EVENT_TYPES["played"](0, "JOM", 2), NAMES) == (
        "Ann plays Just One More on Cy."
    )
    assert sentence(EVENT_TYPES["discarded"](0, 1, "0"), NAMES) == (
        "Ann discards Bob's Zero."
    )
    assert sentence(EVENT_TYPES["wiped"](2, ("0", "5")), NAMES) == (
        "The Unlucky 7 wipes Cy's cards: Zero, 5."
    )
    assert Card.parse("JOM").name == "Just One More!"  # the card's title stays
