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

from .cards import NUMBER_VALUES, Card
from .choice import HIT, STAY
from .config import FLIP7_BONUS
from .lines import would_bust
from .round import Round
from .scoring import score_line
from .status import ACTIVE, BUSTED, STAYED


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


def game_call(rnd: Round, p: int) -> tuple[str, int, int] | None:
    """A hit/stay that the game's totals settle for certain, with the
    figures it rests on, or None (then the advisor plays the round out):
    ``(choice, bank, rival)``, ``bank`` the total ``p`` would bank by
    staying, ``rival`` the best finished opponent's total when staying
    loses (0 when staying wins).

    Staying loses when a finished opponent (stayed or busted: their round
    is over) already has the target and more than ``p`` would bank, and
    nothing still to come can change a finished line or ``p``'s (no action
    or modifier can be drawn this round, :func:`only_numbers_ahead`): the
    game ends after this round and they beat ``p``. Staying wins when ``p``
    would bank the target and more than anyone, nothing can reach a line,
    and no active opponent can pass ``p`` with the number cards still to
    come (:func:`best_reach`). While a Steal, Discard, Swap, Flip Four,
    Just One More or modifier can still turn up, or an active opponent can
    still pass, the outcome is not settled, and None says so.
    """
    if rnd.totals is None:
        return None
    now = standings(rnd)
    mine, target = now[p], rnd.rules.target
    rivals = [q for q in rnd.seats if q != p]
    done = [now[q] for q in rivals if rnd.status(q) in (STAYED, BUSTED)]
    best_done = max(done, default=None)
    loses = best_done is not None and best_done >= target and best_done > mine
    wins = mine >= target and all(now[q] < mine for q in rivals)
    if not (loses or wins) or not only_numbers_ahead(rnd, p):
        return None
    if loses:
        assert best_done is not None
        if rnd.totals[p] + best_reach(rnd, p) <= best_done:
            return None  # hitting cannot win either: the round's points decide
        return HIT, mine, best_done  # staying loses
    base = rnd.totals
    active = [q for q in rivals if rnd.status(q) == ACTIVE]
    if any(base[q] + best_reach(rnd, q) >= mine for q in active):
        return None
    return STAY, mine, 0  # staying wins: nobody can pass p


def naive_call(rnd: Round, p: int) -> str | None:
    """The two-line endgame rule a plain player uses (the tournament's
    ``endgame`` bot), certain or not: hit when a finished opponent already
    beats what ``p`` would bank and has the target; stay when banking gives
    ``p`` the target ahead of everyone. None otherwise."""
    totals = rnd.totals
    if totals is None:
        return None
    # Both calls need a standing at the target, and no line is worth more
    # than its number sum plus the Flip 7 bonus (÷2, −N, The Zero and the
    # −15 only lower it): only the lines that can be worth that much are
    # scored (at most turns of a game, none). A finished rival who cannot
    # reach the target cannot make the best one that has it either.
    reach = rnd.rules.target - FLIP7_BONUS
    sums, status, seats = rnd.seat_sums, rnd.seat_status, rnd.seats
    score = rnd.line_score
    best_done: int | None = None
    for q in seats:
        if (
            q != p
            and totals[q] + sums[q] >= reach
            and (status[q] == STAYED or status[q] == BUSTED)
        ):
            now = totals[q] + score(q).total
            if best_done is None or now > best_done:
                best_done = now
    if best_done is None and totals[p] + sums[p] < reach:
        return None
    mine, target = totals[p] + score(p).total, rnd.rules.target
    if best_done is not None and best_done >= target and best_done > mine:
        return HIT
    if mine >= target and all(
        totals[q] + sums[q] + FLIP7_BONUS < mine or totals[q] + score(q).total < mine
        for q in seats
        if q != p
    ):
        return STAY
    return None


MAX_DRAWS = 9  # a line takes at most 7 numbers (8 with the Lucky pair) and a bust


def only_numbers_ahead(rnd: Round, p: int) -> bool:
    """True when, if ``p`` stays now, every card the round can still deal is
    a number card drawn by an active opponent on their own turn: no action
    or modifier is left in the deck, the deck cannot run out (a reshuffle
    would bring the discard pile back), nothing is set aside or resolving,
    and no Brutal Flip 7 (its −15, R20) is possible; or when nobody else
    is active (``p``'s stay ends the round). Number cards change
    only their drawer's line, so finished lines, ``p``'s included, are then
    final."""
    zones = rnd.zones()
    if zones["set_aside"] or zones["resolving"]:
        return False
    active = [q for q in rnd.seats if q != p and rnd.status(q) == ACTIVE]
    if not active:
        return True  # p's stay ends the round
    deck = zones["deck"]
    if rnd.rules.brutal or any(code not in NUMBER_VALUES for code in deck):
        return False
    draws = 0
    for q in active:
        held = sum(1 for c in rnd.cards(q) if c.is_number)
        draws += max(1, MAX_DRAWS - held)
    return draws <= len(deck)


def best_reach(rnd: Round, q: int) -> int:
    """An upper bound of the round score ``q`` can still reach by drawing
    number cards from the deck: their number sum, plus the highest values
    the deck still holds that they could add without busting, plus the
    Flip 7 bonus (modifiers, ÷2 and The Zero only lower a line)."""
    held = [c for c in rnd.cards(q) if c.is_number]
    values = {NUMBER_VALUES[c.code] for c in held}
    room = max(0, 7 - len(held))
    pool = sorted(
        {NUMBER_VALUES[code] for code in rnd.zones()["deck"] if code in NUMBER_VALUES}
        - values,
        reverse=True,
    )
    extra = sum(pool[:room])
    if any(c.code in ("13", "13L") for c in rnd.cards(q)) or 13 in pool:
        extra += 13  # a Lucky 13 pair holds two 13s
    return sum(NUMBER_VALUES[c.code] for c in held) + extra + FLIP7_BONUS
