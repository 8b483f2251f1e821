"""A digital game of rounds for the simulator, the tournament and the bots'
tests: the app's own loop (a :class:`~.sheet.Sheet` and
:func:`~.next_round.next_round`: seats, the dealer moving left, the deck
passed on without reshuffling, the discard pile carried over, totals, the end
of the game and tie-break rounds among the tied leaders, R21), driven by code.

Finished rounds become :class:`~.sheet.RoundRecord` values with
:func:`round_record`, so a digitally dealt round lands in the same score
sheet as a round tapped in at a physical table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import Card
from .config import Rules
from .game import EndCheck
from .next_round import new_deck, next_round
from .round import Round
from .sheet import Entry, RoundRecord, Sheet
from .status import BUSTED


def round_record(
    rnd: Round,
    ids: Sequence[str],
    *,
    tie_break: bool = False,
) -> RoundRecord:
    """The sheet's record of a finished round; ``ids[i]`` is seat i's player
    id. Only the seats that took part get an entry."""
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
    :meth:`finish_round` until :attr:`over`.

    Each finished round lands in :attr:`sheet`, the score sheet the app keeps;
    the next round's seats, dealer, tie-break players, totals and cards come
    from :func:`~.next_round.next_round`, as for the app's digital table.
    ``dealer`` is the first round's dealer, then the next round's.
    ``totals`` resumes a game: a first round of typed scores (R21 may make it
    a tie-break at once)."""

    players: int
    rules: Rules = field(default_factory=Rules)
    seed: int = 0
    dealer: int = 0
    totals: list[int] = field(default_factory=list)
    deck: Sequence[Card] | None = None  # None: shuffle a new deck for round 1
    discard: Sequence[Card] = field(default_factory=list)
    history: list[list[int]] = field(default_factory=list)
    tied: tuple[int, ...] = ()
    result: EndCheck = field(default_factory=lambda: EndCheck(False))
    sheet: Sheet = field(init=False, repr=False)
    _ids: list[str] = field(init=False, repr=False)  # seat -> player id
    rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not 2 <= self.players <= self.rules.max_players:
            raise ValueError(f"2 to {self.rules.max_players} players")
        if not self.totals:
            self.totals = [0] * self.players
        if len(self.totals) != self.players:
            raise ValueError("one total per seat")
        self.rng = random.Random(self.seed)
        names = [f"Seat {i + 1}" for i in range(self.players)]
        sheet = Sheet.new(names, self.rules, self.dealer)
        self._ids = ids = [p.id for p in sheet.players]
        if any(self.totals):  # dealt by the seat before: the dealer deals next
            typed = tuple(
                (pid, Entry(typed=t)) for pid, t in zip(ids, self.totals, strict=True)
            )
            sheet = sheet.add_round(RoundRecord(ids[self.dealer - 1], typed))
        self.sheet = sheet
        self._follow()

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
        nxt = next_round(self.sheet, self.deck, self.discard)
        if nxt.deck is None:  # shuffled by the match's seed
            nxt = nxt._replace(deck=new_deck(self.rules, nxt.discard, self.rng))
        return nxt.start(self.rng.getrandbits(48))

    def finish_round(self, rnd: Round) -> EndCheck:
        """Record the round in the sheet and pass the deck on."""
        rec = round_record(rnd, self._ids, tie_break=bool(self.tied))
        self.sheet = self.sheet.add_round(rec)
        self.history.append(rnd.scores())
        self.deck, self.discard = rnd.leftovers()
        self._follow()
        return self.result

    def _follow(self) -> None:
        """Totals, the end, the tie-break and the next dealer: the sheet's."""
        sheet, ids = self.sheet, self._ids
        totals = sheet.totals()
        self.totals = [totals[pid] for pid in ids]
        self.result = sheet.end()
        self.tied = self.result.tie_break
        self.dealer = ids.index(sheet.next_dealer().id)
