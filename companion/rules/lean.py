"""The rest of a round played out when only its outcome counts: the
advisor's samples, the choice advice, the hard player, the simulator.

Why: :class:`.round.Round` is the app's one engine, and it is replayable:
a generator that stops at every decision with a :class:`.decision.Pending`
of choice strings, ``Round.play`` checking and parsing the chosen string,
an event log. A play-out reads none of it: it needs the lines, the piles
and the scores at the end. So from the first hit or stay on, this plays
the round on the round's own table (``Round.hand_over``) with plain nested
calls, and asks the bots on seats and read options (``tactics.target_seat``,
``tactics.pick_use``, ``tactics.brutal_seat``), never on text: no
``Pending``, no option strings, no log.

Same results: the same table methods move the cards (draws, reshuffles,
busts, Flip 7), the round's own functions carry out Flip Four's draws and
a Steal, Swap or Discard (:func:`.resolve.flip_four_draws`,
:func:`.resolve.use_card`; the log lines they write are dropped at the
end), the bots decide with the same functions and draw the same
numbers from the same generator, and the decisions are counted as
:func:`.bots.play_out` counts them, so a play-out cut at
:data:`.bots.LONG_PLAY_OUT` is cut at the same decision. Proven against
:func:`.bots.play_out` by tests/test_lean_playout.py (hypothesis: every
zone, line, flag and score, and the generator after) and by the advice
fingerprints of tests/test_engine_fingerprint.py. A round played out here
has no events or choices after the hand-over and cannot be saved: where
the record counts (the app, the recorded games), :func:`.bots.play_out`.

Only the bots whose every choice is the shared tactics' or a turn made
from the table are played here: :class:`.bots.StopBot`,
:class:`.bots.WinBot` and :class:`.plainbots.EndgameBot` with the shared
tactics (the advisor's others). Any other lineup goes through
:func:`.bots.play_out`.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Sequence

from .bots import LONG_PLAY_OUT, NEVER_HIT, Bot, StopBot, WinBot
from .bots import play_out as full_play_out
from .cards import NUMBER_VALUES, Card
from .choice import HIT, STAY
from .config import FLIP7_CARDS
from .decision import TURN
from .linescores import stay_or_hit
from .plainbots import EndgameBot, endgame_near
from .resolve import card_uses, flip_four_draws, use_card, wasted
from .round import Round
from .status import ACTIVE, STAYED
from .table import RoundEnd, Table
from .tactics import brutal_seat, decide_other, pick_use, target_seat


def leanable(bot: Bot) -> bool:
    """Whether :func:`play_out` can play this bot's choices itself."""
    kind = type(bot)
    if kind is StopBot or kind is WinBot:
        return True
    return isinstance(bot, EndgameBot) and kind is EndgameBot and not bot.plain


def play_out(rnd: Round, bots: Sequence[Bot], rng: random.Random) -> None:
    """:func:`.bots.play_out`'s round, without its record after the first
    hit or stay (module doc); the same outcome."""
    if not all([leanable(bots[p]) for p in rnd.seats]):
        full_play_out(rnd, bots, rng)
        return
    near = endgame_near(rnd)
    marks: list[int | None] = [None] * rnd.players
    for p in rnd.seats:
        bot = bots[p]
        if type(bot) is StopBot or (type(bot) is EndgameBot and not near):
            assert isinstance(bot, (StopBot, EndgameBot))
            marks[p] = bot.at  # a stop bot's turn, made from its mark
    _Lean(rnd, bots, rng, marks).run()


