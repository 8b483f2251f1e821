"""The tournament harness: every seating, paired decks, honest intervals,
targeting ties broken at random, a help text that names the bots."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import permutations
from typing import Any

import pytest
from round_helpers import stacked

from companion.labs import tournament as tm
from companion.rules.match import Match
from companion.rules.roster import BOTS
from companion.rules.tactics import target_player


def test_rotation_puts_every_bot_in_every_seat() -> None:
    orders = tm.seatings(["hard", "stop", "odds", "random"])
    assert len(orders) == 4
    for seat in range(4):
        assert Counter(o[seat] for o in orders) == Counter(
            {"hard": 1, "stop": 1, "odds": 1, "random": 1}
        )


def test_rotation_with_repeated_bots_keeps_the_balance() -> None:
    orders = tm.seatings(["odds", "stop", "stop", "stop"])
    assert len(orders) == 4
    for seat in range(4):
        assert Counter(o[seat] for o in orders)["odds"] == 1
    assert tm.seatings(["stop", "stop"]) == [("stop", "stop")]


def test_all_seatings_are_every_distinct_order() -> None:
    lineup = ["a", "b", "b", "c"]
    assert set(tm.seatings(lineup, "all")) == set(permutations(lineup))
    assert len(tm.seatings(lineup, "all")) == 12


def test_the_tournament_really_plays_each_seating_of_each_deal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    played: list[tuple[tuple[str, ...], int, int]] = []
    real = tm.play_game

    def spy(order: Any, deal_seed: int, dealer: int, rules: Any) -> Any:
        played.append((tuple(b.name for b in order), deal_seed, dealer))
        return real(order, deal_seed, dealer, rules)

    monkeypatch.setattr(tm, "play_game", spy)
    res = tm.tournament(["stop:20", "odds", "random"], deals=3, seed=4)
    assert res.games == 9 and len(played) == 9
    for d in range(3):
        block = played[3 * d : 3 * d + 3]
        assert len({seed for _, seed, _ in block}) == 1  # one deal, one seed
        assert len({dealer for _, _, dealer in block}) == 1
        for seat in range(3):
            assert {order[seat] for order, _, _ in block} == {"stop", "odds", "random"}
    for t in res.tallies.values():
        assert t.seat_games == 9 and len(t.deal_rates) == 3


def test_paired_seeds_give_every_seating_the_same_decks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    decks: list[tuple[int, list[str]]] = []

    class Recording(Match):
        def start_round(self) -> Any:
            rnd = super().start_round()
            if not self.history:  # the first round of a game
                decks.append((self.seed, rnd.setup()["deck"]))
            return rnd

    monkeypatch.setattr(tm, "Match", Recording)
    tm.tournament(["stop", "odds", "random"], deals=2, seed=9)
    assert len(decks) == 6
    first, second = decks[:3], decks[3:]
    assert all(d == first[0] for d in first)
    assert all(d == second[0] for d in second)
    assert first[0] != second[0]


def test_wilson_interval() -> None:
    lo, hi = tm.wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4)
    assert hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = tm.wilson(0, 10)
    assert lo == 0 and hi == pytest.approx(0.2775, abs=1e-4)


def test_cluster_interval_and_the_wider_of_the_two() -> None:
    lo, hi = tm.cluster_interval([0.4, 0.6, 0.5, 0.5])
    assert lo == pytest.approx(0.41998, abs=1e-4)
    assert hi == pytest.approx(0.58002, abs=1e-4)
    assert tm.interval(2, 4, [0.4, 0.6, 0.5, 0.5]) == pytest.approx(tm.wilson(2, 4))


def test_targeting_ties_go_to_a_random_seat_not_the_lowest() -> None:
    # Seat 1 is dealt a −4 first: seats 0 and 2 hold nothing yet, a tie.
    rnd = stacked("-4 1 2 3 4 5 6 7 8 9 10 11")
    options = rnd.legal()
    picks = Counter(
        target_player(rnd, 1, options, "-4", random.Random(s)) for s in range(40)
    )
    assert set(picks) == {"target 0", "target 2"}
    assert target_player(rnd, 1, options, "-4") == "target 0"  # no rng: in order


def test_help_names_every_bot_and_describes_every_option(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        tm.main(["--help"])
    out = capsys.readouterr().out
    for name in BOTS:
        assert f"  {name}" in out
    for action in tm.build_parser()._actions:
        assert action.help, action.dest


def test_prints_a_table_and_a_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert tm.main(["--bots", "odds,stop:22", "--players", "3", "--deals", "2"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0].startswith("strategy")
    data = json.loads(out[-1])
    assert data["lineup"] == ["odds", "stop:22", "stop:22"]
    assert data["games"] == 6 and data["seatings"] == 3
    assert data["rounds_per_game"] >= 1
    rows = data["strategies"]
    assert rows["odds"]["seat_games"] == 6 and rows["stop:22"]["seat_games"] == 12
    for row in rows.values():
        lo, hi = row["win_ci95"]
        assert 0 <= lo <= row["win_rate"] <= hi <= 1
        assert {"mean_round_score", "bust_rate", "flip7_rate"} <= set(row)
    assert sum(data["seat_win_rate"]) == pytest.approx(1)


@pytest.mark.parametrize(
    "args", [["--bots", "genius"], ["--players", "7"], ["--deals", "0"]]
)
def test_bad_arguments_are_refused(args: list[str]) -> None:
    with pytest.raises(SystemExit):
        tm.main(args)
