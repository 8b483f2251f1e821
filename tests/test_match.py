"""A digital game of rounds, and rounds landing in the score sheet."""

from __future__ import annotations

import random

import pytest
from round_helpers import stacked

from companion.rules import Match, Rules, Sheet, StopBot, round_record
from companion.rules.round import Round


def play(rnd: Round, seed: int = 0) -> None:
    bot, rng = StopBot(), random.Random(seed)
    while (pend := rnd.pending) is not None:
        rnd.play(bot.choose(rnd, pend.player, rng))


def test_dealer_moves_left_and_the_deck_passes_on_unshuffled() -> None:
    match = Match(3, Rules(), seed=4, dealer=1)
    first = match.start_round()
    assert first.dealer == 1
    play(first)
    deck_after, pile_after = first.leftovers()
    match.finish_round(first)
    second = match.start_round()
    assert second.dealer == 2
    # The second round's deal starts with the first round's next card.
    assert second.events[0].card == deck_after[0].code  # type: ignore[attr-defined]
    assert second.setup()["deck"] == [c.code for c in deck_after]
    assert sorted(second.setup()["discard"]) == sorted(c.code for c in pile_after)
    assert second.card_count() == 108
    assert match.totals == first.scores()


def test_whole_game_keeps_every_card_and_adds_totals() -> None:
    match = Match(4, Rules(target=150), seed=9)
    history_total = [0] * 4
    while not match.over:
        rnd = match.start_round()
        assert rnd.card_count() == 108
        play(rnd)
        match.finish_round(rnd)
        history_total = [
            a + b for a, b in zip(history_total, rnd.scores(), strict=True)
        ]
    assert match.totals == history_total
    assert max(match.totals) >= 150
    assert match.winners == (match.totals.index(max(match.totals)),)


def test_tie_break_round_only_for_the_tied_leaders() -> None:
    match = Match(3, Rules(target=50), seed=2, dealer=2, totals=[60, 10, 60])
    assert not match.over and match.tied == (0, 2)
    rnd = match.start_round()
    assert rnd.seats == (0, 2)
    assert rnd.status(1) == "out"
    assert rnd.dealer in (0, 2)
    play(rnd)
    match.finish_round(rnd)
    assert match.totals[1] == 10
    while not match.over:
        rnd = match.start_round()
        play(rnd)
        match.finish_round(rnd)
    assert len(match.winners) == 1 and match.winners[0] in (0, 2)


def test_shared_win_option_ends_a_tie_at_once() -> None:
    match = Match(3, Rules(target=50, tie_break=False), totals=[60, 10, 60])
    assert match.over and match.winners == (0, 2)
    with pytest.raises(ValueError):
        match.start_round()


def test_round_record_lands_in_the_sheet_with_the_same_scores() -> None:
    rules = Rules(brutal=True)
    deck = "1 2 3 4 5 6 7 8 9"
    choices = ["hit", "stay", "stay", "hit", "hit", "hit", "hit", "hit", "attack 2"]
    rnd = stacked(deck, *choices, rules=rules)
    sheet = Sheet.new(["Dee", "Ann", "Bea"], rules)
    ids = [p.id for p in sheet.players]
    rec = round_record(rnd, ids)
    assert rec.digital and rec.dealer == "p1"
    assert rec.entry("p2") is not None and rec.entry("p2").sent_attack  # type: ignore[union-attr]
    assert rec.entry("p3") is not None and rec.entry("p3").attacked  # type: ignore[union-attr]
    sheet = sheet.add_round(rec)
    assert [sheet.totals()[i] for i in ids] == rnd.scores() == [3, 40, -13]


def test_round_record_of_a_busted_brutal_line_keeps_later_modifiers() -> None:
    rnd = stacked(
        "5 6 7 -2 3 5 -10",
        "hit",
        "target 1",
        "stay",
        "hit",
        "hit",
        "hit",
        "target 1",
        "stay",
        rules=Rules(brutal=True),
    )
    sheet = Sheet.new(["Dee", "Ann", "Bea"], Rules(brutal=True))
    rec = round_record(rnd, [p.id for p in sheet.players])
    entry = rec.entry("p2")
    assert entry is not None and entry.busted and entry.cards == ("-10",)
    assert entry.score(sheet.rules) == -10


def test_round_record_of_a_tie_break_lists_only_its_players() -> None:
    rnd = Round.start(
        players=3, dealer=0, deck=["5", "6", "7"], active_players=[0, 2], seed=0
    )
    play(rnd)
    rec = round_record(rnd, ["a", "b", "c"], tie_break=True)
    assert rec.players == ("a", "c") and rec.tie_break


def test_round_record_needs_a_finished_round() -> None:
    with pytest.raises(ValueError):
        round_record(stacked("5 6 7 8"), ["a", "b", "c"])
