"""The Choice value: every choice string the engine offers reads back into a
Choice whose text is the same string, and bad text is one typed error."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import Choice, ChoiceError, Round, Rules, Verb

# Which verbs each kind of decision offers (DESIGN.md's table).
VERBS = {
    "turn": {Verb.HIT, Verb.STAY},
    "target": {Verb.TARGET},
    "modifier": {Verb.TARGET},
    "steal": {Verb.STEAL},
    "swap": {Verb.SWAP},
    "discard": {Verb.DISCARD},
    "flip7": {Verb.BONUS, Verb.ATTACK},
}


@settings(max_examples=200, deadline=None)
@given(
    players=st.integers(1, 10),
    seed=st.integers(0, 2**32),
    brutal=st.booleans(),
    decks=st.sampled_from([1, 1, 2]),
    play_seed=st.integers(0, 2**32),
)
def test_every_offered_option_round_trips(
    players: int, seed: int, brutal: bool, decks: int, play_seed: int
) -> None:
    rnd = Round.start(
        players=players,
        dealer=seed % players,
        rules=Rules(brutal=brutal, decks=decks),
        seed=seed,
    )
    rng = random.Random(play_seed)
    while (pend := rnd.pending) is not None:
        for text in rnd.legal():
            choice = Choice.parse(text)
            assert str(choice) == text
            assert choice == Choice(
                choice.verb,
                choice.seat,
                choice.card,
                choice.other_seat,
                choice.other_card,
            )
            assert choice.verb in VERBS[pend.kind]
            assert all(0 <= s < players for s in choice.seats)
        pick = rng.choice(rnd.legal())
        # Round.play takes the parsed value as well as its text.
        rnd.play(Choice.parse(pick) if rng.random() < 0.5 else pick)
    assert all(type(c) is str for c in rnd.choices)  # saved as text


@pytest.mark.parametrize(
    ("text", "fields"),
    [
        ("hit", (Verb.HIT, None, None, None, None)),
        ("stay", (Verb.STAY, None, None, None, None)),
        ("bonus", (Verb.BONUS, None, None, None, None)),
        ("target 2", (Verb.TARGET, 2, None, None, None)),
        ("attack 11", (Verb.ATTACK, 11, None, None, None)),
        ("steal 1 13L", (Verb.STEAL, 1, "13L", None, None)),
        ("discard 0 -10", (Verb.DISCARD, 0, "-10", None, None)),
        ("swap 1 3 2 4", (Verb.SWAP, 1, "3", 2, "4")),
        ("swap 0 /2 3 7U", (Verb.SWAP, 0, "/2", 3, "7U")),
    ],
)
def test_parse_reads_each_field(text: str, fields: tuple[object, ...]) -> None:
    choice = Choice.parse(text)
    got = (choice.verb, choice.seat, choice.card, choice.other_seat)
    assert (*got, choice.other_card) == fields
    assert str(choice) == text


def test_parse_accepts_loose_text_and_gives_the_canonical_form() -> None:
    assert str(Choice.parse("  Steal 1   13l ")) == "steal 1 13L"
    assert str(Choice.parse("SWAP 0 ÷2 1 −4")) == "swap 0 /2 1 -4"
    assert Choice(Verb.ATTACK, 1) == Choice("attack", 1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "empty"),
        ("jump", "use one of hit, stay"),
        ("hit 1", "hit takes nothing after it"),
        ("target", "target takes a seat number"),
        ("target x", "'x' is not a seat number"),
        ("target -1", "'-1' is not a seat number"),
        ("steal 1 99", "Unknown card '99'"),
        ("swap 1 2 3", "swap takes a seat number, a card code, a seat number"),
    ],
)
def test_bad_text_is_a_choice_error_saying_why(text: str, says: str) -> None:
    with pytest.raises(ChoiceError, match="Not a choice") as caught:
        Choice.parse(text)
    assert says in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_a_choice_built_with_the_wrong_fields_is_refused() -> None:
    with pytest.raises(ChoiceError):
        Choice(Verb.TARGET)
    with pytest.raises(ChoiceError):
        Choice(Verb.HIT, 1)
    with pytest.raises(ChoiceError):
        Choice(Verb.STEAL, 1, "99")
    with pytest.raises(ChoiceError):
        Choice(Verb.ATTACK, -2)
