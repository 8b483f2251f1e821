"""A digital game of rounds: seats, the dealer moving left, the deck passed
on without reshuffling, the discard pile carried over, totals, the end of the
game and tie-break rounds among the tied leaders (R21).

Finished rounds become :class:`~.sheet.RoundRecord` values with
:func:`round_record`, so a digitally dealt round lands in the same score
sheet as a round tapped in at a physical table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import Card, full_deck
from .config import Rules
from .game import EndCheck, check_end
from .round import Round
from .sheet import Entry, RoundRecord
from .status import BUSTED


def round_record(
    rnd: Round,
    ids: Sequence[str],
    *,
    tie_break: bool = False,
    tiebreak: bool | None = None,
) -> RoundRecord:
    """The sheet's record of a finished round; ``ids[i]`` is seat i's player
    id. Only the seats that took part get an entry. ``tiebreak``: the old
    name of ``tie_break``, for callers in the app layer not yet converted."""
    if tiebreak is not None:
        tie_break = tiebreak
    if not rnd.over:
        raise ValueError("the round is not over")
    if len(ids) != rnd.players:
        raise ValueError("one player id per seat")
    entries = []
    for i in rnd.seats:
        entries.append(
            (
                ids[i],
                Entry(
                    cards=tuple(rnd.line(i)),
                    busted=rnd.status(i) is BUSTED,
                    attacked=rnd.attacked == i,
                    sent_attack=rnd.flip7 == i and rnd.attacked is not None,
                ),
            )
        )
    return RoundRecord(
        dealer=ids[rnd.dealer],
        entries=tuple(entries),
        digital=True,
        tie_break=tie_break,
    )


@dataclass
class Match:
    """A whole game dealt by the app. Drive it with :meth:`start_round` and
    :meth:`finish_round` until :attr:`over`."""

    players: int
    rules: Rules = field(default_factory=Rules)
    seed: int = 0
    dealer: int = 0
    totals: list[int] = field(default_factory=list)
    deck: list[Card] | None = None  # None: shuffle a full deck for round 1
    discard: list[Card] = field(default_factory=list)
    history: list[list[int]] = field(default_factory=list)
    tied: tuple[int, ...] = ()
    result: EndCheck = field(default_factory=lambda: EndCheck(False))
    rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not 2 <= self.players <= self.rules.max_players:
            raise ValueError(f"2 to {self.rules.max_players} players")
        if not self.totals:
            self.totals = [0] * self.players
        if len(self.totals) != self.players:
            raise ValueError("one total per seat")
        self.rng = random.Random(self.seed)
        if any(self.totals):  # resuming a game: it may be over or tied already
            self.result = check_end(self.totals, self.rules)
            self.tied = self.result.tie_break

    @property
    def over(self) -> bool:
        return self.result.over

    @property
    def winners(self) -> tuple[int, ...]:
        return self.result.winners

    @property
    def seats(self) -> tuple[int, ...]:
        """Who plays the next round: everyone, or only the tied leaders."""
        return self.tied or tuple(range(self.players))

    def start_round(self) -> Round:
        if self.over:
            raise ValueError("the game is over")
        seats = self.seats
        while self.dealer not in seats:  # a tie-break: the next tied player deals
            self.dealer = (self.dealer + 1) % self.players
        deck = self.deck
        if deck is None:
            deck = full_deck(self.rules.decks)
            self.rng.shuffle(deck)
        return Round.start(
            players=self.players,
            dealer=self.dealer,
            rules=self.rules,
            deck=deck,
            seed=self.rng.getrandbits(48),
            discard=self.discard,
            active_players=self.tied or None,
            totals=self.totals,
        )

    def finish_round(self, rnd: Round) -> EndCheck:
        """Add the round's scores, pass the deck on and move the dealer."""
        scores = rnd.scores()
        self.history.append(scores)
        for i, s in enumerate(scores):
            self.totals[i] += s
        self.deck, self.discard = rnd.leftovers()
        self.result = check_end(self.totals, self.rules)
        self.tied = self.result.tie_break
        seats = self.seats
        for step in range(1, self.players + 1):
            nxt = (self.dealer + step) % self.players
            if nxt in seats:
                self.dealer = nxt
                break
        return self.result