class _Lean:
    """One play-out: the round, its bots, their generator, the stop marks
    (None: the bot's own ``turn``), the decisions asked so far."""

    __slots__ = ("rnd", "bots", "rng", "marks", "asked")

    def __init__(
        self,
        rnd: Round,
        bots: Sequence[Bot],
        rng: random.Random,
        marks: list[int | None],
    ) -> None:
        self.rnd, self.bots, self.rng, self.marks = rnd, bots, rng, marks
        self.asked = 0

    def ask(self) -> None:
        """A decision :func:`.bots.play_out` would count; at the cut every
        seat stays at its next turn (a Zero still hits)."""
        self.asked += 1
        if self.asked == LONG_PLAY_OUT:
            marks = self.marks
            for p in self.rnd.seats:
                marks[p] = NEVER_HIT

    def run(self) -> None:
        """Decisions before the first hit or stay through the round (their
        place in the generator is nested), then the rest here. A turn the
        generator reaches counts as :func:`.bots.play_out` counts it: the
        one it starts at always (asked), later ones unless a mark makes it."""
        rnd, rng = self.rnd, self.rng
        first = True
        while (pend := rnd.pending) is not None:
            if pend.kind is TURN:
                p = pend.player
                self.finish(rnd.hand_over(), p, first or self.marks[p] is None)
                return
            self.ask()
            rnd.play(decide_other(rnd, pend.player, rng))
            first = False

    def finish(self, t: Table, p: int, asked: bool) -> None:
        """The round from ``p``'s turn to its end, on its table."""
        logged = len(t.log)
        with contextlib.suppress(RoundEnd):  # R5, R6
            self.turns(t, t.order.index(p), asked)
        if t.flip7 is not None and t.rules.brutal:  # R20
            me = t.flip7
            self.ask()
            q = brutal_seat(self.rnd, me, [s for s in t.seats if s != me], self.rng)
            if q is not None:
                t.bonus = False
                t.attacked = q
        t.finish()
        del t.log[logged:]  # the table's own entries since: no record kept

    def turn(self, p: int, must: int) -> bool:
        """An asked hit (True) or stay: the bot's own turn."""
        self.ask()
        if must:
            return True  # The Zero (and at the cut: a stop bot hits too)
        at = self.marks[p]
        if at is not None:  # a stop bot asked (or the cut's stay)
            t = self.rnd.seat_sums
            if t[p] < at:
                return True
            lines, values = self.rnd.seat_lines, self.rnd.seat_values
            return stay_or_hit(lines[p], values[p], at, self.rnd.rules) != STAY
        bot = self.bots[p]
        if isinstance(bot, WinBot):
            return bot.turn(self.rnd, p) == HIT
        assert isinstance(bot, EndgameBot)  # near the end, or it had a mark
        return bot.near_turn(self.rnd, p) == HIT

    def turns(self, t: Table, start: int, asked: bool) -> None:
        """:func:`.resolve._turns` from ``t.order[start]``: the first turn
        asked or not as :meth:`run` says, then by mark or by the bot."""
        status, lines, sums, values = t.status, t.lines, t.sums, t.values
        marks, rules, face, order = self.marks, t.rules, NUMBER_VALUES, t.order
        seats = order[start:]
        first = True
        while True:
            anyone = False
            for p in seats:
                if status[p] != ACTIVE:
                    continue
                anyone = True
                held = values[p]
                must = held & 1  # bit 0: The Zero is in the line (R4)
                at = marks[p]
                if first:
                    first = False
                    if asked:
                        at = None  # decided as asked (turn reads the mark)
                if at is None:
                    hit = self.turn(p, must)
                elif must or sums[p] < at:
                    hit = True
                else:
                    hit = stay_or_hit(lines[p], held, at, rules) != STAY
                if not hit:
                    status[p] = STAYED
                    continue
                c = t.deck.pop() if t.deck else t.draw()  # draw() reshuffles
                code = c.code
                v = face.get(code)
                if v is None:  # an action or modifier
                    self.receive(t, p, c)
                    continue
                if v == 13 or values[p] >> v & 1 or code == "7U":
                    t.arrive(p, c)  # may bust (R8 for a 13), or wipes (R10)
                else:  # a new value
                    lines[p].append(c)
                    sums[p] += v
                    values[p] |= 1 << v
                if len(lines[p]) >= FLIP7_CARDS:
                    t.check_flip7(p)
            if not anyone:
                return
            seats = order

    def receive(self, t: Table, p: int, c: Card) -> None:
        """:func:`.resolve.receive`."""
        if c.is_number:
            t.arrive(p, c)
            t.check_flip7(p)
        elif c.is_action:
            self.act(t, p, c)
        else:  # a modifier, to any player not busted (Brutal: any, R17, R19)
            t.held.append(c)
            cands = t.seats if t.rules.brutal else t.alive()
            if not cands:
                wasted(t, p, c)
                return
            self.ask()
            q = target_seat(self.rnd, p, cands, c.code, self.rng)
            t.held.pop()
            t.lines[q].append(c)

    def act(self, t: Table, p: int, c: Card) -> None:
        """:func:`.resolve._act`: an action received by ``p`` (R12-R16)."""
        t.held.append(c)
        code = c.code
        if code == "JOM" or code == "F4":
            cands = t.alive()
            if not cands:
                wasted(t, p, c)
                return
            self.ask()
            q = target_seat(self.rnd, p, cands, code, self.rng)
            if code == "JOM":  # one card, then stay even over The Zero (R9)
                self.receive(t, q, t.draw())
                if t.status[q] == ACTIVE:
                    t.status[q] = STAYED
            else:
                self.flip_four(t, q)
        else:
            uses = card_uses(t, p, code, p)
            if not uses:
                wasted(t, p, c)
                return
            self.ask()
            _, a, x, b, y, _, _ = uses[pick_use(self.rnd, p, uses, self.rng)]
            use_card(t, p, code, a, x, b, y)
        t.held.pop()
        t.discard.append(c)

    def flip_four(self, t: Table, q: int) -> None:
        """:func:`.resolve._flip_four` (R13, R11, the FAQ's order)."""
        queue = flip_four_draws(t, q)
        while queue:
            self.receive(t, q, queue.pop(0))
        t.queues.pop()
