"""The win-chance model (companion.rules.winchance): the heads-up table is a
fair contest, the many-player chances add up to 1 and follow a simulation
of the same model, and the model calls real games of medium bots."""

from __future__ import annotations

import random

import pytest

from companion.rules import winchance as w
from companion.rules.bots import MEDIUM_STOP, StopBot, play_out
from companion.rules.match import Match
from companion.rules.roster import make_bot


def simulate(
    totals: list[int], target: int, games: int, rng: random.Random
) -> list[float]:
    """Win rates of the model itself: independent round scores from
    ROUND_SCORES until someone has the target."""
    dist = w.ROUND_SCORES[len(totals)]
    bins = list(range(len(dist)))
    wins = [0.0] * len(totals)
    for _ in range(games):
        now = list(totals)
        while max(now) < target:
            drawn = rng.choices(bins, dist, k=len(now))
            now = [t + w.BIN * x for t, x in zip(now, drawn, strict=True)]
        top = max(now)
        leaders = [i for i, t in enumerate(now) if t == top]
        for i in leaders:
            wins[i] += 1 / len(leaders)
    return [x / games for x in wins]


def test_heads_up_is_a_fair_contest() -> None:
    table = w.heads_up(2)
    for a in range(1, w.SPAN + 1):
        assert table[a][a] == pytest.approx(0.5)
        for b in range(1, w.SPAN + 1):
            assert table[a][b] + table[b][a] == pytest.approx(1.0)
            if b > 1:  # the nearer the other is to the target, the worse
                assert table[a][b] >= table[a][b - 1] - 1e-12


def test_heads_up_follows_the_model() -> None:
    rng = random.Random(5)
    for mine, theirs in [(0, 0), (150, 180), (120, 60), (190, 100), (40, 170)]:
        got = w.win_chances([mine, theirs], 200)
        want = simulate([mine, theirs], 200, 4000, rng)
        # 5-point bins and the sample's noise (±1.6 points at 4,000 games)
        assert got[0] == pytest.approx(want[0], abs=0.04), (mine, theirs)


def test_many_players_are_calibrated_on_played_games() -> None:
    """Four medium players (they aim at the leader): where the model gives a
    seat 50-95 %, that seat goes on to win about that often (issue 26: the
    power fitted to the model's own simulation said 79 % where leaders won
    62 %)."""
    bot = make_bot("medium")
    said, won = [], []
    for g in range(200):
        match = Match(4, seed=70_000 + g, dealer=g % 4)
        rng = random.Random(g)
        marks = []
        while not match.over:
            rnd = match.start_round()
            play_out(rnd, [bot] * 4, rng)
            match.finish_round(rnd)
            if not match.over and not match.tied:
                chances = w.win_chances(match.totals, 200)
                assert sum(chances) == pytest.approx(1.0)
                marks += [(s, c) for s, c in enumerate(chances) if 0.5 <= c < 0.95]
        for seat, chance in marks:
            said.append(chance)
            won.append(1.0 if match.winners == (seat,) else 0.0)
    assert len(won) > 150
    mean_said = sum(said) / len(said)
    assert sum(won) / len(won) == pytest.approx(mean_said, abs=0.08), len(won)


def test_a_finished_game_is_certain() -> None:
    assert w.win_chances([205, 190, 210], 200) == [0.0, 0.0, 1.0]
    assert w.win_chances([205, 205, 100], 200) == [0.5, 0.5, 0.0]
    # the target counts from where the game set it
    assert w.win_chances([95, 130], 120) == [0.0, 1.0]
    # far below the target (Brutal) counts as far
    assert sum(w.win_chances([-40, 0, 10], 200)) == pytest.approx(1.0)


def test_the_model_calls_real_games() -> None:
    """Medium bots heads-up: of the round ends where the model gives seat 0
    between 60 % and 90 %, seat 0 goes on to win about that often."""
    predicted, won = [], []
    bots = [StopBot(MEDIUM_STOP)] * 2
    for g in range(400):
        match = Match(2, seed=90_000 + g)
        rng = random.Random(g)
        marks = []
        while not match.over:
            rnd = match.start_round()
            play_out(rnd, bots, rng)
            match.finish_round(rnd)
            if not match.over:
                marks.append(w.win_chances(match.totals, 200)[0])
        for chance in marks:
            if 0.6 <= chance <= 0.9:
                predicted.append(chance)
                won.append(1.0 if match.winners == (0,) else 0.0)
    assert len(won) > 300
    mean_p = sum(predicted) / len(predicted)
    rate = sum(won) / len(won)
    assert rate == pytest.approx(mean_p, abs=0.06), (rate, mean_p, len(won))
