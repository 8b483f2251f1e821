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
from functools import lru_cache
from typing import Final

from mypy_extensions import mypyc_attr

from .cards import Card
from .config import Rules
from .game import EndCheck
from .next_round import NextRound, new_deck, next_round
from .round import Round
from .sheet import Entry, RoundRecord, Sheet, SheetError
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
    attacked = rnd.attacked
    sender = rnd.flip7 if attacked is not None else None  # sent the −15 (R20)
    # The table's lists, read once: Round.codes/status per seat cost more.
    lines, status, known = rnd.seat_lines, rnd.seat_status, _ENTRIES
    entries = []
    for i in rnd.seats:
        # Entries are immutable values and a simulation meets the same lines
        # again and again: one Entry per distinct line spares building (and
        # collecting) thousands of equal ones.
        key = (
            tuple([c.code for c in lines[i]]),
            status[i] is BUSTED,
            attacked == i,
            sender == i,
        )
        entry = known.get(key)
        if entry is None:
            if len(known) >= _ENTRIES_MAX:
                known.clear()
            cards, busted, hit, sent = key
            entry = known[key] = Entry(
                cards=cards, busted=busted, attacked=hit, sent_attack=sent
            )
        entries.append((ids[i], entry))
    return RoundRecord(ids[rnd.dealer], tuple(entries), True, tie_break)


_ENTRIES: Final[dict[tuple[tuple[str, ...], bool, bool, bool], Entry]] = {}
_ENTRIES_MAX: Final = 1 << 14


@dataclass
@mypyc_attr(allow_interpreted_subclasses=True)
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
    # The next round's setup and the sheet, deck and discard pile it was
    # asked for (asked again if any of them was replaced).
    _next: NextRound | None = field(init=False, repr=False, default=None)
    _basis: tuple[object, object, object] = field(
        init=False, repr=False, default=(None, None, None)
    )
    rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not 2 <= self.players <= self.rules.max_players:
            raise ValueError(f"2 to {self.rules.max_players} players")
        if not self.totals:
            self.totals = [0] * self.players
        if len(self.totals) != self.players:
            raise ValueError("one total per seat")
        self.rng = random.Random(self.seed)
        sheet = _first_sheet(self.players, self.rules, self.dealer)
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
        nxt = self._next
        sheet, deck, discard = self._basis
        if (
            nxt is None
            or sheet is not self.sheet
            or deck is not self.deck
            or discard is not self.discard
        ):  # one of them was replaced since
            nxt = next_round(self.sheet, self.deck, self.discard)
        if nxt.deck is None:  # shuffled by the match's seed
            nxt = nxt._replace(deck=new_deck(self.rules, nxt.discard, self.rng))
        return nxt.start(self.rng.getrandbits(48))

    def finish_round(self, rnd: Round) -> EndCheck:
        """Record the round in the sheet and pass the deck on."""
        if self.sheet.over:
            raise SheetError(
                "The game is over; start a new game or undo a round.", "game_over"
            )
        # round_record names the sheet's own players: no need to check them
        rec = round_record(rnd, self._ids, tie_break=bool(self.tied))
        self.sheet = self.sheet._append(rec)
        self.deck, self.discard = rnd.leftovers()
        before = self.totals
        self._follow()
        # The round's scores as the sheet counted them (0 for a seat sitting
        # out): what its totals grew by.
        self.history.append([t - b for t, b in zip(self.totals, before, strict=True)])
        return self.result

    def _follow(self) -> None:
        """Totals, the end, the tie-break and the next dealer: the sheet's,
        with the next round's setup (asked once, for :meth:`start_round`)."""
        sheet = self.sheet
        self.result = end = sheet.end()
        self.tied = end.tie_break
        if end.over:
            self._next = None
            ids, totals = self._ids, sheet.totals()
            self.totals = [totals[pid] for pid in ids]
            self.dealer = ids.index(sheet.next_dealer().id)
            return
        # Every seat of a Match stays seated: the round's seats are _ids.
        self._next = nxt = next_round(sheet, self.deck, self.discard)
        self._basis = (sheet, self.deck, self.discard)
        self.totals = list(nxt.totals)
        self.dealer = nxt.dealer


@lru_cache(maxsize=256)
def _first_sheet(players: int, rules: Rules, dealer: int) -> Sheet:
    """The empty score sheet a game starts from (immutable: games with the
    same table share it, and its memo)."""
    return Sheet.new([f"Seat {i + 1}" for i in range(players)], rules, dealer)
