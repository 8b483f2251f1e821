"""The Flip Four strip of the digital table, read from real rounds."""

from __future__ import annotations

from companion.app.views.flip_four import (
    ASIDE,
    WIPED,
    current_flip_four,
    last_flip_four,
)
from companion.rules import Round, Rules


def test_four_cards_in_order_with_the_queued_action() -> None:
    rnd = Round.start(
        players=3,
        dealer=0,
        rules=Rules(),
        deck=["10", "11", "1", "11", "10", "F4", "2", "SWAP", "3", "4"],
    )
    assert last_flip_four(rnd.events) is None
    for choice in ("hit", "hit", "hit", "target 0"):
        rnd.play(choice)
    four = last_flip_four(rnd.events)
    assert four is not None
    assert (four.player, four.target, four.ended) == (0, 0, "")
    assert four.cards == (("2", ""), ("SWAP", ASIDE), ("3", ""), ("4", ""))


def test_unlucky_seven_wipes_the_cards_before_it() -> None:
    rnd = Round.start(
        players=2, dealer=0, rules=Rules(), deck=["F4", "5", "2", "JOM", "7U", "9", "8"]
    )
    rnd.play("target 1")  # Bob, dealt the Flip Four, takes it himself
    four = last_flip_four(rnd.events)
    assert four is not None and four.target == 1
    assert four.cards == (("5", WIPED), ("2", WIPED), ("JOM", WIPED), ("7U", ""))


def test_stops_on_a_bust() -> None:
    rnd = Round.start(
        players=2, dealer=0, rules=Rules(), deck=["F4", "5", "2", "2", "9"]
    )
    rnd.play("target 1")
    four = last_flip_four(rnd.events)
    assert four is not None
    assert four.cards == (("5", ""), ("2", ""), ("2", "")) and four.ended == "busted"


def test_the_strip_goes_once_the_next_turn_is_played() -> None:
    """Shown while its cards are drawn and what they set aside is resolved,
    and until the next player moves; then gone (it stayed up for the rest
    of the round and called a swapped card "set aside", issue 37)."""
    rnd = Round.start(
        players=3,
        dealer=0,
        rules=Rules(),
        deck=["10", "11", "1", "11", "10", "F4", "2", "SWAP", "3", "4", "5", "6"],
    )
    for choice in ("hit", "hit", "hit", "target 0"):
        rnd.play(choice)
    assert current_flip_four(rnd.events) == last_flip_four(rnd.events)
    assert rnd.pending is not None and rnd.pending.kind == "swap"
    rnd.play(rnd.legal()[0])  # the Swap set aside is resolved
    assert current_flip_four(rnd.events) is not None  # the table still reads it
    assert rnd.pending is not None and rnd.pending.kind == "turn"
    rnd.play("hit" if "hit" in rnd.legal() else "stay")
    assert current_flip_four(rnd.events) is None
    assert last_flip_four(rnd.events) is not None  # still in the round's log
