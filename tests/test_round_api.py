"""The Round contract beyond the rulings: start arguments, events and their
text, JSON, zones, tie-break seats."""

from __future__ import annotations

import json

import pytest
from round_helpers import stacked

from companion.app.telling import sentence
from companion.rules import Round as ExportedRound
from companion.rules import Rules, full_deck
from companion.rules.events import Busted, Dealt, Drew, Event
from companion.rules.round import IllegalChoice, Round


def test_round_is_exported_from_the_package() -> None:
    assert ExportedRound is Round


def test_start_deals_up_to_the_first_decision_from_the_dealers_left() -> None:
    rnd = Round.start(players=4, dealer=2, deck=["1", "2", "3", "4", "5"], seed=0)
    dealt = [(e.player, e.card) for e in rnd.events if isinstance(e, Dealt)]
    assert dealt == [(3, "1"), (0, "2"), (1, "3"), (2, "4")]
    assert rnd.pending is not None and rnd.pending.player == 3
    assert rnd.pending.kind == "turn"


def test_shuffled_start_uses_every_card_minus_the_discard_pile() -> None:
    rnd = Round.start(players=3, seed=5, discard=["7", "13L"])
    assert rnd.card_count() == 108
    assert sum(1 for c in rnd.discard if c == "13L") == 1
    assert "13L" not in rnd.deck + [c for i in range(3) for c in rnd.line(i)]


def test_two_decks_hold_216_cards() -> None:
    rnd = Round.start(players=5, seed=2, rules=Rules(decks=2))
    assert rnd.card_count() == 216


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 0},
        {"players": 19},
        {"players": 3, "dealer": 3},
        {"players": 3, "active_players": [0, 5]},
        {"players": 3, "dealer": 2, "active_players": [0, 1]},
    ],
)
def test_bad_start_arguments_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Round.start(**kwargs)  # type: ignore[arg-type]


def test_event_text_names_players_and_cards() -> None:
    rnd = stacked("5 6 7 5", "hit")
    names = ["Dee", "Ann", "Bea"]
    texts = [sentence(e, names) for e in rnd.events]
    assert texts[:3] == ["Ann is dealt a 5.", "Bea is dealt a 6.", "Dee is dealt a 7."]
    assert texts[-2:] == ["Ann draws a 5.", "Ann busts with a 5."]
    assert isinstance(rnd.events[-1], Busted)
    assert all(isinstance(e, Event) for e in rnd.events)
    assert sentence(rnd.events[0]) == "Player 2 is dealt a 5."


def test_events_are_append_only_and_frozen() -> None:
    rnd = stacked("5 6 7 8 9")
    first = rnd.events
    rnd.play("hit")
    assert rnd.events[: len(first)] == first
    assert isinstance(rnd.events[-1], Drew)
    with pytest.raises(AttributeError):
        rnd.events[0].player = 2  # type: ignore[misc]


def test_every_event_kind_has_a_sentence() -> None:
    rnd = Round.start(players=4, seed=11, rules=Rules(brutal=True))
    import random

    rng = random.Random(3)
    kinds = set()
    for _ in range(30):
        while not rnd.over:
            rnd.play(rng.choice(rnd.legal()))
        for e in rnd.events:
            kinds.add(e.kind)
            text = sentence(e, ["A", "B", "C", "D"])
            assert text.endswith((".", "!")) and len(text) < 120
        rnd = Round.start(
            players=4, seed=rng.randrange(10**6), rules=Rules(brutal=True)
        )
    assert {"dealt", "drew", "busted", "stayed", "assigned", "played"} <= kinds


def test_json_holds_setup_and_choices_and_refuses_other_versions() -> None:
    rnd = stacked("5 6 7 8 9", "hit")
    data = json.loads(rnd.to_json())
    assert data["deck"] == ["5", "6", "7", "8", "9"]
    assert data["choices"] == ["hit"]
    data["v"] = 99
    with pytest.raises(ValueError):
        Round.from_json(json.dumps(data))


def test_illegal_choice_message_lists_the_legal_ones() -> None:
    rnd = stacked("0 5 6 9")
    with pytest.raises(IllegalChoice, match="hit"):
        rnd.play("stay")
    assert rnd.choices == []


def test_playing_after_the_end_is_illegal() -> None:
    rnd = stacked("5 6 7", "hit")
    assert rnd.over
    with pytest.raises(IllegalChoice):
        rnd.play("hit")


