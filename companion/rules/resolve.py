"""The round as one generator: it yields a :class:`Pending` decision and
receives the chosen string, so nested resolution (an action drawn during
Just One More during a Flip Four queue…) is written as plain nested calls.

The choice strings and their order are the contract of DESIGN.md; the caller
(:class:`.round.Round`) only sends members of ``Pending.options``. Options are
written here in :class:`.choice.Choice`'s canonical form (tests/test_choice.py
checks that every option the engine offers round-trips) and read back through
``Choice.parse``, never sliced.
"""

from __future__ import annotations

import contextlib
from collections.abc import Generator
from functools import lru_cache
from typing import Final

from .cards import NUMBER_VALUES, Card
from .choice import BONUS, HIT, STAY, Choice, Use, Verb
from .config import FLIP7_CARDS
from .decision import CARD_ACTIONS, FLIP7, MODIFIER, TARGET, TURN, Pending
from .linescores import stay_or_hit
from .status import ACTIVE, BUSTED, STAYED
from .table import RoundEnd, Table

Gen = Generator[Pending, str, None]

HIT_STAY: Final = (HIT, STAY)
HIT_ONLY: Final = (HIT,)  # The Zero: must hit (R4)
FLIP_FOUR_CARDS: Final = 4
MAX_SEATS: Final = 36  # 18 players per deck, two decks at most (Rules.max_players)

# Every turn decision, made once (Pending is immutable): TURN_ASKS[p][must],
# ``must`` when The Zero makes player ``p`` hit.
TURN_ASKS: Final[tuple[tuple[Pending, Pending], ...]] = tuple(
    (Pending(p, TURN, None, HIT_STAY), Pending(p, TURN, None, HIT_ONLY))
    for p in range(MAX_SEATS)
)


def play_round(t: Table) -> Gen:
    """Deal, turns, and the Brutal Flip 7 choice (R20)."""
    try:
        yield from _deal(t)
        yield from _turns(t)
    except RoundEnd:
        pass
    yield from _close(t)


def play_on(t: Table, first: int | None = None) -> Gen:
    """A round already dealt (the physical table's tapped-in position, or a
    copy of a round standing at ``first``'s turn, :meth:`.table.Table.copy`):
    turns from ``first`` on (None: from the dealer's left), then the Brutal
    Flip 7 choice, as :func:`play_round`. At a turn :func:`play_round`'s
    generator holds nothing but its place in :func:`_turns`, so the table
    and the seat whose turn it is are all a copy needs."""
    with contextlib.suppress(RoundEnd):
        yield from _turns(t, 0 if first is None else t.order.index(first))
    yield from _close(t)


def _close(t: Table) -> Gen:
    """The Brutal Flip 7 choice (R20), then the round's end."""
    if t.flip7 is not None and t.rules.brutal:
        p = t.flip7
        opts = (BONUS, *(str(Choice(Verb.ATTACK, q)) for q in t.seats if q != p))
        pick = Choice.parse((yield Pending(p, FLIP7, None, opts)))
        if pick.seat is not None:  # attack P
            t.bonus = False
            t.attacked = pick.seat
            t.log.append(("attacked", p, t.attacked))
        else:
            t.log.append(("bonus", p))
    t.finish()


def _deal(t: Table) -> Gen:
    """One card each from the dealer's left to the dealer; an action or
    modifier dealt is resolved at once and is the deal card; a player who
    busted before their turn to be dealt gets none (R1)."""
    status, lines, values = t.status, t.lines, t.values
    for p in t.order:
        if status[p] == BUSTED:
            continue
        c = t.deck.pop() if t.deck else t.draw()
        code = c.code
        t.log.append(("dealt", p, code))
        v = NUMBER_VALUES.get(code)
        if v is None:
            yield from receive(t, p, c)
        elif v == 13 or values[p] >> v & 1 or code == "7U":
            t.arrive(p, c)  # no decision: no nested generator (as _turns)
            t.check_flip7(p)
        else:  # a new value: Table.arrive's usual case, inline
            lines[p].append(c)
            t.sums[p] += v
            values[p] |= 1 << v
            if len(lines[p]) >= FLIP7_CARDS:
                t.check_flip7(p)


