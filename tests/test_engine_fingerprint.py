"""Fixed seeds give the same games: a fingerprint recorded on the starting
commit (71f4630) of the engine speed-up (issue 13, item 7).

200 self-play games through ``Match`` (the simulator's and the tournament's
loop), over several rules variants, 2-6 players and every bot (``stop`` the
most: it is the benchmark's), hashed round by round: the setup, the choices,
the raw event log and the events as read through ``Round.events``, the
scores, the sheet's totals, the next dealer, and each game's sheet and
winners. Any change to what the engine deals, logs, scores or lets the bots
choose changes the digest; a faster engine must not.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from collections.abc import Callable, Sequence

import pytest

from companion.rules import Advice, Decision, Match, Round, Rules, advise, make_bot
from companion.rules.bots import Bot, play_out
from companion.rules.choice_advice import ChoiceAdvice, advise_choice

# Recorded on 71f4630, before any speed-up (see docs/benchmarks.md).
DIGEST = "3deed93e23768fa82a25ad4743cdc7361410d628dd0831425bc0c1913206cd01"
GAMES = 200

VARIANTS = [
    Rules(),
    Rules(brutal=True),
    Rules(decks=2, target=150),
    Rules(lucky_pair_counts_two=False, target=120),
    Rules(tie_break=False, target=80),
    Rules(brutal=True, target=60),
]
LINEUPS = [
    ["stop"],
    ["stop", "stop:20", "stop:30"],
    ["stop", "odds", "random", "win"],
]


Driver = Callable[[Round, Sequence[Bot], random.Random], None]


def one_by_one(rnd: Round, bots: Sequence[Bot], rng: random.Random) -> None:
    """Every decision asked through ``pending`` and played with ``play``."""
    while (pend := rnd.pending) is not None:
        rnd.play(bots[pend.player].choose(rnd, pend.player, rng))


def fingerprint(games: int, drive: Driver = one_by_one) -> tuple[str, int]:
    digest = hashlib.sha256()
    rounds = 0
    for g in range(games):
        rules = VARIANTS[g % len(VARIANTS)]
        players = 2 + g % 5
        specs = LINEUPS[g % len(LINEUPS)]
        bots = [make_bot(specs[(g + i) % len(specs)]) for i in range(players)]
        rng = random.Random(g)
        match = Match(players, rules, seed=g * 7919 + 1, dealer=g % players)
        while not match.over:
            rnd = match.start_round()
            drive(rnd, bots, rng)
            match.finish_round(rnd)
            rounds += 1
            row = [
                rnd.setup(),
                rnd.choices,
                rnd.state()["log"],
                [repr(e) for e in rnd.events],
                rnd.scores(),
                rnd.flip7,
                rnd.attacked,
                [str(rnd.status(i)) for i in range(players)],
                match.history[-1],
                match.totals,
                match.dealer,
            ]
            digest.update(json.dumps(row, default=str).encode())
        sheet = match.sheet.to_dict()
        digest.update(json.dumps([sheet, list(match.winners)]).encode())
    return digest.hexdigest(), rounds


@pytest.mark.parametrize("drive", [one_by_one, play_out], ids=["play", "play_out"])
def test_fixed_seeds_play_the_recorded_games(drive: Driver) -> None:
    """The same games whether each choice goes through ``Round.play`` or
    the simulator's ``play_out`` (stop bots' turns played by the engine)."""
    digest, rounds = fingerprint(GAMES, drive)
    assert rounds > 1000
    assert digest == DIGEST


def test_rounds_played_out_replay_from_their_choices() -> None:
    """The turns the engine plays for stop bots are recorded like any
    other choice: a round replays to an equal one, and a saved one loads."""
    for g in range(30):
        players = 2 + g % 5
        bots = [
            make_bot(["stop", "stop:30", "odds"][(g + i) % 3]) for i in range(players)
        ]
        rng = random.Random(g)
        match = Match(players, VARIANTS[g % len(VARIANTS)], seed=g, dealer=0)
        while not match.over:
            rnd = match.start_round()
            play_out(rnd, bots, rng)
            assert rnd.over
            assert Round.replay(rnd.setup(), rnd.choices) == rnd
            assert Round.from_json(rnd.to_json()) == rnd
            match.finish_round(rnd)


# The advisor's answers at fixed positions: its play-outs, win chances and
# verdicts, for hit or stay and for other kinds of decision (the hard
# computer player plays these). Recorded on fd8f1d6 (issue 24), the same
# compiled and plain: tests/test_native.py runs it from the plain sources.
# Recorded again when Advice's English ``reason`` gave way to its totals
# (``bank``, ``rival``): the old digest, 48a68145…, came back from the new
# advice with the old reason rebuilt from those totals, so every figure held.
# Recorded again when Advice gained ``timed`` (issue 37: said when a time
# budget, not the play-outs' cap, ended the sampling): without that field
# the new advice gives the old digest, e69a54c0…, so every figure held.
# Recorded again for issue 38 (a new algorithm, new figures): choice advice
# races its options on common random numbers, plays the endgame's next round
# as hit/stay does, and records per-option counts, gap, verdict and spent;
# both advisors stop once the gap is known to be within a point either way.
# The engine's game digests above did not change.
# Recorded again for issue 38's second pass: a verdict against the least
# separated option under a Bonferroni bound, the closest rival kept in until
# MIN_CLEAR play-outs (per-option counts and verdicts change). The same
# digest on the advice change alone and with the faster play-outs (plain
# and compiled): those left the advice as it was.
# Recorded again for issue 38's third pass, when ChoiceAdvice gained
# ``level`` (an option known within a point of the suggestion while the
# verdict is on another): without that field the new advice gives the old
# digest, 77df1cc2…, so every figure held (the bounds over the race's looks
# leave this budget of 32, one look, as it was).
ADVICE_DIGEST = "82856fb7fddad4baa41e7af58f6e34d72ec025fc160c61c906627fbae71d76d7"
ADVICE_POSITIONS = 24


def _advice_bytes(advice: Advice | ChoiceAdvice) -> bytes:
    return json.dumps(dataclasses.asdict(advice), default=str).encode()


def advice_fingerprint(positions: int = ADVICE_POSITIONS) -> str:
    digest = hashlib.sha256()
    stop = make_bot("stop:27")
    for g in range(positions):
        rules = VARIANTS[g % len(VARIANTS)]
        players = 2 + g % 3
        match = Match(players, rules, seed=900 + g, dealer=g % players)
        rng = random.Random(g)
        for _ in range(g % 4):  # a few rounds first: totals near the target
            rnd = match.start_round()
            play_out(rnd, [stop] * players, rng)
            match.finish_round(rnd)
        if match.over:
            continue
        rnd = match.start_round()
        turn = other = False  # one advice of each, at most
        while (pend := rnd.pending) is not None and not (turn and other):
            if pend.kind is Decision.TURN:
                if not turn and len(pend.options) == 2 and rng.random() < 0.3:
                    said = advise(rnd, samples=16, max_samples=32)
                    digest.update(_advice_bytes(said))
                    turn = True
            elif not other and len(pend.options) > 1:
                said = advise_choice(rnd, budget=32, min_each=8)
                digest.update(_advice_bytes(said))
                other = True
            rnd.play(rng.choice(rnd.legal()))
    return digest.hexdigest()


def test_fixed_positions_get_the_recorded_advice() -> None:
    assert advice_fingerprint() == ADVICE_DIGEST