def test_scores_before_the_end_are_refused() -> None:
    with pytest.raises(ValueError):
        stacked("5 6 7 8").scores()


def test_leftovers_pass_the_deck_on_and_put_table_cards_on_the_pile() -> None:
    rnd = stacked("5 6 7 5 1 2 3", "hit", "stay", "stay", discard="13")
    assert rnd.over
    deck, pile = rnd.leftovers()
    assert [c.code for c in deck] == ["1", "2", "3"]
    assert sorted(c.code for c in pile) == sorted(["13", "5", "5", "6", "7"])
    assert rnd.zones()["table"] == []


def test_tie_break_round_deals_only_to_the_players_taking_part() -> None:
    rnd = Round.start(
        players=4,
        dealer=1,
        deck=["5", "6", "7", "8", "9"],
        active_players=[1, 3],
        seed=0,
    )
    assert rnd.line(3) == ["5"] and rnd.line(1) == ["6"]
    assert rnd.status(0) == "out" and rnd.status(2) == "out"
    rnd.play("stay")
    rnd.play("stay")
    assert rnd.scores() == [0, 6, 0, 5]


def test_fork_keeps_the_table_and_hides_the_deck_order() -> None:
    import random

    rnd = Round.start(players=3, seed=4)
    while rnd.pending is not None and rnd.pending.kind != "turn":
        rnd.play(rnd.legal()[0])
    twin = rnd.fork(random.Random(1))
    assert [twin.line(i) for i in range(3)] == [rnd.line(i) for i in range(3)]
    assert sorted(twin.deck) == sorted(rnd.deck)
    assert twin.deck != rnd.deck
    with pytest.raises(ValueError):
        twin.to_json()


def test_the_play_outs_read_every_seat_through_public_views() -> None:
    """``seat_*``: every seat at once, what the per-seat reads say; a stop
    mark lets the engine play a seat's turns itself, each one recorded."""
    rnd = stacked("5 13L 0 9 13 2", "hit", "hit", dealer=2)
    lines = rnd.seat_lines
    assert [[c.code for c in lines[i]] for i in range(3)] == [
        rnd.line(i) for i in range(3)
    ]
    assert rnd.seat_sums == [rnd.number_sum(i) for i in range(3)] == [14, 26, 0]
    assert rnd.seat_status == [rnd.status(i) for i in range(3)]
    assert rnd.seat_values == [1 << 5 | 1 << 9, 1 << 13, 1 << 0]  # bit 13: any 13
    rnd.stop_at(0, 5)  # seat 0 holds 14: the engine stays for it
    rnd.play("hit")  # seat 2 must hit (The Zero); then seat 0 is not asked
    assert rnd.choices[-2:] == ["hit", "stay"]
    assert rnd.status(0) == "stayed"
    assert rnd.pending is not None and rnd.pending.player == 1


def test_an_unseen_fork_depends_only_on_the_cards_left() -> None:
    """Two rounds at the same position with their decks in different orders
    fork into the same what-if from the same seed."""
    import random

    a = stacked("5 6 7 8 9 10 11 12 1 2 3 4")
    b = stacked("5 6 7 4 3 2 1 12 11 10 9 8")
    ta, tb = (r.fork_unseen(random.Random(7), "test") for r in (a, b))
    assert ta.deck == tb.deck and sorted(ta.deck) == sorted(a.deck)
    ta.play("hit")
    tb.play("hit")
    assert ta.line(1) == tb.line(1)


def test_codes_and_cards_are_accepted_for_the_deck() -> None:
    a = Round.start(players=2, deck=full_deck()[:10], seed=0)
    b = Round.start(players=2, deck=[c.code for c in full_deck()[:10]], seed=0)
    assert a == b


def _saved(**change: object) -> str:
    data = json.loads(stacked("5 6 7 8 9", "hit").to_json())
    data.update(change)
    return json.dumps(data)


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        _saved(v=99),
        _saved(deck=["5", "6", "99"]),
        _saved(choices=["jump"]),
        _saved(choices=["stay", "stay", "stay", "stay", "stay"]),
        _saved(choices="hit"),
        _saved(rules={"decks": 3}),
        json.dumps({"v": 1, "choices": []}),
    ],
)
def test_an_unreadable_saved_round_is_one_typed_error(text: str) -> None:
    from companion.rules.saving import SavedRoundError

    with pytest.raises(SavedRoundError):
        Round.from_json(text)