def _turns(t: Table, start: int = 0) -> Gen:
    """Hit or stay around the table until nobody is active, the first time
    round from ``t.order[start]`` (a copied round resumes at its turn). A
    seat with a ``stay_at`` mark (a stop bot in a simulation) is not asked:
    its choice is made here exactly as :class:`.bots.StopBot` makes it, and
    recorded. A seat with a turner (``Table.turners``) is not asked either:
    its bot's hit or stay is called here, checked and recorded."""
    status, lines, log, sums = t.status, t.lines, t.log, t.sums
    values, stay_at, played = t.values, t.stay_at, t.played
    turners = t.turners
    asks, rules, face = TURN_ASKS, t.rules, NUMBER_VALUES
    order = t.order
    seats = order[start:]
    while True:
        anyone = False
        for p in seats:
            if status[p] != ACTIVE:
                continue
            anyone = True
            held = values[p]
            must = held & 1  # bit 0: The Zero is in the line (R4)
            at = stay_at[p]
            if at is None:
                decide = turners[p]
                if decide is None:
                    choice = yield asks[p][must]
                else:  # the seat's bot, called here (a play-out's shortcut)
                    choice = decide(p, must)
                    if choice != HIT and (must or choice != STAY):
                        raise ValueError(f"{choice!r} is not a legal turn now")
                    played.append(choice)
            elif must or sums[p] < at:
                choice = HIT
                played.append(HIT)
            else:
                choice = stay_or_hit(lines[p], held, at, rules)
                played.append(choice)
            if choice == STAY:
                status[p] = STAYED
                log.append(("stayed", p, False))
            else:
                c = t.deck.pop() if t.deck else t.draw()  # draw() reshuffles
                code = c.code
                log.append(("drew", p, code, "hit"))
                v = face.get(code)
                if v is None:  # an action or modifier
                    yield from receive(t, p, c)
                    continue
                if v == 13 or values[p] >> v & 1 or code == "7U":
                    t.arrive(p, c)  # may bust (R8 for a 13), or wipes (R10)
                else:  # Table.arrive's usual case, inline: a new value
                    lines[p].append(c)
                    sums[p] += v
                    values[p] |= 1 << v
                if len(lines[p]) >= FLIP7_CARDS:
                    t.check_flip7(p)
        if not anyone:
            return
        seats = order


def receive(t: Table, p: int, c: Card) -> Gen:
    """``p`` receives ``c`` from the deck (dealt or drawn) and resolves it."""
    if c.is_number:
        t.arrive(p, c)
        t.check_flip7(p)
    elif c.is_action:
        yield from _act(t, p, c)
    else:
        yield from _modifier(t, p, c)


def wasted(t: Table, p: int, c: Card) -> None:
    """An action or modifier with nobody to take it: to the discard pile."""
    t.held.pop()
    t.discard.append(c)
    t.log.append(("wasted", p, c.code))


def _modifier(t: Table, p: int, c: Card) -> Gen:
    """R17: to any player not busted (Brutal: any player, R19)."""
    t.held.append(c)
    cands = t.seats if t.rules.brutal else t.alive()
    if not cands:
        wasted(t, p, c)
        return
    choice = yield Pending(p, MODIFIER, c.code, _targets(tuple(cands)))
    q = _seat(choice)
    t.held.pop()
    t.lines[q].append(c)
    t.log.append(("assigned", p, c.code, q))


def _act(t: Table, p: int, c: Card) -> Gen:
    """Resolve an action received by ``p`` (R12-R16)."""
    t.held.append(c)
    code = c.code
    if code == "JOM" or code == "F4":
        cands = t.alive()
        if not cands:
            wasted(t, p, c)
            return
        choice = yield Pending(p, TARGET, code, _targets(tuple(cands)))
        q = _seat(choice)
        t.log.append(("played", p, code, q))
        if code == "JOM":
            yield from _just_one_more(t, q)
        else:
            yield from _flip_four(t, q)
    else:
        opts = _card_options(t, p, code)
        if not opts:
            wasted(t, p, c)
            return
        use = Choice.parse((yield Pending(p, CARD_ACTIONS[code], code, opts)))
        a, x = use.seat, use.card
        assert a is not None and x is not None  # legal options name both
        b, y = use.other_seat, use.other_card
        use_card(t, p, code, a, x, -1 if b is None else b, y or "")
    t.held.pop()
    t.discard.append(c)


def use_card(t: Table, p: int, code: str, a: int, x: str, b: int, y: str) -> None:
    """``p``'s Steal (``x`` from ``a``), Swap (``x`` of ``a`` for ``y`` of
    ``b``) or Discard (``x`` of ``a``), one of :func:`card_uses`: the
    round's and the lean play-out's (:mod:`.lean`) one way to carry it out."""
    if code == "STEAL":
        got = t.take(a, x)
        t.log.append(("stole", p, a, got.code))
        t.arrive(p, got)
        t.check_flip7(p)
    elif code == "SWAP":
        ca, cb = t.take(a, x), t.take(b, y)
        t.log.append(("swapped", p, a, ca.code, b, cb.code))
        t.arrive(a, cb)
        t.arrive(b, ca)
        t.check_flip7(a)
        t.check_flip7(b)
    else:
        gone = t.take(a, x)
        t.discard.append(gone)
        t.log.append(("discarded", p, a, gone.code))


