"""Computer players for the simulator, the app and the advisor's play-outs
(named for ``--bots`` and the seat picker in :mod:`.roster`).

A bot is anything with ``choose(round, player, rng) -> str`` that returns a
member of ``round.legal()``. The strategies differ in when they hit; all but
``random`` share :mod:`.tactics` for targets, steals, swaps and discards.

- ``random``: any legal choice, from the seeded ``rng``.
- ``stop`` (``stop:N``): stay once the line is worth at least N (25).
- ``odds``: hit while one more card is expected to raise the line's value
  (exact, from the unseen cards) and the bust chance stays below one half.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Protocol

from .cards import NUMBER_VALUES
from .choice import HIT, STAY
from .decision import TURN
from .odds import bust_chance
from .outlook import hit_value, naive_call, stay_value, unseen
from .plainbots import EndgameBot, endgame_near
from .round import Round
from .tactics import decide_other, not_hit_or_stay, value

DEFAULT_STOP: Final = 25
ODDS_MAX_BUST: Final = Fraction(1, 2)


class Bot(Protocol):
    @property
    def name(self) -> str: ...

    def choose(self, rnd: Round, player: int, rng: random.Random) -> str: ...


@dataclass(frozen=True, slots=True)
class RandomBot:
    name: str = "random"

    def choose(self, rnd: Round, player: int, rng: random.Random) -> str:
        return rng.choice(rnd.legal())


@dataclass(frozen=True, slots=True)
class StopBot:
    """Stay when the line's value reaches ``at``."""

    at: int = DEFAULT_STOP
    name: str = "stop"

    def choose(self, rnd: Round, player: int, rng: random.Random) -> str:
        # not_hit_or_stay, inline: most decisions of a simulation are this.
        pend = rnd.pending
        if pend is None or pend.kind is not TURN:
            return not_hit_or_stay(rnd, player, rng) or HIT
        if len(pend.options) == 1:
            return pend.options[0]  # The Zero: must hit
        # A line is never worth more than its number sum at a turn (÷2, −N
        # and The Zero only lower it; Flip 7 has ended the round): a cheap
        # test first, the exact score only when it could reach the mark.
        if rnd.number_sum(player) < self.at:
            return HIT
        codes = rnd.codes(player)
        if "0" not in codes and all(map(NUMBER_VALUES.__contains__, codes)):
            return STAY  # only ordinary numbers: the value is the sum
        return STAY if value(rnd, player) >= self.at else HIT


@dataclass(frozen=True, slots=True)
class OddsBot:
    """Hit while the exact one-card expectation beats staying."""

    max_bust: Fraction = ODDS_MAX_BUST
    name: str = "odds"

    def choose(self, rnd: Round, player: int, rng: random.Random) -> str:
        forced = not_hit_or_stay(rnd, player, rng)
        if forced is not None:
            return forced
        pool = unseen(rnd)
        if bust_chance(rnd.cards(player), pool, rnd.rules) >= self.max_bust:
            return STAY
        better = hit_value(rnd, player, pool) > stay_value(rnd, player)
        return HIT if better else STAY


WIN_STOP: Final = 26
BEHIND_STEP: Final = 8  # one more point of threshold per this many points behind


