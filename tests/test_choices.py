"""Choice strings in players' words (the digital table's buttons)."""

from __future__ import annotations

import pytest

from companion.app.views.choices import describe, prompt

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
    # Holding The Zero only Hit is offered (R4): the question says so.
    assert prompt("turn", "Cy", None, must_hit=True) == "Cy holds The Zero: hit."
    assert prompt("modifier", "Bob", "-4") == "Bob got a −4: who gets it?"
    assert prompt("target", "Cy", "F4") == "Cy drew a Flip Four: who takes it?"


def test_a_swap_in_two_steps_offers_every_card_and_every_partner() -> None:
    """Step 1 lists every card a swap can move, whoever's seat; step 2 every
    card it can go for, in earlier seats too (it offered only later ones)."""
    from companion.app.views.choices import card_steps, describe_all, in_step

    legal = [
        f"swap {p} {a} {q} {b}"
        for p, a, q, b in [
            (0, "5", 1, "9"),
            (0, "5", 2, "11"),
            (1, "9", 2, "11"),
            (0, "8", 2, "11"),
        ]
    ]
    options = describe_all(legal, 0, "SWAP", name)
    steps = card_steps(options)
    assert [g for g, _first, _card in steps] == ["0 5", "1 9", "2 11", "0 8"]
    assert dict((g, f) for g, f, _c in steps)["2 11"] == "Swap Cy's 11…"
    cy = in_step(options, "2 11")
    assert sorted(o.choice for o in cy) == sorted(legal[1:])  # Ann's 5, Bob's 9, 8
    bob = in_step(options, "1 9")
    assert sorted(o.choice for o in bob) == sorted([legal[0], legal[2]])


def test_nobody_is_you_when_the_host_decides_for_another_player() -> None:
    """ "Give −2 to Bob (you)" on the host's screen, playing for Bob."""
    for_bob = describe("target 1", -1, "-2", name)
    assert for_bob.label == "Give −2 to Bob"
    assert describe("target 1", 1, "-2", name).label == "Give −2 to Bob (you)"
    swap = describe("swap 1 10 2 11", -1, "SWAP", name)
    assert swap.label == "Swap Bob's 10 with Cy's 11"
