"""Issue 10, item 5: one game loop. The simulator's ``Match`` and the app's
digital table deal the next round the same way: the same seats, dealer,
tie-break players, totals, deck and discard pile (RULES.md 2.6, 8, R21).

Each situation is played by ``Match`` and, from the same sheet and the same
carried cards, by the app's digital table (``AppState.start_digital_round``);
the two must agree round after round, to the end of the game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest
from drive import drive

from companion.app import AppState
from companion.app.digital import Digital
from companion.rules import (
    Card,
    Entry,
    Match,
    Round,
    RoundRecord,
    Rules,
    Sheet,
    StopBot,
    deck_counts,
    full_deck,
    make_bot,
    round_record,
)
from companion.store import GameStore


def app_deals(
    sheet: Sheet, deck: Sequence[Card] | None, discard: Sequence[Card]
) -> tuple[Round, list[str], bool]:
    """The round the app's digital table deals for ``sheet`` with these
    carried cards: the round, its seat -> player ids and its tie-break flag."""
    store = GameStore.memory()
    blob = Digital(
        deck=None if deck is None else [c.code for c in deck],
        discard=[c.code for c in discard],
    ).to_dict()
    game_id = store.create(sheet, digital=blob)
    state = AppState(store)
    assert state.open_game(game_id) is None
    assert drive(state.act(state.table.start)) is None
    rnd = state.digital.round
    assert rnd is not None
    return rnd, list(state.digital.ids), state.digital.tie_break


def play(rnd: Round, rng: random.Random) -> None:
    bot = StopBot()
    while (pend := rnd.pending) is not None:
        rnd.play(bot.choose(rnd, pend.player, rng))


# players, rules, seed, first dealer, totals to resume from (a tie-break)
CASES = [
    (3, Rules(), 4, 1, ()),
    (4, Rules(brutal=True, target=120), 9, 0, ()),
    (2, Rules(decks=2, target=100), 5, 1, ()),
    (5, Rules(lucky_pair_counts_two=False, target=80), 11, 4, ()),
    # R21: the tied leaders (seats 0 and 2) play on; seat 1 dealt last and
    # sits out, so the next tied player to the left (seat 2) deals.
    (3, Rules(target=50), 2, 1, (60, 10, 60)),
    # a three-way tie, the last dealer (seat 0) tied too
    (4, Rules(target=50, brutal=True), 3, 1, (55, 55, 20, 55)),
    # every seat tied: all play, and the round is still a tie-break round
    (2, Rules(target=50), 6, 0, (70, 70)),
]


@pytest.mark.parametrize(("players", "rules", "seed", "dealer", "totals"), CASES)
def test_match_deals_what_the_app_deals(
    players: int, rules: Rules, seed: int, dealer: int, totals: tuple[int, ...]
) -> None:
    match = Match(players, rules, seed=seed, dealer=dealer, totals=list(totals))
    names = [f"Player {i + 1}" for i in range(players)]
    sheet = Sheet.new(names, rules, first_dealer=dealer)
    ids = [p.id for p in sheet.players]
    if totals:  # resumed: one round of typed scores, dealt by the seat before
        typed = tuple((pid, Entry(typed=t)) for pid, t in zip(ids, totals, strict=True))
        sheet = sheet.add_round(RoundRecord(ids[(dealer - 1) % players], typed))
    rng = random.Random(seed)
    deck: list[Card] | None = None
    discard: list[Card] = []
    tiebreaks = 0
    for _ in range(60):
        if match.over:
            break
        assert not sheet.over
        tied = bool(match.tied)
        rnd = match.start_round()
        app, app_ids, app_tiebreak = app_deals(sheet, deck, discard)
        assert app_ids == ids
        assert (app.dealer, app.seats) == (rnd.dealer, rnd.seats)
        assert app.totals == rnd.totals == tuple(sheet.totals()[p] for p in ids)
        assert app_tiebreak == tied
        tiebreaks += app_tiebreak
        if deck is not None:  # a first deck is shuffled from each one's seed
            assert app.setup()["deck"] == rnd.setup()["deck"]
        assert sorted(app.setup()["discard"]) == sorted(rnd.setup()["discard"])
        play(rnd, rng)
        match.finish_round(rnd)
        sheet = sheet.add_round(round_record(rnd, ids, tie_break=app_tiebreak))
        deck, discard = rnd.leftovers()
        assert match.totals == [sheet.totals()[p] for p in ids]
    assert match.over and sheet.over
    assert [ids[i] for i in match.winners] == [p.id for p in sheet.winners()]
    assert bool(tiebreaks) == bool(totals)


def test_match_totals_are_the_score_sheets() -> None:
    """The simulator's totals are what the app's sheet adds up from the
    recorded entries (Brutal −15, two decks, the Lucky pair option)."""
    rng = random.Random(5)
    for game in range(40):
        rules = Rules(
            brutal=game % 2 == 0,
            decks=1 + game % 3 // 2,
            lucky_pair_counts_two=game % 5 != 0,
            target=rng.choice([60, 120, 200]),
        )
        players = rng.randint(2, 6)
        bots = [
            make_bot(rng.choice(["stop", "odds", "random"])) for _ in range(players)
        ]
        match = Match(players, rules, seed=game, dealer=game % players)
        sheet = Sheet.new([f"P{i}" for i in range(players)], rules, game % players)
        ids = [p.id for p in sheet.players]
        while not match.over:
            rnd = match.start_round()
            while (pend := rnd.pending) is not None:
                rnd.play(bots[pend.player].choose(rnd, pend.player, rng))
            match.finish_round(rnd)
            sheet = sheet.add_round(round_record(rnd, ids))
            assert match.totals == [sheet.totals()[p] for p in ids]
            assert match.history[-1] == rnd.scores()
        assert sheet.over
        assert [ids[i] for i in match.winners] == [p.id for p in sheet.winners()]


def test_a_second_deck_is_shuffled_in_when_a_19th_player_joins() -> None:
    """RULES.md 1: with a 19th player the table plays two combined decks
    (the app switches the rules). The next digital round must hold 216
    cards; on main it went on dealing the first deck's 108."""
    state = AppState(GameStore.memory())
    for i in range(18):
        assert drive(state.act(state.form.add, f"P{i + 1}")) is None
        assert drive(state.act(state.form.set_computer, i, "stop")) is None
    assert state.start_game() is None
    assert drive(state.act(state.table.start)) is None
    while drive(state.table.bot_step())[0]:
        pass
    first = state.table.round
    assert first is not None and first.over and first.card_count() == 108
    _, pile = first.leftovers()
    assert drive(state.act(state.fixes.add_player, "Zed")) is None
    assert state.sheet is not None and state.sheet.rules.decks == 2
    assert drive(state.act(state.table.start)) is None
    rnd = state.digital.round
    assert rnd is not None and len(rnd.seats) == 19
    assert rnd.card_count() == 216
    # the round's cards stay on the discard pile; the rest is one new deck
    assert sorted(rnd.setup()["discard"]) == sorted(c.code for c in pile)
    assert len(rnd.setup()["deck"]) == 216 - len(pile)