@dataclass(frozen=True, slots=True)
class WinBot:
    """Plays for the game, not the round: the two-line endgame rule
    (:func:`.outlook.naive_call`: hit when a finished opponent already beats
    what staying would bank, stay when banking wins the game, certain or
    not), else a threshold that rises when behind the
    leader and falls when ahead, and that reaches for the leader's standing
    once someone has the target."""

    at: int = WIN_STOP
    name: str = "win"

    def threshold(self, rnd: Round, player: int) -> int:
        totals = rnd.totals or (0,) * rnd.players
        sums = rnd.seat_sums
        mine = totals[player]
        top: int | None = None  # the best rival's total
        near: int | None = None  # the best rival's total plus number sum
        for q in rnd.seats:
            if q != player:
                total = totals[q]
                if top is None or total > top:
                    top = total
                if near is None or total + sums[q] > near:
                    near = total + sums[q]
        gap = (mine if top is None else top) - mine
        at = self.at + max(-6, min(10, gap // BEHIND_STEP))
        if near is None:
            near = 0  # no rival
        if near >= rnd.rules.target:  # the game likely ends this round
            at = max(at, near - mine + 1)  # catch the leader
        return at

    def choose(self, rnd: Round, player: int, rng: random.Random) -> str:
        forced = not_hit_or_stay(rnd, player, rng)
        if forced is not None:
            return forced
        return self.turn(rnd, player)

    def turn(self, rnd: Round, player: int) -> str:
        """The free hit or stay (no Zero held), from the table alone: what
        the engine calls in a play-out (:func:`play_out`)."""
        call = naive_call(rnd, player)
        if call is not None:
            return call
        at = self.threshold(rnd, player)
        if rnd.seat_sums[player] < at:
            return HIT  # at a turn a line is worth at most its number sum
        return STAY if value(rnd, player) >= at else HIT


EASY_STOP: Final = 20
MEDIUM_STOP: Final = 27  # the best fixed threshold heads-up (docs/benchmarks.md)


@dataclass(frozen=True, slots=True)
class EasyBot:
    """The "easy" level: a cautious beginner. Stays once the line is worth
    20 and aims its action cards, steals and ±15 anywhere, at random."""

    at: int = EASY_STOP
    name: str = "easy"

    def choose(self, rnd: Round, player: int, rng: random.Random) -> str:
        pend = rnd.pending
        if pend is None:
            raise ValueError("the round is over")
        if pend.kind is not TURN:
            return rng.choice(rnd.legal())
        return StopBot(self.at).choose(rnd, player, rng)


# Decisions one play-out may ask before every bot stays at its next turn: a
# round whose deck and discard pile hold only action cards (every number in
# a line) can cycle for ever, a Steal drawn, played, discarded, shuffled back
# and drawn again (RULES.md 2.6). A real round asks a few dozen.
LONG_PLAY_OUT: Final = 1_000
NEVER_HIT: Final = -(10**9)  # a stop mark every line's value reaches


def _stay_from_now(rnd: Round) -> list[Bot]:
    """Every seat a stop bot that stays at its next turn (legal choices
    only: a Zero still hits, R4), so the round ends."""
    for p in rnd.seats:
        rnd.stop_at(p, NEVER_HIT)
    return [StopBot(NEVER_HIT)] * rnd.players


class _Turns:
    """The hit or stay of the seats whose bots make it from the table alone
    (a ``turn`` method, no ``pending`` read, no ``rng`` drawn), called by
    the engine (``Round.turn_by``) instead of asked: the choices a round
    trip through ``pending``, the bot and ``Round.play`` would make. They
    count among the play-out's decisions (``asked``) as when they were
    asked, so :data:`LONG_PLAY_OUT` cuts a round at the same point."""

    __slots__ = ("rnd", "bots", "asked")

    def __init__(self, rnd: Round, bots: Sequence[Bot]) -> None:
        self.rnd = rnd
        self.bots = bots
        self.asked = 0

    def turn(self, p: int, must: int) -> str:
        self.asked += 1
        if self.asked == LONG_PLAY_OUT:
            self.bots = _stay_from_now(self.rnd)
            return HIT if must else STAY  # what StopBot(NEVER_HIT) says
        if must:
            return HIT  # The Zero: the only legal choice, as every bot says
        bot = self.bots[p]
        if type(bot) is WinBot:
            return bot.turn(self.rnd, p)
        assert type(bot) is EndgameBot
        return bot.turn(self.rnd, p)


def play_out(rnd: Round, bots: Sequence[Bot], rng: random.Random) -> None:
    """Let the bots (``bots[seat]``) make every decision until the round is
    over. A :class:`StopBot`'s hit/stay is a mark on its line's value, so
    the engine plays it itself (``Round.stop_at``), and a :class:`WinBot`'s
    or :class:`.plainbots.EndgameBot`'s is called by the engine
    (``Round.turn_by``): the same choices, each recorded, without a round
    trip through ``pending``, the bot and ``Round.play``."""
    near = endgame_near(rnd)
    turns = _Turns(rnd, bots)
    seats = rnd.seats
    for p in seats:
        bot = bots[p]
        if type(bot) is StopBot:
            rnd.stop_at(p, bot.at)
        elif type(bot) is EndgameBot and not near:
            rnd.stop_at(p, bot.at)  # far from the end: an endgame bot is a stop bot
        else:
            rnd.stop_at(p, None)
            if type(bot) is WinBot or type(bot) is EndgameBot:
                rnd.turn_by(p, turns.turn)
                continue
        rnd.turn_by(p, None)
    play = rnd.play
    while (pend := rnd.pending) is not None:
        turns.asked += 1
        if turns.asked == LONG_PLAY_OUT:
            turns.bots = _stay_from_now(rnd)
        p = pend.player
        bot = turns.bots[p]
        if type(bot) is StopBot and pend.kind is not TURN:
            play(decide_other(rnd, p, rng))  # what StopBot.choose does
        else:
            play(bot.choose(rnd, p, rng))
    for p in seats:  # the turners hold the round: no cycle left behind
        rnd.turn_by(p, None)
