"""Odds at the physical table: the bust and Flip 7 chances and the
advisor's hit/stay for a player whose cards are tapped in as they are
flipped (issue 13, item 6).

The app knows only what the table tapped: the lines of this round (busted
lines included) and, while the deck goes on between rounds (RULES.md 2.6:
it is not reshuffled until it runs out), the lines of the earlier rounds
since the last reshuffle, which lie on the discard pile. The next card is
one of the others. Action cards never stay in a line, so those already
played are not known and count as unseen.

For the advisor the position becomes a digital round (:class:`TableRound`):
the tapped lines face up, busted lines face down, every other player still
in (the app cannot know who has stayed), the player being tapped about to
hit or stay, the unseen cards as the deck, the earlier rounds' cards as the
discard pile. :func:`.advisor.advise_turn` then plays it out as it does at the
digital table, so both tables get the same advice for the same position.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .advice import Advice
from .advisor import advise_turn
from .cards import NUMBER_VALUES, Card, card, deck_counts
from .config import Rules
from .lines import is_flip7, would_bust
from .odds import bust_chance, flip7_chance
from .round import Round
from .shuffle import shuffle
from .status import BUSTED
from .table import Table, intern


def table_pool(
    lines: Sequence[Sequence[str]], earlier: Sequence[str], rules: Rules = Rules()
) -> list[Card]:
    """The cards the next one may be, sorted: every card of the decks but
    those in this round's ``lines`` and those of ``earlier`` rounds on the
    discard pile. When the earlier cards leave no deck, or more of a card
    was seen than the decks hold (the table reshuffled without saying so),
    the pile is back in play: only this round's lines are left out (R7)."""
    left = deck_counts(rules.decks)
    left.subtract(code for line in lines for code in line)
    deck = left.copy()
    deck.subtract(earlier)
    if any(n < 0 for n in deck.values()) or sum(deck.values()) <= 0:
        deck = left
    return [Card.parse(code) for code in sorted(deck.elements())]


@dataclass(frozen=True, slots=True)
class TableOdds:
    """What the table sees for the player being tapped: the exact chances
    that the next card busts them or makes Flip 7, how many cards that rests
    on, and the advisor's hit/stay (None when there is no decision: the
    line is busted, empty, or the round ended with a Flip 7)."""

    bust: Fraction
    flip7: Fraction
    unseen: int  # cards the next one may be
    seen: int  # cards known not to be next (this round's lines, the pile)
    advice: Advice | None
    position: Round | None  # the round the advice was worked out on


def table_odds(
    lines: Sequence[Sequence[str]],
    busted: Sequence[bool],
    player: int,
    earlier: Sequence[str] = (),
    rules: Rules = Rules(),
    totals: Sequence[int] | None = None,
    samples: int | None = None,
    stop: Callable[[], bool] | None = None,
) -> TableOdds:
    """The odds and advice for ``player`` (an index of ``lines``).

    ``earlier``: the cards of earlier rounds since the last reshuffle;
    ``totals``: each player's game total before this round (the advisor then
    sees when the totals settle the choice); ``stop``: the advisor's time
    budget (:func:`companion.rules.advisor.advise_turn`)."""
    pool = table_pool(lines, earlier, rules)
    line = [card(c) for c in lines[player]]
    seen = sum(deck_counts(rules.decks).values()) - len(pool)
    no_choice = busted[player] or not line or _over(lines, busted, rules)
    if no_choice or would_busted(line):
        return TableOdds(Fraction(0), Fraction(0), len(pool), seen, None, None)
    pile = _pile(lines, rules, pool)
    rnd = TableRound.build(rules, lines, busted, player, pool, pile, totals)
    if samples is None:
        advice = advise_turn(rnd, stop=stop)
    else:
        advice = advise_turn(rnd, samples=samples, stop=stop)
    return TableOdds(
        bust_chance(line, pool, rules),
        flip7_chance(line, pool, rules),
        len(pool),
        seen,
        advice,
        rnd,
    )


def would_busted(line: Sequence[Card]) -> bool:
    """The line already holds a pair that busts it (tapped, not marked)."""
    return any(would_bust(line[:i], c) for i, c in enumerate(line))


def _over(lines: Sequence[Sequence[str]], busted: Sequence[bool], rules: Rules) -> bool:
    """Someone already has Flip 7: the round is over."""
    return any(
        not out and is_flip7([card(c) for c in line], rules)
        for line, out in zip(lines, busted, strict=True)
    )


def _pile(lines: Sequence[Sequence[str]], rules: Rules, pool: list[Card]) -> list[Card]:
    """The discard pile as the table knows it: the cards of no line that
    are not in the deck (the earlier rounds', and actions already played)."""
    pile = deck_counts(rules.decks)
    pile.subtract(code for line in lines for code in line)
    pile.subtract(c.code for c in pool)
    return [Card.parse(code) for code in sorted(+pile)]


class TableRound(Round):
    """A digital round set up at a position of the physical table, for the
    advisor's play-outs. It cannot be saved; a fork deals the same position
    with the deck in a new order (as :meth:`Round.fork` does)."""

    __slots__ = ("_spec",)

    _spec: tuple[
        Rules,
        tuple[tuple[str, ...], ...],
        tuple[bool, ...],
        int,
        tuple[Card, ...],
        tuple[Card, ...],
        tuple[int, ...] | None,
    ]

    @classmethod
    def build(
        cls,
        rules: Rules,
        lines: Sequence[Sequence[str]],
        busted: Sequence[bool],
        player: int,
        deck: Sequence[Card],
        pile: Sequence[Card],
        totals: Sequence[int] | None = None,
    ) -> TableRound:
        """The position with ``player`` to hit or stay, the deck in the
        order given (top first)."""
        n = len(lines)
        seats = tuple(range(n))
        dealer = (player - 1) % n  # the player being tapped acts first
        t = Table(rules, n, dealer, seats, intern(deck), intern(pile), "table")
        for i, (line, out) in enumerate(zip(lines, busted, strict=True)):
            _place(t, i, intern([card(c) for c in line]), out)
        kept = None if totals is None else tuple(totals)
        rnd = cls(rules, n, dealer, seats, list(deck), list(pile), "table", kept, t)
        rnd._spec = (
            rules,
            tuple(tuple(line) for line in lines),
            tuple(busted),
            player,
            tuple(deck),
            tuple(pile),
            kept,
        )
        return rnd

    def fork(self, rng: random.Random) -> Round:
        rules, lines, busted, player, deck, pile, totals = self._spec
        order = list(deck)
        shuffle(rng, order)
        twin = TableRound.build(rules, lines, busted, player, order, pile, totals)
        for choice in self._choices:
            twin.play(choice)
        return twin

    def copy(self) -> Round:
        twin = super().copy()
        assert isinstance(twin, TableRound)
        twin._spec = self._spec  # forks of the copy deal as this round's
        return twin


def _place(t: Table, seat: int, line: list[Card], busted: bool) -> None:
    """Lay a tapped line on the table: face up, or face down if busted."""
    if busted:
        t.down[seat] = line
        t.status[seat] = BUSTED
        return
    t.lines[seat] = line
    for c in line:
        value = NUMBER_VALUES.get(c.code)
        if value is not None:
            t.sums[seat] += value
            t.values[seat] |= 1 << value
