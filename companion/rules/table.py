"""The cards of one digital round and the moves that never need a decision.

:class:`Table` owns every zone a card can be in (deck, discard pile, lines,
face-down busted lines, Flip Four set-aside piles, cards being resolved) and
the mechanical rules: drawing with the mid-round reshuffle (R7), no card left
(R6), a number arriving in a line (bust, Unlucky 7 wipe R10/R11, Flip 7 R5).
Decisions live in :mod:`.resolve`; the public API in :mod:`.round`. Cards are
moved, never copied, so the count of all zones is always 108 per deck.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any, Final

from mypy_extensions import mypyc_attr

from .cards import CARDS, NUMBER_VALUES, Card
from .config import FLIP7_CARDS, Rules
from .lines import is_flip7, would_bust
from .scoring import LineScore
from .shuffle import shuffle
from .status import ACTIVE, BUSTED, OUT, STAYED, Status

# Face value by code for number cards: a cheap pre-check before would_bust.
_VALUE: Final = NUMBER_VALUES
# The table holds only the interned cards of ``cards.CARDS``, so a line's
# cards can be compared and cached by identity (``map(id, line)``).
ZERO: Final = CARDS["0"]


@mypyc_attr(native_class=False)
class InternedCards(list[Card]):
    """A list known to hold only interned cards (a round's leftovers), so the
    next round can skip interning them again."""


def intern(cards: Sequence[Card]) -> list[Card]:
    return list(map(CARDS.__getitem__, map(_code, cards)))


_code: Final = attrgetter("code")

# A seat's line as last scored, the scoring flags, the score (Table.scored).
Scored = tuple[list[Card], int, LineScore]
# A seat's hit or stay made by its bot inside the engine (``Table.turners``):
# called with the seat and 1 when The Zero makes it hit (else 0), it returns
# ``hit`` or ``stay``.
Turner = Callable[[int, int], str]


class RoundEnd(Exception):
    """Raised inside the resolution to stop everything at once (R5, R6)."""


def reshuffle_rng(seed: int | str, count: int) -> random.Random:
    """The generator of the ``count``-th mid-round reshuffle: fixed by the
    round's seed, so a replayed or restored round shuffles identically."""
    return random.Random(f"{seed}/{count}")


class Table:
    """Every zone of the round. Lines hold :class:`Card` values."""

    __slots__ = (
        "rules",
        "players",
        "seats",
        "order",
        "seed",
        "deck",
        "discard",
        "lines",
        "sums",
        "values",
        "down",
        "status",
        "held",
        "queues",
        "log",
        "reshuffles",
        "flip7",
        "bonus",
        "attacked",
        "over",
        "played",
        "stay_at",
        "turners",
        "scored",
    )

    def __init__(
        self,
        rules: Rules,
        players: int,
        dealer: int,
        seats: Sequence[int],
        deck: Sequence[Card],
        discard: Sequence[Card],
        seed: int | str,
    ) -> None:
        self.rules = rules
        self.players = players
        self.seats: tuple[int, ...] = tuple(sorted(seats))
        # Clockwise from the dealer's left, ending with the dealer: the seats
        # after the dealer's, then the rest (seats are sorted).
        after = bisect_right(self.seats, dealer)
        self.order: tuple[int, ...] = self.seats[after:] + self.seats[:after]
        self.seed = seed
        # Callers pass interned cards (Round.start does).
        self.deck: list[Card] = list(deck[::-1])  # top card last: O(1) pop
        self.discard: list[Card] = list(discard)
        self.lines: list[list[Card]] = [[] for _ in range(players)]
        self.sums = [0] * players  # number-card sum of each face-up line
        # Bit v (0-12) set: the face-up line holds a number card of value v,
        # a fast pre-check before would_bust. A live line holds at most one
        # of each (a second busts; the Unlucky 7 wipes the line first, R10).
        # Bit 13 is not kept exact: a 13 is always checked (Lucky pair, R8).
        self.values = [0] * players
        self.down: list[list[Card]] = [[] for _ in range(players)]
        self.status: list[Status] = [OUT] * players
        for s in self.seats:
            self.status[s] = ACTIVE
        self.held: list[Card] = []
        self.queues: list[list[Card]] = []
        self.log: list[tuple[Any, ...]] = []
        self.reshuffles = 0
        self.flip7: int | None = None
        self.bonus = True
        self.attacked: int | None = None
        self.over = False
        # Every choice made so far (the Round's list), and per seat the mark
        # of a stop bot whose hit/stay the engine plays itself (None: ask).
        self.played: list[str] = []
        self.stay_at: list[int | None] = [None] * players
        # Per seat, a bot's own hit or stay, called by the engine instead of
        # asking (``bots.play_out``: no round trip through ``pending`` and
        # ``Round.play`` for the commonest decision); ``stay_at`` first.
        self.turners: list[Turner | None] = [None] * players
        # Per seat, the line last scored (a copy), how (Round.line_score's
        # flags) and its score: the bots and the advisor ask every seat's
        # value at every decision, and most lines have not changed since.
        self.scored: list[Scored | None] = [None] * players

    def copy(self) -> Table:
        """Every zone and mark copied (the cards themselves are interned and
        shared), for a what-if that goes on from here without replaying the
        round; the stop marks (``stay_at``) and turners are not copied: a
        copy asks. The
        cards being resolved and Flip Four's set-aside piles are copied too,
        though a copy is only taken at a turn, when they are empty."""
        t = Table(self.rules, self.players, 0, self.seats, (), (), self.seed)
        t.order = self.order
        t.deck = self.deck[:]
        t.discard = self.discard[:]
        t.lines = [line[:] for line in self.lines]
        t.sums = self.sums[:]
        t.values = self.values[:]
        t.down = [line[:] for line in self.down]
        t.status = self.status[:]
        t.held = self.held[:]
        t.queues = [q[:] for q in self.queues]
        t.log = self.log[:]
        t.reshuffles = self.reshuffles
        t.flip7 = self.flip7
        t.bonus = self.bonus
        t.attacked = self.attacked
        t.over = self.over
        t.played = self.played[:]
        t.scored = self.scored[:]  # immutable entries: shared
        return t

    # --- drawing ------------------------------------------------------------
    def draw(self) -> Card:
        """The top card; an empty deck first takes the shuffled discard pile,
        leaving every card on the table in place (R7); with neither, the round
        ends (R6)."""
        deck = self.deck
        if not deck:
            if not self.discard:
                self.log.append(("no_cards",))
                raise RoundEnd
            deck = self.deck = self.discard
            self.discard = []
            shuffle(reshuffle_rng(self.seed, self.reshuffles), deck)
            self.reshuffles += 1
            self.log.append(("reshuffled", len(deck)))
        return deck.pop()

    # --- who can be chosen --------------------------------------------------
    def alive(self) -> list[int]:
        """Players an action can target: taking part and not busted (R12)."""
        st = self.status
        return [s for s in self.seats if st[s] == ACTIVE or st[s] == STAYED]

    # --- a card arriving in a line ----------------------------------------------
    def arrive(self, p: int, c: Card, queue: list[Card] | None = None) -> None:
        """A number card or modifier arrives in ``p``'s line (drawn, dealt,
        stolen, swapped in). ``queue``: the Flip Four set-aside pile when it
        arrives during Flip Four draws (R11). Flip 7 is checked by the caller
        through :meth:`check_flip7` so a Swap can place both cards first."""
        line = self.lines[p]
        value = _VALUE.get(c.code)
        if value is None:
            line.append(c)
            return
        if c.code == "7U":
            wiped = [x.code for x in line]
            self.discard.extend(line)
            line.clear()
            if queue:
                wiped.extend(x.code for x in queue)
                self.discard.extend(queue)
                queue.clear()
            line.append(c)
            self.sums[p] = value
            self.values[p] = 1 << value
            self.log.append(("wiped", p, tuple(wiped)))
            return
        # No card of the same value held: cannot bust (would_bust decides
        # every other case, Lucky 13 pair included).
        if (value == 13 or self.values[p] >> value & 1) and would_bust(line, c):
            line.append(c)
            self.down[p] = line
            self.lines[p] = []
            self.sums[p] = 0
            self.values[p] = 0
            self.status[p] = BUSTED
            self.log.append(("busted", p, c.code))
            return
        line.append(c)
        self.sums[p] += value
        self.values[p] |= 1 << value

    def check_flip7(self, p: int) -> None:
        line = self.lines[p]
        if (
            len(line) >= FLIP7_CARDS
            and self.status[p] != BUSTED
            and is_flip7(line, self.rules)
        ):
            self.flip7 = p
            self.log.append(("flip7", p))
            raise RoundEnd

    def take(self, p: int, code: str) -> Card:
        """Remove the first face-up ``code`` from ``p``'s line."""
        line = self.lines[p]
        for k, c in enumerate(line):
            if c.code == code:
                value = _VALUE.get(code)
                if value is not None:
                    self.sums[p] -= value
                    if value != 13:  # another 13 may stay (R8): not tracked
                        self.values[p] &= ~(1 << value)
                return line.pop(k)
        raise ValueError(f"player {p} has no {code}")

    # --- the end --------------------------------------------------------------
    def finish(self) -> None:
        """Cards still set aside or being resolved go to the discard pile; the
        lines stay visible (``table_cards`` joins them to the pile)."""
        for q in self.queues:
            self.discard.extend(q)
        self.queues.clear()
        self.discard.extend(self.held)
        self.held.clear()
        self.over = True

    def table_cards(self) -> list[Card]:
        out: list[Card] = []
        for s in range(self.players):
            out.extend(self.down[s])
            out.extend(self.lines[s])
        return out

    def zones(self) -> dict[str, list[Card]]:
        """Where every card is; a finished round's table cards count as
        discarded (they go to the pile for the next round)."""
        lines = self.table_cards()
        return {
            "deck": list(reversed(self.deck)),
            "discard": self.discard + lines if self.over else list(self.discard),
            "table": [] if self.over else lines,
            "set_aside": [c for q in self.queues for c in q],
            "resolving": list(self.held),
        }

    def inventory(self) -> Counter[str]:
        return Counter(c.code for zone in self.zones().values() for c in zone)
