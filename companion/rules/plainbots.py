"""Plain players, the kind a table meets: a fixed threshold, simple aims,
and at most the two-line endgame rule. The tournament measures the levels
against them (issue 26), and the advisor's play-outs deal the others' turns
as :class:`EndgameBot` plays them.

Simple aims (:func:`plain_other`): Flip Four, Just One More and every
modifier (−N, ÷2) at the leader (the opponent with the highest total plus
line); Steal the highest number card that does not bust you; Discard your
own worst minus card, else the leader's highest number; Swap and Brutal's
±15 as the shared tactics (:mod:`.tactics`) do.

The endgame rule (:func:`.outlook.naive_call`): hit when a finished
opponent already beats what you would bank and has the target; stay when
banking gives you the target ahead of everyone. It is what a player says at
the table, not a certainty (an action can still reach a stayed line, an
active opponent can still pass): the advisor only says "wins" or "loses"
when :func:`.outlook.game_call` finds it certain.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from .cards import CARDS, MINUS_VALUES, NUMBER_VALUES
from .choice import HIT, STAY, Choice
from .decision import DISCARD, FLIP7, MODIFIER, STEAL, TARGET, TURN
from .lines import would_bust
from .outlook import naive_call
from .round import Round
from .tactics import brutal_choice, decide_other, pick_card_action, value

AIM_STOP: Final = 27
ENDGAME_STOP: Final = 25
MAX_LINE: Final = 91  # no line scores more: 13 13L 12 11 10 9 8 and Flip 7


def leader_standing(rnd: Round, q: int) -> int:
    """``q``'s total plus the line's value now."""
    base = rnd.totals[q] if rnd.totals is not None else 0
    return base + value(rnd, q)


def _leader(rnd: Round, me: int, options: list[str]) -> str | None:
    """The option naming the opponent who stands highest, or None."""
    best: tuple[int, int, str] | None = None
    for opt in options:
        q = Choice.parse(opt).seat
        if q is None or q == me:
            continue
        key = (leader_standing(rnd, q), -q, opt)
        if best is None or key > best:
            best = key
    return None if best is None else best[2]


def _steal(rnd: Round, me: int, options: list[str]) -> str | None:
    """The highest number card that joins ``me``'s line without a bust
    (not The Zero, not the Unlucky 7, which would wipe the line)."""
    mine = rnd.cards(me)
    best: tuple[int, str] | None = None
    for opt in options:
        card = Choice.parse(opt).card or ""
        v = NUMBER_VALUES.get(card)
        if v is None or card in ("0", "7U") or would_bust(mine, CARDS[card]):
            continue
        if best is None or (v, opt) > best:
            best = (v, opt)
    return None if best is None else best[1]


def _discard(rnd: Round, me: int, options: list[str]) -> str | None:
    """My own worst minus card, else the leader's highest number."""
    worst: tuple[int, str] | None = None
    top: tuple[int, int, str] | None = None
    for opt in options:
        use = Choice.parse(opt)
        card = use.card or ""
        if use.seat == me and card in MINUS_VALUES:
            key = (-MINUS_VALUES[card], opt)  # −10 is the worst
            if worst is None or key > worst:
                worst = key
        elif use.seat is not None and use.seat != me and card in NUMBER_VALUES:
            nkey = (leader_standing(rnd, use.seat), NUMBER_VALUES[card], opt)
            if top is None or nkey > top:
                top = nkey
    if worst is not None:
        return worst[1]
    return None if top is None else top[2]


def plain_other(rnd: Round, me: int, rng: random.Random | None = None) -> str:
    """Any decision but hit or stay, with the simple aims (module doc)."""
    pend = rnd.pending
    assert pend is not None
    options = list(pend.options)
    if len(options) == 1:
        return options[0]
    got: str | None = None
    if pend.kind is TARGET or pend.kind is MODIFIER:
        got = _leader(rnd, me, options)
    elif pend.kind is STEAL:
        got = _steal(rnd, me, options)
    elif pend.kind is DISCARD:
        got = _discard(rnd, me, options)
    elif pend.kind is FLIP7:
        got = brutal_choice(rnd, me, options, rng)
    if got is None:
        got = pick_card_action(rnd, me, options, rng)
    return got


def _stop_choice(rnd: Round, me: int, at: int) -> str:
    """Stay once the line is worth ``at`` (hit while holding The Zero)."""
    pend = rnd.pending
    assert pend is not None
    if len(pend.options) == 1:
        return pend.options[0]
    return STAY if value(rnd, me) >= at else HIT


@dataclass(frozen=True, slots=True)
class AimBot:
    """``aim:N``: stay once the line is worth N (27), simple aims."""

    at: int = AIM_STOP
    name: str = "aim"

    def choose(self, rnd: Round, player: int, rng: random.Random) -> str:
        pend = rnd.pending
        if pend is None:
            raise ValueError("the round is over")
        if pend.kind is not TURN:
            return plain_other(rnd, player, rng)
        return _stop_choice(rnd, player, self.at)


def endgame_near(rnd: Round) -> bool:
    """Whether the endgame rule can speak this round: someone's total is
    within a line's best score of the target."""
    totals = rnd.totals
    if totals is None:
        return False
    return max(totals[q] for q in rnd.seats) + MAX_LINE >= rnd.rules.target


@dataclass(frozen=True, slots=True)
class EndgameBot:
    """``endgame:N``: stay at N (25) unless the two-line endgame rule
    speaks (module doc). ``plain``: the simple aims; otherwise the shared
    tactics (the advisor's play-outs keep those)."""

    at: int = ENDGAME_STOP
    name: str = "endgame"
    plain: bool = True

    def choose(self, rnd: Round, player: int, rng: random.Random) -> str:
        pend = rnd.pending
        if pend is None:
            raise ValueError("the round is over")
        if pend.kind is not TURN:
            if self.plain:
                return plain_other(rnd, player, rng)
            return decide_other(rnd, player, rng)
        if len(pend.options) == 1:
            return pend.options[0]
        return self.turn(rnd, player)

    def turn(self, rnd: Round, player: int) -> str:
        """The free hit or stay (no Zero held), from the table alone: what
        the engine calls in a play-out (:func:`.bots.play_out`)."""
        if endgame_near(rnd):
            return self.near_turn(rnd, player)
        return self._stop(rnd, player)

    def near_turn(self, rnd: Round, player: int) -> str:
        """:meth:`turn` once :func:`endgame_near` is known to hold (it
        holds for a whole round: the totals do not move), as the lean
        play-out (:mod:`.lean`) asks it."""
        call = naive_call(rnd, player)
        return self._stop(rnd, player) if call is None else call

    def _stop(self, rnd: Round, player: int) -> str:
        if rnd.seat_sums[player] < self.at:
            return HIT  # at a turn a line is worth at most its number sum
        return STAY if value(rnd, player) >= self.at else HIT
