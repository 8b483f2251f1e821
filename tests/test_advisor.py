"""Advice at a player's turn: exact odds from the unseen cards, Monte-Carlo
suggestion."""

from __future__ import annotations

import functools
import random
import re
from fractions import Fraction

import pytest
from round_helpers import stacked

from companion.app.advice_words import advice_text
from companion.rules import Advice, Match, advise
from companion.rules.advice import CERTAIN
from companion.rules.advisor import ENDGAME_SAMPLES, MAX_SAMPLES, near_end
from companion.rules.bots import StopBot, WinBot
from companion.rules.hardbot import HardBot
from companion.rules.outlook import unseen
from companion.rules.round import Round


def test_exact_odds_from_the_unseen_cards() -> None:
    # Ann holds 9; left in the deck: 9, 9, 4, JOM -> bust 2/4.
    rnd = stacked("9 1 2 9 9 4 JOM")
    advice = advise(rnd, samples=10, seed=1)
    assert advice.player == 1
    assert advice.bust == Fraction(2, 4)
    assert advice.flip7 == 0
    assert advice.stay == 9
    # 9, 9 bust (0); 4 -> 13; Just One More counted as no change (9).
    assert advice.hit == Fraction(0 + 0 + 13 + 9, 4)
    assert advice.suggestion in ("hit", "stay")
    assert "bust 50%" in advice_text(advice)


def test_unseen_is_the_deck_contents_not_its_order() -> None:
    rnd = stacked("9 1 2 12 4 JOM")
    assert [c.code for c in unseen(rnd)] == sorted(["12", "4", "JOM"])


def test_flip7_chance_when_one_card_away() -> None:
    deck = "1 2 3 4 5 6 7 8 9 9"
    rnd = stacked(deck, "hit", "stay", "stay", "hit", "hit", "hit", "hit")
    # Ann: 1 4 5 6 7 8; left 9 and 9: both make Flip 7.
    advice = advise(rnd, samples=5, seed=0)
    assert advice.flip7 == 1 and advice.bust == 0
    assert advice.suggestion == "hit"
    assert advice.hit == 1 + 4 + 5 + 6 + 7 + 8 + 9 + 15


def test_certain_bust_suggests_stay() -> None:
    rnd = stacked("12 1 2 12 12 12")
    advice = advise(rnd, samples=20, seed=3)
    assert advice.bust == 1
    assert advice.suggestion == "stay"
    assert advice.sim_stay > advice.sim_hit and advice.win_stay >= advice.win_hit


def test_zero_holder_must_hit() -> None:
    advice = advise(stacked("0 1 2 5"))
    assert advice.must_hit and advice.suggestion == "hit" and advice.samples == 0
    assert "must hit" in advice_text(advice)


def test_advice_is_repeatable_with_a_seed_and_leaves_the_round_alone() -> None:
    rnd = stacked("5 1 2 " + " ".join(str(n) for n in range(3, 13)))
    before = rnd.state()
    assert advise(rnd, seed=7) == advise(rnd, seed=7)
    assert rnd.state() == before


def test_advice_at_a_steal_too_through_the_one_entry() -> None:
    """``advise`` answers every decision (issue 38), here a Steal on a deck
    whose play-outs cycle the Steal for ever unless the bots stop hitting
    (tests/test_bots.py); only a round that is over has none."""
    rnd = stacked("5 8 5 STEAL", "hit")
    pend = rnd.pending
    assert pend is not None and pend.kind == "steal"
    assert advise(rnd).suggestion in pend.options
    over = stacked("5 8 5", players=1)
    while over.pending is not None:
        over.play("stay")
    with pytest.raises(ValueError):
        advise(over)


def turn_positions(n: int, seed: int) -> list[Round]:
    """Hit-or-stay positions from real games (stop bots, 2-5 players, game
    totals known), early and late in rounds and games."""
    rng = random.Random(seed)
    out: list[Round] = []
    while len(out) < n:
        match = Match(rng.randint(2, 5), seed=rng.getrandbits(32))
        bots = [StopBot(rng.randint(15, 35)) for _ in range(match.players)]
        while not match.over and len(out) < n:
            rnd = match.start_round()
            while (pend := rnd.pending) is not None:
                two = pend.kind == "turn" and len(pend.options) == 2
                if two and rng.random() < 0.3:
                    out.append(Round.replay(rnd.setup(), rnd.choices))
                rnd.play(bots[pend.player].choose(rnd, pend.player, rng))
            match.finish_round(rnd)
    return out


@functools.cache
def position_advice() -> list[tuple[Round, Advice]]:
    return [(rnd, advise(rnd)) for rnd in turn_positions(40, seed=5)]


def shown(text: str) -> tuple[float, float]:
    got = re.search(r"hit ([\d.]+)%, stay ([\d.]+)%\.", text)
    assert got, text
    return float(got.group(1)), float(got.group(2))


def test_the_shown_figures_agree_with_the_suggestion() -> None:
    settled = 0
    for _, advice in position_advice():
        text = advice_text(advice)
        if advice.verdict == CERTAIN:  # the totals settle it: no competing figures
            settled += 1
            assert f"Suggestion: {advice.suggestion}." in text
            assert "play-outs" not in text
            continue
        h, s = (float(x) for x in advice.figures())  # the values compared
        assert (h > s) == (advice.suggestion == "hit"), advice
        assert h != s or advice.close, advice
        hit, stay = shown(text)  # as shown: never pointing the other way
        assert hit == stay or (hit > stay) == (advice.suggestion == "hit"), text
        assert (
            f"Suggestion: {advice.suggestion}" in text
            or (advice.close and "Too close to call" in text)
            or (
                advice.verdict == "spent" and f"{advice.suggestion} leans ahead" in text
            )
        ), text
        assert "one more card" not in text  # no one-card figure beside it
    assert settled < len(position_advice())


