"""A game's digital side as stored: computer seats, the advisor switch, the
deck and discard pile carried between digital rounds (RULES.md 2.6), and the
round being dealt. The intents that change it are in
:mod:`companion.app.digital_table`; the facts several screens ask (which
round is being dealt, is it left over) are the functions at the end.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.i18n import N_, _
from companion.rules import (
    Round,
    Sheet,
)
from companion.store import NewerDocumentError

BLOB_VERSION = 1
DIGITAL_SCOPE = "digital"  # commits that change the digital round or settings
# The seat picker's levels (companion.rules.roster.LEVELS), each described in
# a few words; labels marked with N_: shown through _().
STRATEGIES = {
    "easy": N_("easy (cautious, aims anywhere)"),
    "medium": N_("medium (stays at 27, aims well)"),
    "hard": N_("hard (plays to win the game)"),
}
# Strategies of games saved before the levels: still shown by name.
OLDER = {"odds": N_("odds-aware"), "stop": N_("stops at 25"), "random": N_("random")}
NEW_COMPUTER = "medium"  # what "Add computer player" seats
# A level in one word, where the seat's long label would not fit (a logged play).
LEVEL_WORDS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}


def next_strategy(current: str | None) -> str | None:
    """Person → easy → medium → hard → person (one button cycles)."""
    order: list[str | None] = [None, *STRATEGIES]
    at = order.index(current) if current in order else 0
    return order[(at + 1) % len(order)]


def seat_kind(strategy: str | None) -> str:
    """The button's words: "Person" or "Computer: hard (plays to win…)"."""
    if strategy is None:
        return _("Person")
    label = STRATEGIES.get(strategy) or OLDER.get(strategy)
    return _("Computer: {strategy}").format(
        strategy=_(label) if label is not None else strategy
    )


def level_word(strategy: str) -> str:
    """``"hard"`` in the session's language; an older strategy by its label."""
    label = LEVEL_WORDS.get(strategy) or OLDER.get(strategy)
    return _(label) if label is not None else strategy


@dataclass
class Digital:
    """A game's digital settings and its digital round, as stored."""

    bots: dict[str, str] = field(default_factory=dict)  # player id -> strategy
    advisor: bool = False
    # A purist table (issue 13): no advisor and no odds, for tables that
    # count them as cheating; the host sets it, the sheet says so.
    purist: bool = False
    # Odds while flipping (issue 13): the round entry shows the chances of
    # the player being tapped; the earlier rounds count from reshuffled_at.
    table_odds: bool = False
    reshuffled_at: int = 0  # the sheet's rounds before it: other deck
    deck: list[str] | None = None  # carried over, top first; None: new deck
    discard: list[str] = field(default_factory=list)
    seed: int = 0  # the round's seed: reshuffles and computer players' choices
    ids: list[str] = field(default_factory=list)  # seat -> player id
    tie_break: bool = False
    round: Round | None = None  # the round in progress
    last: Round | None = None  # the round just recorded, for its summary
    last_ids: list[str] = field(default_factory=list)
    number: int | None = None  # the sheet's round the round in progress is for

    def to_dict(self) -> dict[str, Any]:
        return {
            "v": BLOB_VERSION,
            "bots": self.bots,
            "advisor": self.advisor,
            "purist": self.purist,
            "table_odds": self.table_odds,
            "reshuffled_at": self.reshuffled_at,
            "deck": self.deck,
            "discard": self.discard,
            "seed": self.seed,
            "ids": self.ids,
            "tie_break": self.tie_break,
            "round": None if self.round is None else self.round.to_json(),
            "last": None if self.last is None else self.last.to_json(),
            "last_ids": self.last_ids,
            "number": self.number,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Digital:
        if int(data.get("v", 1)) > BLOB_VERSION:
            raise NewerDocumentError(_("saved by a newer version of the app"))
        rnd, last = data.get("round"), data.get("last")
        return cls(
            bots={str(k): str(v) for k, v in dict(data.get("bots", {})).items()},
            advisor=bool(data.get("advisor", False)),
            purist=bool(data.get("purist", False)),
            table_odds=bool(data.get("table_odds", False)),
            reshuffled_at=int(data.get("reshuffled_at", 0)),
            deck=None if data.get("deck") is None else list(data["deck"]),
            discard=list(data.get("discard", [])),
            seed=int(data.get("seed", 0)),
            ids=[str(i) for i in data.get("ids", [])],
            # "tiebreak": the key before names were unified; still read
            tie_break=bool(data.get("tie_break", data.get("tiebreak", False))),
            round=None if rnd is None else Round.from_json(str(rnd)),
            last=None if last is None else Round.from_json(str(last)),
            last_ids=[str(i) for i in data.get("last_ids", [])],
            number=None if data.get("number") is None else int(data["number"]),
        )

    def adopt(self, sheet: Sheet) -> None:
        """Give a round saved before rounds had numbers its number: the next
        round's if it has the next dealer and seats, else the last round's
        (it was left over while that round was tapped in)."""
        rnd = self.round
        if rnd is None or self.number is not None:
            return
        seats = [p.id for p in sheet.seated]
        dealer = self.ids[rnd.dealer] if 0 <= rnd.dealer < len(self.ids) else ""
        current = self.ids == seats and dealer == sheet.next_dealer().id
        self.number = len(sheet.rounds) + (1 if current else 0)


def digital_number(sheet: Sheet, digital: Digital) -> int | None:
    """The number of the digital round in progress (None: no round)."""
    if digital.round is None:
        return None
    return digital.number if digital.number is not None else len(sheet.rounds) + 1


def in_progress(sheet: Sheet, digital: Digital) -> bool:
    """A digital round for the sheet's next round is being dealt."""
    return digital_number(sheet, digital) == len(sheet.rounds) + 1


def stale(sheet: Sheet, digital: Digital) -> bool:
    """A digital round is left over for a round the sheet already has (or no
    longer has, after an undo): it can only be discarded."""
    return digital.round is not None and not in_progress(sheet, digital)
