"""What the player about to draw can know: the unseen cards and the exact
value of staying now versus hitting once.

Every card that has been dealt or drawn was seen by the whole table (a busted
line is turned face down only after everyone saw it), and the discard pile is
known. So the cards a player has not seen are exactly the deck's contents;
only their order is hidden. When the deck is empty the next card comes from
the reshuffled discard pile (R7), so that pile is the pool then.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from .cards import Card
from .choice import HIT, STAY
from .lines import would_bust
from .round import Round
from .scoring import score_line
from .status import BUSTED, STAYED


def unseen(rnd: Round) -> list[Card]:
    """The pool the next card comes from, as the player knows it (order-free,
    sorted so results never depend on the hidden deck order)."""
    zones = rnd.zones()
    pool = zones["deck"] or zones["discard"]
    return [Card.parse(code) for code in sorted(pool)]


def stay_value(rnd: Round, p: int) -> int:
    """``p``'s round score if the round ended now."""
    return rnd.line_score(p).total


def hit_value(rnd: Round, p: int, pool: list[Card] | None = None) -> Fraction:
    """Exact expected score of ``p``'s line right after one more card.

    A number busts (0) or joins the line (with the Flip 7 bonus if it makes
    seven); the Unlucky 7 leaves only itself. An action or modifier is counted
    as no change: its effect depends on later choices, and a modifier can be
    given away. With no card left the value is the staying value.
    """
    cards = rnd.cards(p)
    now = stay_value(rnd, p)
    pool = unseen(rnd) if pool is None else pool
    if not pool:
        return Fraction(now)
    total = 0
    for code, n in Counter(c.code for c in pool).items():
        c = Card.parse(code)
        if not c.is_number:
            total += n * now
        elif would_bust(cards, c):
            continue
        elif code == "7U":
            total += n * score_line([c], rules=rnd.rules).total
        else:
            total += n * score_line([*cards, c], rules=rnd.rules).total
    return Fraction(total, len(pool))


def standings(rnd: Round) -> list[int]:
    """Each seat's game total if the round ended now (0 before any totals)."""
    base = rnd.totals or (0,) * rnd.players
    return [base[q] + stay_value(rnd, q) for q in range(rnd.players)]


def game_call(rnd: Round, p: int) -> tuple[str, str] | None:
    """A hit/stay that the game's totals settle, with the reason, or None.

    Staying cannot win when a finished opponent (stayed or busted: their
    round is over) already has the target and more than ``p`` would bank:
    the game ends after this round and they beat ``p``. Hitting is then the
    only chance. Staying wins for now when ``p`` would bank the target and
    more than anyone has now: a hit only risks it.
    """
    if rnd.totals is None:
        return None
    now = standings(rnd)
    mine, target = now[p], rnd.rules.target
    rivals = [q for q in rnd.seats if q != p]
    done = [now[q] for q in rivals if rnd.status(q) in (STAYED, BUSTED)]
    best_done = max(done, default=None)
    if best_done is not None and best_done >= target and best_done > mine:
        return (
            HIT,
            f"staying loses: an opponent has {best_done}, you would bank {mine}",
        )
    if mine >= target and all(now[q] < mine for q in rivals):
        return STAY, f"staying banks {mine}, past the target and ahead of everyone"
    return None
