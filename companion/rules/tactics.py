"""Shared judgement for computer players: who to hurt, what to take.

Bots only differ in when they hit; every non-random bot uses these helpers for
the other decisions, so they all target sensibly: Flip Four and −N at the
leader, a Steal of the best card, a Swap that busts an opponent, a Discard of
your own −10 or Zero, Just One More on a risky opponent, a Brutal −15 on the
leader when that helps. The helpers are cheap estimates (no simulation): the
simulator runs thousands of rounds a second with them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .cards import Card
from .lines import would_bust
from .round import Round
from .scoring import score_line

# Share of number cards in the deck: the rough chance a draw is a number.
NUMBER_SHARE = 92 / 108
AVG_GAIN = 6.5  # a safe number card adds about this much
LEADER_WEIGHT = 0.5  # extra weight per rank for hurting those ahead


@lru_cache(maxsize=1 << 16)
def _value(codes: tuple[str, ...]) -> int:
    return score_line(codes).total


def value(rnd: Round, q: int) -> int:
    """What ``q``'s line scores if the round ended now (0 when busted)."""
    if rnd.status(q) == "busted":
        return 0
    return _value(tuple(rnd.line(q)))


def standing(rnd: Round, q: int) -> float:
    """Game total before the round plus the line's value now."""
    base = rnd.totals[q] if rnd.totals is not None else 0
    return base + value(rnd, q)


def weights(rnd: Round, me: int) -> dict[int, float]:
    """How much hurting each player is worth to ``me``: negative for me,
    positive for opponents, more for those ahead of me."""
    mine = standing(rnd, me)
    out: dict[int, float] = {}
    for q in rnd.seats:
        if q == me:
            out[q] = -1.0
        else:
            ahead = standing(rnd, q) - mine
            out[q] = 1.0 + (LEADER_WEIGHT if ahead >= 0 else 0.0) + max(ahead, 0) / 200
    return out


def numbers_held(rnd: Round, q: int) -> int:
    return sum(1 for c in rnd.cards(q) if c.is_number)


def draw_risk(rnd: Round, q: int, draws: int) -> float:
    """Rough chance that ``draws`` cards bust ``q`` (13 values, one each)."""
    k = numbers_held(rnd, q)
    safe = 1.0
    for i in range(draws):
        safe *= max(0.0, 1 - NUMBER_SHARE * (k + i) / 13)
    return 1 - safe


def target_player(rnd: Round, me: int, options: Sequence[str], card: str) -> str:
    """``target P`` for Just One More, Flip Four or a modifier."""
    if len(options) == 1:
        return options[0]
    w = weights(rnd, me)
    best, best_score = options[0], float("-inf")
    for opt in options:
        q = int(opt[7:])
        if card in ("JOM", "F4"):
            draws = 1 if card == "JOM" else 4
            v = value(rnd, q)
            risk = draw_risk(rnd, q, draws)
            harm = risk * v - (1 - risk) * AVG_GAIN * draws * NUMBER_SHARE
            if card == "JOM" and rnd.status(q) == "active" and v < 20:
                harm += (20 - v) / 2  # forcing a low line to stay
        else:
            before = value(rnd, q)
            after = 0 if rnd.status(q) == "busted" else _value((*rnd.line(q), card))
            harm = before - after
            if rnd.rules.brutal and rnd.status(q) == "busted":
                harm = -score_line([card], busted=True, rules=rnd.rules).total
        score = w[q] * harm
        if score > best_score:
            best, best_score = opt, score
    return best


def _worth(c: Card, line_sum: int) -> float:
    """What a card adds to a line (a number its value, a −N minus N, ÷2 half)."""
    if c.is_number:
        return float(c.value)
    if c.is_halve:
        return -line_sum / 2
    return float(-c.minus)


def _delta(rnd: Round, q: int, out: Card | None, inn: Card | None) -> float:
    """Change of ``q``'s line value when ``out`` leaves and ``inn`` arrives."""
    line = rnd.cards(q)
    total = sum(c.value for c in line if c.is_number)
    if out is not None:
        line.remove(out)
    d = -_worth(out, total) if out is not None else 0.0
    if inn is not None:
        if would_bust(line, inn):
            return -float(value(rnd, q))
        if inn.code == "7U":
            return 7.0 - value(rnd, q)
        d += _worth(inn, total)
    return d


def pick_card_action(rnd: Round, me: int, options: Sequence[str]) -> str:
    """Best Steal, Swap or Discard by the estimated value change, weighted."""
    if len(options) == 1:
        return options[0]
    w = weights(rnd, me)
    best, best_score = options[0], float("-inf")
    for opt in options:
        parts = opt.split()
        if parts[0] == "steal":
            q, c = int(parts[1]), Card.parse(parts[2])
            score = -w[me] * _delta(rnd, me, None, c) + w[q] * -_delta(rnd, q, c, None)
        elif parts[0] == "discard":
            q, c = int(parts[1]), Card.parse(parts[2])
            score = w[q] * -_delta(rnd, q, c, None)
            if q == me and c.code == "0":  # shedding The Zero frees the sum
                score += sum(x.value for x in rnd.cards(me) if x.is_number)
        else:
            a, ca = int(parts[1]), Card.parse(parts[2])
            b, cb = int(parts[3]), Card.parse(parts[4])
            score = w[a] * -_delta(rnd, a, ca, cb) + w[b] * -_delta(rnd, b, cb, ca)
        if score > best_score:
            best, best_score = opt, score
    return best


def brutal_choice(rnd: Round, me: int, options: Sequence[str]) -> str:
    """Attack the strongest opponent when they stand at or above me even with
    my +15 (the −15 then narrows the gap to the leader as much as +15 would,
    and keeps them from the target); take the bonus otherwise."""
    if len(options) == 1:
        return options[0]
    mine = standing(rnd, me)  # the line's value already holds the +15
    rivals = [(standing(rnd, int(o.split()[1])), o) for o in options[1:]]
    top, opt = max(rivals)
    return opt if top >= mine else "bonus"


def decide_other(rnd: Round, me: int) -> str:
    """Any decision but the turn's hit/stay."""
    pend = rnd.pending
    assert pend is not None
    if pend.kind in ("target", "modifier"):
        return target_player(rnd, me, pend.options, pend.card or "")
    if pend.kind == "flip7":
        return brutal_choice(rnd, me, pend.options)
    return pick_card_action(rnd, me, pend.options)
