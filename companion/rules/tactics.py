"""Shared judgement for computer players: who to hurt, what to take.

Bots only differ in when they hit; every non-random bot uses these helpers for
the other decisions, so they all target sensibly: Flip Four and −N at the
leader, a Steal of the best card, a Swap that busts an opponent, a Discard of
your own −10 or Zero, Just One More on a risky opponent, a Brutal −15 on the
leader when that helps. The helpers are cheap estimates (no simulation): the
simulator runs thousands of rounds a second with them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, TypeVar

from .cards import CARDS, MINUS_VALUES, NUMBER_VALUES
from .choice import BONUS, Choice, Use, Verb
from .decision import FLIP7, MODIFIER, TARGET, TURN
from .lines import would_bust
from .round import Round
from .status import ACTIVE, BUSTED

# Share of number cards in the deck: the rough chance a draw is a number.
NUMBER_SHARE: Final = 92 / 108
AVG_GAIN: Final = 6.5  # a safe number card adds about this much
LEADER_WEIGHT: Final = 0.5  # extra weight per rank for hurting those ahead
BUST_EXTRA: Final = 10.0  # a bust also ends the player's round: what more hits bring
TARGET_DRAWS: Final = {"JOM": 1, "F4": 4}  # cards an action makes its target draw


def value(rnd: Round, q: int) -> int:
    """What ``q``'s line scores if the round ended now (0 when busted, except
    Brutal's −N cards given after the bust)."""
    return rnd.line_score(q).total


def standing(rnd: Round, q: int) -> float:
    """Game total before the round plus the line's value now."""
    base = rnd.totals[q] if rnd.totals is not None else 0
    return base + value(rnd, q)


class View:
    """One decision's look at the table, computed once: every seat's cards,
    number sum, held values, line value, and how much hurting it is worth to
    ``me`` (negative for me, positive for opponents, more for those ahead).
    Works on codes and dicts: the simulator calls it thousands of times."""

    __slots__ = ("rnd", "me", "sums", "weights", "_cards", "_held")
    sums: list[int]
    weights: list[float]

    def __init__(self, rnd: Round, me: int) -> None:
        self.rnd, self.me = rnd, me
        # A busted line's sum is 0: its face-up line holds no number card.
        # The table's own list, by seat (read only, for this decision).
        self.sums = sums = rnd.seat_sums
        self._cards: dict[int, tuple[str, ...]] = {}
        self._held: dict[int, dict[int, int]] = {}
        # Standing by the number sum (cheap; the exact value only when needed).
        totals = rnd.totals or [0] * rnd.players
        mine = totals[me] + sums[me]
        weights = [1.0] * rnd.players  # (seats sitting out are never asked)
        for q in rnd.seats:
            if q == me:
                weights[q] = -1.0
            else:
                ahead = totals[q] + sums[q] - mine  # those ahead weigh more
                if ahead >= 0:
                    weights[q] = 1.0 + LEADER_WEIGHT + ahead / 200
        self.weights = weights

    def cards(self, q: int) -> tuple[str, ...]:
        got = self._cards.get(q)
        if got is None:
            got = self._cards[q] = tuple([c.code for c in self.rnd.seat_lines[q]])
        return got

    def value(self, q: int) -> int:
        """The line's worth as its number sum (a cheap stand-in for the
        score: modifiers are rare and shift every choice alike)."""
        return self.sums[q]

    def risk(self, q: int, draws: int) -> float:
        """Rough chance that ``draws`` cards bust ``q`` (13 values, one each)."""
        return bust_risk(sum(map(NUMBER_VALUES.__contains__, self.cards(q))), draws)

    def worth(self, q: int, code: str) -> float:
        """What a card adds to ``q``'s line (a number its value, −N minus N,
        ÷2 half the sum); ``""`` (no card) adds nothing."""
        return _WORTH.get(code, 0.0) if code != "/2" else -self.sums[q] / 2

    def held(self, q: int) -> dict[int, int]:
        """Number values in ``q``'s line, each with how many cards have it."""
        got = self._held.get(q)
        if got is None:
            got = self._held[q] = {}
            for c in self.cards(q):
                v = NUMBER_VALUES.get(c)
                if v is not None:
                    got[v] = got.get(v, 0) + 1
        return got

    def delta(self, q: int, out: str, inn: str) -> float:
        """Change of ``q``'s line value when ``out`` leaves and ``inn`` arrives
        (either may be ``""``); a bust loses the whole value."""
        total = self.sums[q]
        if inn == "7U":
            return 7.0 - total
        v = NUMBER_VALUES.get(inn)
        if v is not None:
            held = self._held.get(q) or self.held(q)  # (the cache, inline)
            same = held.get(v, 0)  # cards of ``inn``'s value
            if NUMBER_VALUES.get(out) == v:
                same -= 1  # ``out`` leaves first
            if same and (v != 13 or self._busts(q, out, inn)):
                return -float(total) - BUST_EXTRA
        w = _WORTH.get
        gain = w(inn, 0.0) if inn != "/2" else -total / 2
        loss = w(out, 0.0) if out != "/2" else -total / 2
        return gain - loss

    def _busts(self, q: int, out: str, inn: str) -> bool:
        """``would_bust`` once ``out`` has left: only needed for a 13, where
        the Lucky 13 pair (R8) matters; any other number busts beside a
        card of its value."""
        rest = list(self.cards(q))
        if out:
            rest.remove(out)
        return would_bust([CARDS[c] for c in rest], CARDS[inn])


