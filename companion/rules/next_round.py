"""The step from one round to the next, the same for every game loop.

The simulator's :class:`~.match.Match` and the app's digital table both ask
:func:`next_round` what to deal next, so the simulator tests what the app
runs. Who sits at the table, who deals (one seat left each round, RULES.md
8), who plays (everyone, or only the tied leaders, R21) and the totals so far
all come from the :class:`~.sheet.Sheet`, so a round tapped in by hand, a
late player, a player who left or a corrected round count like dealt ones.
The cards come from the last dealt round (:meth:`~.round.Round.leftovers`):
the deck passes on unshuffled and the discard pile stays (RULES.md 2.6).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Final, NamedTuple

from .cards import Card, card, full_deck
from .config import Rules
from .round import Round
from .sheet import Sheet, SheetError
from .shuffle import shuffle

Cards = Sequence[Card | str]
DECK_CARDS: Final = len(full_deck(1))  # 108


class NextRound(NamedTuple):  # a tuple: cheap to build once per round
    """The next round's setup, by seat: ``ids[seat]`` is a player id.

    ``active``: the seats that play a tie-break round (None: every seat);
    ``tie_break``: the round is a tie-break round, even when every seated
    player is among the tied. ``deck``: the cards passed on, top first, or
    None for a new deck shuffled from every card not on the ``discard`` pile.
    """

    rules: Rules
    ids: tuple[str, ...]
    dealer: int
    active: tuple[int, ...] | None
    tie_break: bool
    totals: tuple[int, ...]
    deck: Cards | None
    discard: Cards

    def start(self, seed: int | str) -> Round:
        """Deal the round; ``seed`` shuffles a new deck (when ``deck`` is
        None) and any reshuffle of the discard pile mid-round (R7)."""
        return Round.start(
            players=len(self.ids),
            dealer=self.dealer,
            rules=self.rules,
            deck=self.deck,
            seed=seed,
            discard=self.discard,
            active_players=self.active,
            totals=self.totals,
        )


def next_round(
    sheet: Sheet, deck: Cards | None = None, discard: Cards = ()
) -> NextRound:
    """What to deal after the sheet's last round, with the deck and discard
    pile the last dealt round left (None: no round dealt yet).

    :class:`~.sheet.SheetError` when the game is over.
    """
    end = sheet.end()
    if end.over:
        raise SheetError("The game is over.")
    ids = sheet.seated_ids()  # the seats of the round
    tied = end.tie_break  # seat indexes of the tied leaders (R21)
    totals = sheet.totals_view()
    return NextRound(
        sheet.rules,
        ids,
        ids.index(sheet.next_dealer().id),
        tied if tied and len(tied) < len(ids) else None,
        bool(tied),
        tuple([totals[pid] for pid in ids]),
        carried_deck(sheet.rules, deck, discard),
        discard,
    )


def carried_deck(rules: Rules, deck: Cards | None, discard: Cards) -> Cards | None:
    """The deck passed on, unless it and the discard pile no longer hold the
    table's cards: when a 19th player joined, the table went from one deck
    to two combined decks (RULES.md 1), so every card not on the discard
    pile is shuffled into a new deck (None)."""
    if deck is None or len(deck) + len(discard) != DECK_CARDS * rules.decks:
        return None
    return deck


def new_deck(rules: Rules, discard: Cards, rng: random.Random) -> list[Card]:
    """Every card of the table's decks not on the discard pile, shuffled
    by ``rng`` (the first round: all of them)."""
    cards = full_deck(rules.decks)
    if discard:
        pile = Counter(card(c).code for c in discard)
        kept = []
        for c in cards:
            if pile[c.code] > 0:
                pile[c.code] -= 1
            else:
                kept.append(c)
        cards = kept
    shuffle(rng, cards)
    return cards