def test_close_options_are_called_within_noise() -> None:
    found = [a for _, a in position_advice() if a.close]
    assert found, "no close call among the positions"
    for advice in found:
        assert "Too close to call" in advice_text(advice)
        assert abs(advice.win_hit - advice.win_stay) <= advice.margin + 1e-9


def test_the_same_position_gets_the_same_advice() -> None:
    # The same cards dealt; the hidden rest of the deck in another order.
    a = stacked("5 1 2 3 4 6 7 8 9 10 11 12 JOM F4")
    b = stacked("5 1 2 F4 JOM 12 11 10 9 8 7 6 4 3")
    assert advise(a) == advise(b)
    for rnd in turn_positions(8, seed=2):
        again = Round.replay(rnd.setup(), rnd.choices)
        assert advise(rnd) == advise(again)


def test_sampling_goes_on_until_the_gap_is_clear() -> None:
    """Until the gap is clear or the budget is spent, and the words say
    which (issue 26)."""
    counts = [a.samples for _, a in position_advice() if a.verdict != CERTAIN]
    assert min(counts) == 80 and max(counts) > 80
    budgets = (MAX_SAMPLES, ENDGAME_SAMPLES)
    for rnd, advice in position_advice():
        text = advice_text(advice)
        if advice.verdict in ("close", "spent"):  # the budget ran out
            assert advice.samples == (ENDGAME_SAMPLES if near_end(rnd) else 240)
            # how many play-outs it rests on, and never the clock's words
            assert f"{advice.samples} play-outs" in text, text
            assert "time allowed" not in text, text
        elif advice.verdict == "clear":
            assert abs(advice.win_hit - advice.win_stay) > advice.margin
            assert "after all" not in text and advice.samples in (
                *range(80, max(budgets) + 1, 40),
            )


def test_staying_that_loses_the_game_is_not_suggested() -> None:
    # Bob stays on 12 with 190 (202); Ann, on 150, holds 10 11 9 (bank 180).
    rnd = Round.start(
        players=2,
        deck=["12", "10", "11", "9", "5", "6", "7", "8"],
        seed=1,
        totals=(150, 190),
    )
    for choice in ("stay", "hit", "hit"):
        rnd.play(choice)
    assert rnd.line(0) == ["10", "11", "9"]
    advice = advise(rnd)
    assert advice.suggestion == "hit"
    text = advice_text(advice)
    assert "Staying loses: an opponent has 202, you would bank 180" in text
    assert "Suggestion: hit." in text
    assert StopBot(25).choose(rnd, 0, random.Random(0)) == "stay"
    assert WinBot().choose(rnd, 0, random.Random(0)) == "hit"
    assert HardBot().choose(rnd, 0, random.Random(0)) == "hit"


def test_staying_that_wins_now_is_suggested() -> None:
    rnd = Round.start(
        players=2, deck=["12", "10", "5", "6", "7", "8"], seed=1, totals=(190, 100)
    )
    rnd.play("stay")  # Bob banks 112; Ann holds 10: 200, past the target
    advice = advise(rnd)
    assert advice.suggestion == "stay" and "Staying wins" in advice_text(advice)
    assert WinBot().choose(rnd, 0, random.Random(0)) == "stay"


class _AskedStop:
    """A stop bot the engine does not recognise: every turn of its play-outs
    goes through ``pending`` and ``Round.play``."""

    def __init__(self) -> None:
        self.inner = StopBot()
        self.name = "stop"

    def choose(self, rnd: Round, player: int, rng: random.Random) -> str:
        return self.inner.choose(rnd, player, rng)


def test_play_outs_give_the_same_advice_when_the_engine_plays_the_turns() -> None:
    """The advisor's stop-bot play-outs let the engine play the bots' turns
    (``bots.play_out``): the advice is what asking the bot each time gives."""
    seen = 0
    for g in range(6):
        rnd = Round.start(players=2 + g % 3, seed=g)
        rng = random.Random(g)
        bot = StopBot()
        while (pend := rnd.pending) is not None:
            if pend.kind == "turn" and len(pend.options) == 2 and seen < 12:
                fast = advise(rnd, samples=30, seed=g, bot=StopBot())
                asked = advise(rnd, samples=30, seed=g, bot=_AskedStop())
                assert fast == asked
                seen += 1
            rnd.play(bot.choose(rnd, pend.player, rng))
    assert seen == 12


def test_a_time_limit_is_not_called_all_the_play_outs() -> None:
    """Stopped by the clock, the advice says so: "after all 24 play-outs"
    read as if the budget allowed no more (issue 37)."""
    said = []
    for rnd, full in position_advice():
        if full.verdict not in ("close", "spent"):
            continue
        timed = advise(rnd, stop=lambda: True)
        assert timed.samples == 24 and timed.timed
        text = advice_text(timed)
        said.append(text)
        assert "after all" not in text, text
        assert "24 play-outs" in text and "time" in text, text
        assert not full.timed and "time allowed" not in advice_text(full)
    assert said, "no position where the sampling ran to its end"