_RISKS: Final[dict[tuple[int, int], float]] = {}


def bust_risk(numbers: int, draws: int) -> float:
    """Rough chance that ``draws`` cards bust a line of ``numbers`` number
    cards, each draw a number with ``NUMBER_SHARE`` and busting with one
    chance in 13 per value held (memoised: there are few distinct inputs)."""
    got = _RISKS.get((numbers, draws))
    if got is None:
        safe = 1.0
        for i in range(draws):
            safe *= max(0.0, 1 - NUMBER_SHARE * (numbers + i) / 13)
        got = _RISKS[numbers, draws] = 1 - safe
    return got


# What a card adds to a line, except ÷2 (half the line's sum, see View.worth).
_WORTH: Final[dict[str, float]] = {
    **{code: float(v) for code, v in NUMBER_VALUES.items()},
    **{code: float(-v) for code, v in MINUS_VALUES.items()},
}


def _seat(opt: str) -> int:
    """The seat a ``target P`` or ``attack P`` option names (memoised)."""
    seat = Choice.parse(opt).seat
    assert seat is not None  # these options always name one
    _SEATS[opt] = seat
    return seat


_SEATS: Final[dict[str, int]] = {}
T = TypeVar("T")
_BELOW_13: Final = (1 << 13) - 1  # Table.values' exact bits (a 13 is not kept exact)


def _best(scored: list[tuple[float, T]], rng: random.Random | None) -> T:
    """The option with the highest score; equal scores are broken by ``rng``
    (not by seat: the lowest seat must not draw every tied attack), or by
    order when no ``rng`` is given. Only the order of the options counts,
    not what names them: options named by text or by seat choose alike."""
    top = max(scored)[0]  # the highest score
    tied = [opt for score, opt in scored if score == top]
    if len(tied) == 1 or rng is None:
        return tied[0]
    return rng.choice(tied)


def target_player(
    rnd: Round,
    me: int,
    options: Sequence[str],
    card: str,
    rng: random.Random | None = None,
) -> str:
    """``target P`` for Just One More, Flip Four or a modifier
    (:func:`target_seat`, the options read as seats)."""
    if len(options) == 1:
        return options[0]
    seats = [_SEATS[opt] if opt in _SEATS else _seat(opt) for opt in options]
    return options[seats.index(target_seat(rnd, me, seats, card, rng))]


def target_seat(
    rnd: Round,
    me: int,
    cands: Sequence[int],
    card: str,
    rng: random.Random | None = None,
) -> int:
    """The seat to aim Just One More, Flip Four or a modifier at, among
    ``cands``: what :class:`View` weighs, read straight off the table for
    the candidates only. Named by seat, not text: the lean play-out
    (:mod:`.lean`) asks without writing the options out."""
    if len(cands) == 1:
        return cands[0]
    sums, lines = rnd.seat_sums, rnd.seat_lines
    status, values = rnd.seat_status, rnd.seat_values
    totals = rnd.totals or [0] * rnd.players
    mine = totals[me] + sums[me]
    draws = TARGET_DRAWS.get(card, 0)  # 0: a modifier
    jom = card == "JOM"
    scored: list[tuple[float, int]] = []
    for q in cands:
        v = sums[q]
        if draws:
            held = values[q]  # bits 0-12 exact, one card each; 13s counted
            if held >> 13 & 1:
                numbers = len([c for c in lines[q] if c.code in NUMBER_VALUES])
            else:
                numbers = (held & _BELOW_13).bit_count()
            risk = bust_risk(numbers, draws)
            harm = risk * v - (1 - risk) * AVG_GAIN * draws * NUMBER_SHARE
            if jom and status[q] is ACTIVE and v < 20:
                harm += (20 - v) / 2  # forcing a low line to stay
        elif status[q] is BUSTED:
            harm = float(CARDS[card].minus)  # Brutal: −N counts from a base of 0
        else:
            harm = -(_WORTH.get(card, 0.0) if card != "/2" else -v / 2)
        if q == me:
            weight = -1.0
        else:  # View.weights, for this seat only
            ahead = totals[q] + v - mine
            weight = 1.0 + LEADER_WEIGHT + ahead / 200 if ahead >= 0 else 1.0
        scored.append((weight * harm, q))
    return _best(scored, rng)


