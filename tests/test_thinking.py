"""The advisor's time budget (issue 23): in a phone's browser Python runs
several times slower, so the advice stops at a time limit and says how many
play-outs it rests on; on a computer the play-outs alone decide."""

from __future__ import annotations

import random

import pytest

from companion.app.advice_words import advice_text
from companion.app.thinking import BROWSER_SECONDS, time_budget
from companion.machine import runtime
from companion.rules import Match, Round, Rules, advise
from companion.rules.advisor import DEFAULT_SAMPLES, MIN_TIMED
from companion.rules.bots import StopBot
from companion.rules.choice_advice import MIN_EACH, advise_choice
from companion.rules.decision import Decision


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
    assert advise_choice(choice, stop=lambda: True).samples == MIN_EACH
    assert advise_choice(choice, stop=lambda: False) == advise_choice(choice)


def test_only_the_browser_has_a_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    assert time_budget() is None  # on a computer: play-outs decide
    monkeypatch.setattr(runtime, "IN_BROWSER", True)
    now = [100.0]
    stop = time_budget(lambda: now[0])
    assert stop is not None and not stop()
    now[0] += BROWSER_SECONDS
    assert stop()