def _just_one_more(t: Table, q: int) -> Gen:
    """Draw one card, resolve it, then stay, even over The Zero (R9)."""
    d = t.draw()
    t.log.append(("drew", q, d.code, "jom"))
    yield from receive(t, q, d)
    if t.status[q] == ACTIVE:
        t.status[q] = STAYED
        t.log.append(("stayed", q, True))


def _flip_four(t: Table, q: int) -> Gen:
    """Four cards of any kind (R13), then the set-aside cards resolved in
    order, all of them even if one makes ``q`` bust (FAQ)."""
    queue = flip_four_draws(t, q)
    while queue:
        yield from receive(t, q, queue.pop(0))
    t.queues.pop()


def flip_four_draws(t: Table, q: int) -> list[Card]:
    """Flip Four's draws (R13): stop on a bust; an Unlucky 7 also wipes the
    set-aside cards (R11). The set-aside cards left, to resolve in order
    (the round's and the lean play-out's way), on ``t.queues`` until the
    caller pops them."""
    queue: list[Card] = []
    t.queues.append(queue)
    status = t.status
    for _ in range(FLIP_FOUR_CARDS):
        d = t.draw()
        t.log.append(("drew", q, d.code, "f4"))
        if d.is_number:
            t.arrive(q, d, queue)
            if status[q] == BUSTED:
                break
            t.check_flip7(q)
        else:
            queue.append(d)
            t.log.append(("set_aside", q, d.code))
    if status[q] == BUSTED:
        t.discard.extend(queue)
        queue.clear()
    return queue


def _seat(text: str) -> int:
    """The seat a ``target P`` choice names."""
    seat = Choice.parse(text).seat
    assert seat is not None  # legal target options name one
    return seat


@lru_cache(maxsize=4096)
def _targets(cands: tuple[int, ...]) -> tuple[str, ...]:
    """``target P`` for each candidate (the same few tuples recur)."""
    return tuple([str(Choice(Verb.TARGET, q)) for q in cands])


def _card_options(t: Table, p: int, code: str) -> tuple[str, ...]:
    """Legal uses of Steal, Swap or Discard for resolver ``p``
    (:func:`card_uses`) as choice strings, in the form ``str(Choice(...))``
    gives, which tests/test_choice.py checks."""
    out: list[str] = []
    for verb, a, x, b, y, _, _ in card_uses(t, p, code):
        if verb is Verb.SWAP:
            out.append(f"swap {a} {x} {b} {y}")
        else:
            out.append(f"{verb} {a} {x}")
    return tuple(out)


def card_uses(t: Table, p: int, code: str, me: int = -1) -> list[Use]:
    """Legal uses of Steal, Swap or Discard for resolver ``p``: face-up cards
    of players not busted, each distinct card once, seats in order; read
    (:data:`.choice.Use`), not written out: the lean play-out
    (:mod:`.lean`) asks its bots on these, the round on their text.

    ``me`` (a seat): leave out the swaps the shared tactics never weigh
    (:func:`.tactics.score_uses`: between two seats other than ``me``,
    neither card's value held by the line it would join), but the first
    legal one, which they fall back on when they weigh none: the same
    pick, without writing out dozens of options to skip them. Which values
    a line holds is read from the table's bits (``Table.values``); a 13's
    bit can outlive the card, which only keeps a swap the tactics then
    skip (their own count is exact): the pick is still the same."""
    alive = t.alive()
    lines = t.lines
    face = NUMBER_VALUES.get
    out: list[Use] = []
    if code == "STEAL":
        if t.status[p] == BUSTED:
            return out  # a busted line cannot take a card in
        for q in alive:
            if q != p:
                out += [
                    (Verb.STEAL, q, x, -1, "", face(x), None)
                    for x in _distinct(lines[q])
                ]
    elif code == "DISCARD":
        for q in alive:
            out += [
                (Verb.DISCARD, q, x, -1, "", face(x), None) for x in _distinct(lines[q])
            ]
    else:
        held = [(q, _distinct(lines[q])) for q in alive if lines[q]]
        bits = t.values  # exact below 13; a 13's bit may outlive it (Table.take)
        for i, (a, xs) in enumerate(held):
            for b, ys in held[i + 1 :]:
                if me < 0 or a == me or b == me:
                    out += [
                        (Verb.SWAP, a, x, b, y, face(x), face(y))
                        for x in xs
                        for y in ys
                    ]
                    continue
                in_a, in_b = bits[a], bits[b]
                for x in xs:
                    fx = face(x)
                    busts_b = fx is not None and in_b >> fx & 1
                    for y in ys:
                        fy = face(y)
                        if busts_b or (fy is not None and in_a >> fy & 1) or not out:
                            out.append((Verb.SWAP, a, x, b, y, fx, fy))
    return out


def _distinct(line: list[Card]) -> list[str]:
    seen: list[str] = []
    for c in line:
        if c.code not in seen:
            seen.append(c.code)
    return seen