def pick_card_action(
    rnd: Round, me: int, options: Sequence[str], rng: random.Random | None = None
) -> str:
    """Best Steal, Swap or Discard by the estimated value change, weighted."""
    if len(options) == 1:
        return options[0]
    return options[pick_use(rnd, me, [_USES.get(o) or _use(o) for o in options], rng)]


def pick_use(
    rnd: Round, me: int, uses: Sequence[Use], rng: random.Random | None = None
) -> int:
    """:func:`pick_card_action` on the options read (:data:`Use`): the
    index of the best, as the lean play-out (:mod:`.lean`) asks."""
    if len(uses) == 1:
        return 0
    scored = score_uses(rnd, me, uses)
    return _best(scored, rng) if scored else 0


def score_card_actions(
    rnd: Round, me: int, options: Sequence[str]
) -> list[tuple[float, str]]:
    """Each Steal, Swap or Discard option with its estimated worth to ``me``
    (the value change, weighted), but swaps between two others that bust
    nobody (minor, left out)."""
    uses = [_USES.get(o) or _use(o) for o in options]
    return [(score, options[i]) for score, i in score_uses(rnd, me, uses)]


def score_uses(rnd: Round, me: int, uses: Sequence[Use]) -> list[tuple[float, int]]:
    """:func:`score_card_actions` on the options read, each scored option
    named by its index."""
    view = View(rnd, me)
    w = view.weights
    delta = view.delta
    swaps = uses[0][0] is Verb.SWAP
    # Swaps test every seat's values: look them all up once.
    held = {q: view.held(q) for q in rnd.seats} if swaps else {}
    scored: list[tuple[float, int]] = []
    for i, (kind, a, ca, b, cb, face_a, face_b) in enumerate(uses):
        if kind is Verb.STEAL:
            score = delta(me, "", ca) - w[a] * delta(a, ca, "")
        elif kind is Verb.DISCARD:
            score = -w[a] * delta(a, ca, "")
            if a == me and ca == "0":  # shedding The Zero frees the sum
                score += view.sums[me]
        else:
            if me != a and me != b and not (face_b in held[a] or face_a in held[b]):
                continue  # between two others and nobody can bust: minor
            score = -w[a] * delta(a, ca, cb) - w[b] * delta(b, cb, ca)
        scored.append((score, i))
    return scored


_USES: Final[dict[str, Use]] = {}
_USES_MAX: Final = 1 << 15


def _use(opt: str) -> Use:
    """``opt`` parsed (through ``Choice.parse``) into a :data:`Use`, memoised."""
    if len(_USES) >= _USES_MAX:
        _USES.clear()
    use = Choice.parse(opt)
    a, ca = use.seat, use.card or ""
    assert a is not None  # steal, swap and discard name a seat
    b = -1 if use.other_seat is None else use.other_seat
    cb = use.other_card or ""
    got = _USES[opt] = (
        use.verb,
        a,
        ca,
        b,
        cb,
        NUMBER_VALUES.get(ca),
        NUMBER_VALUES.get(cb),
    )
    return got


def brutal_choice(
    rnd: Round, me: int, options: Sequence[str], rng: random.Random | None = None
) -> str:
    """``bonus`` or ``attack P`` (:func:`brutal_seat`)."""
    if len(options) == 1:
        return options[0]
    seats = [_seat(o) for o in options[1:]]
    q = brutal_seat(rnd, me, seats, rng)
    return BONUS if q is None else options[1 + seats.index(q)]


def brutal_seat(
    rnd: Round, me: int, rivals: Sequence[int], rng: random.Random | None = None
) -> int | None:
    """Attack the strongest opponent when they stand at or above me even with
    my +15 (the −15 then narrows the gap to the leader as much as +15 would,
    and keeps them from the target): their seat; take the bonus otherwise:
    None."""
    if not rivals:
        return None
    mine = standing(rnd, me)  # the line's value already holds the +15
    scored = [(standing(rnd, q), q) for q in rivals]
    top = max(score for score, _ in scored)
    return _best(scored, rng) if top >= mine else None


def decide_other(rnd: Round, me: int, rng: random.Random | None = None) -> str:
    """Any decision but the turn's hit/stay; ties at random from ``rng``."""
    pend = rnd.pending
    assert pend is not None
    if pend.kind is TARGET or pend.kind is MODIFIER:
        return target_player(rnd, me, pend.options, pend.card or "", rng)
    if pend.kind is FLIP7:
        return brutal_choice(rnd, me, pend.options, rng)
    return pick_card_action(rnd, me, pend.options, rng)


def not_hit_or_stay(rnd: Round, player: int, rng: random.Random) -> str | None:
    """The choice when it is not a free hit-or-stay: a target, card or ±15
    decision (:func:`decide_other`), or the only option (The Zero's
    must-hit); None at a free hit-or-stay."""
    pend = rnd.pending
    if pend is None:
        raise ValueError("the round is over")
    if pend.kind is not TURN:
        return decide_other(rnd, player, rng)
    if len(pend.options) == 1:
        return pend.options[0]
    return None