def test_match_keeps_the_apps_score_sheet() -> None:
    """Match records every round in a Sheet, as the app does: a resumed
    game's typed scores, then digital rounds marked as tie-break rounds."""
    match = Match(3, Rules(target=50), seed=2, dealer=1, totals=[60, 10, 60])
    rng = random.Random(2)
    while not match.over:
        rnd = match.start_round()
        play(rnd, rng)
        match.finish_round(rnd)
    sheet = match.sheet
    first, *dealt = sheet.rounds
    assert [e.typed for _, e in first.entries] == [60, 10, 60]
    assert dealt and all(r.digital and r.tie_break for r in dealt)
    assert all(r.players == ("p1", "p3") for r in dealt)
    assert dealt[0].dealer == "p3"  # R21: the next tied player to the left
    assert list(sheet.totals().values()) == match.totals
    assert [p.id for p in sheet.winners()] == [f"p{i + 1}" for i in match.winners]


def test_the_deck_passes_on_unless_the_table_changed_decks() -> None:
    from companion.rules.next_round import carried_deck, new_deck

    deck, pile = full_deck()[:40], full_deck()[40:]
    assert carried_deck(Rules(), deck, pile) is deck
    assert carried_deck(Rules(), None, []) is None  # no round dealt yet
    assert carried_deck(Rules(decks=2), deck, pile) is None  # a second deck
    fresh = new_deck(Rules(decks=2), pile, random.Random(1))
    assert len(fresh) == 216 - len(pile)
    assert Counter(c.code for c in fresh + pile) == deck_counts(2)
