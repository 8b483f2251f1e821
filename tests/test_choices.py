"""Choice strings in players' words (the digital table's buttons)."""

from __future__ import annotations

import pytest

from companion.ui.parts.choices import describe, prompt

NAMES = ["Ann", "Bob", "Cy"]


def name(i: int) -> str:
    return NAMES[i]


@pytest.mark.parametrize(
    ("choice", "card", "label", "cards"),
    [
        ("hit", None, "Hit", ()),
        ("stay", None, "Stay", ()),
        ("target 0", "F4", "Flip Four on Ann (you)", ()),
        ("target 2", "JOM", "Just one more for Cy", ()),
        ("target 1", "-4", "Give −4 to Bob", ()),
        ("target 1", "/2", "Give ÷2 to Bob", ()),
        ("steal 1 13L", "STEAL", "Steal Bob's Lucky 13", ("13L",)),
        ("swap 0 5 2 9", "SWAP", "Swap your 5 with Cy's 9", ("5", "9")),
        ("swap 1 10 2 11", "SWAP", "Swap Bob's 10 with Cy's 11", ("10", "11")),
        ("discard 0 -10", "DISCARD", "Discard your −10", ("-10",)),
        ("discard 2 0", "DISCARD", "Discard Cy's Zero", ("0",)),
        ("bonus", None, "+15 for Ann", ()),
        ("attack 1", None, "−15 to Bob", ()),
    ],
)
def test_describe(
    choice: str, card: str | None, label: str, cards: tuple[str, ...]
) -> None:
    option = describe(choice, 0, card, name)
    assert option.choice == choice
    assert option.label == label
    assert option.cards == cards


def test_prompts_name_the_player_and_card() -> None:
    assert prompt("turn", "Ann", None) == "Ann: hit or stay?"
    assert prompt("modifier", "Bob", "-4") == "Bob got a −4: who gets it?"
    assert prompt("target", "Cy", "F4") == "Cy drew a Flip Four: who takes it?"
