"""The advisor's time budget (issue 23): in a phone's browser Python runs
several times slower, so the advice stops at a time limit and says how many
play-outs it rests on; on a computer the play-outs alone decide."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from drive import drive
from test_bot_driver import Manual

from companion.app import AppState, digital_table, thinking
from companion.app.advice_words import advice_text
from companion.app.bots import BotClock
from companion.app.hub import GameHub
from companion.app.thinking import BROWSER_SECONDS, time_budget
from companion.machine import runtime
from companion.rules import Match, Round, Rules, advise
from companion.rules.advisor import DEFAULT_SAMPLES, MIN_TIMED
from companion.rules.bots import StopBot
from companion.rules.choice_advice import TIMED_FLOOR, advise_choice
from companion.rules.decision import Decision
from companion.store import GameStore


def decisions() -> tuple[Round, Round]:
    """A hit-or-stay turn past the first card, and a choice of another kind."""
    rng = random.Random(5)
    turn = choice = None
    while turn is None or choice is None:
        match = Match(3, rules=Rules(), seed=rng.getrandbits(32))
        rnd = match.start_round()
        bot = StopBot(20)
        while (pend := rnd.pending) is not None:
            several = len(rnd.legal()) > 1
            if pend.kind is Decision.TURN and several and rnd.cards(pend.player):
                turn = turn or Round.replay(rnd.setup(), rnd.choices)
            elif pend.kind is not Decision.TURN and several:
                choice = choice or Round.replay(rnd.setup(), rnd.choices)
            rnd.play(bot.choose(rnd, pend.player, rng))
    return turn, choice


def test_a_spent_budget_stops_the_play_outs_and_says_how_many() -> None:
    turn, choice = decisions()
    full = advise(turn)
    cut = advise(turn, stop=lambda: True)
    assert full.samples >= DEFAULT_SAMPLES and cut.samples == MIN_TIMED
    assert str(MIN_TIMED) in advice_text(cut)  # the advice says what it rests on
    assert advise(turn, stop=lambda: False) == full  # time left: as before
    assert advise_choice(choice, stop=lambda: True).samples == TIMED_FLOOR
    assert advise_choice(choice, stop=lambda: False) == advise_choice(choice)


@pytest.mark.parametrize(
    ("browser", "compiled", "limited"),
    [(False, True, False), (True, False, True), (False, False, True)],
)
def test_only_slow_python_has_a_time_limit(
    monkeypatch: pytest.MonkeyPatch, browser: bool, compiled: bool, limited: bool
) -> None:
    """The compiled engine: play-outs decide. A browser, or a computer
    running the plain sources (2-3x slower, issue 38): a time limit too."""
    monkeypatch.setattr(runtime, "IN_BROWSER", browser)
    monkeypatch.setattr(thinking, "compiled", lambda: compiled)
    now = [100.0]
    stop = time_budget(lambda: now[0])
    if not limited:
        assert stop is None
        return
    assert stop is not None and not stop()
    now[0] += BROWSER_SECONDS
    assert stop()


def test_the_hard_player_thinks_within_the_time_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In a browser the hard computer player's move stops at the advisor's
    time budget (issue 35 item 3): its advice is asked with the app's stop."""
    asked: list[bool] = []

    def budget() -> Callable[[], bool]:
        def stop() -> bool:
            asked.append(True)
            return True

        return stop

    monkeypatch.setattr(digital_table, "time_budget", budget)
    hub = GameHub(GameStore.memory(), BotClock(1.0, Manual().schedule))
    app = AppState(hub)
    for name in ("Ann", "Bob"):
        assert drive(app.act(app.form.add, name)) is None
    for seat in (0, 1):
        assert drive(app.act(app.form.set_computer, seat, "hard")) is None
    assert app.start_game() is None and drive(app.act(app.table.start)) is None
    assert app.watch is not None
    state = app.watch.state
    moves = 0
    while not asked and digital_table.bot_to_move(state):
        state = digital_table.bot_moved(state)  # the driver's move, by hand
        moves += 1
    assert asked, moves  # a real choice came, and the hard player asked the clock


def test_time_is_up_when_the_next_play_out_would_run_past_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 38: the advice ran ~60 ms past the 0.35 s budget at the 95th
    percentile (the play-out under way when the time ran out). The check
    is asked between play-outs; it says stop when the next one, as long as
    the longest so far, would end past the budget."""
    monkeypatch.setattr(runtime, "IN_BROWSER", True)
    now = [100.0]
    stop = time_budget(lambda: now[0])
    assert stop is not None
    for at in (0.05, 0.10, 0.20):  # the longest play-out so far: 0.1 s
        now[0] = 100.0 + at
        assert not stop()
    now[0] = 100.0 + 0.23  # a short one: the next could still end by 0.33 s
    assert not stop()
    now[0] = 100.0 + 0.26  # one as long as the longest would end at 0.36 s
    assert stop()
