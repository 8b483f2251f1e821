"""The new-game form as plain data: players, first dealer, rules.

Kept apart from Flet so every refusal (a bad name, a 37th player, a target of
"abc") is unit-tested with its exact message. Methods raise
:class:`~companion.rules.SheetError` with a message for the table, or return
an info message when they changed something the table should know about
(the switch to two decks).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from companion.i18n import _, number
from companion.rules import Rules, Sheet, SheetError, check_name

from .digital import Digital
from .entry import RoundDraft

ONE_DECK_MAX = 18
TWO_DECKS_MAX = 36
TARGET_RANGE = (1, 100_000)
SUGGESTIONS = 8
# A computer seat's name is data (stored, shared, matched below), the same in
# every language.
COMPUTER_NAME = re.compile(r"Computer \d+")  # i18n: not shown
OPTIONS = ("brutal", "lucky_pair_counts_two", "tie_break", "advisor")


@dataclass
class SetupForm:
    """What the setup screen shows; :meth:`build` turns it into a Sheet."""

    names: list[str] = field(default_factory=list)
    first_dealer: int = 0
    brutal: bool = False
    target: int = 200
    lucky_pair_counts_two: bool = True
    tie_break: bool = True
    two_decks_chosen: bool = False
    bots: dict[str, str] = field(default_factory=dict)  # name -> strategy
    advisor: bool = False  # the advisor starts switched on (a learning game)

    @property
    def decks(self) -> int:
        """Two decks when chosen, and always with more than 18 players."""
        return 2 if self.two_decks_chosen or len(self.names) > ONE_DECK_MAX else 1

    def rules(self) -> Rules:
        return Rules(
            brutal=self.brutal,
            target=self.target,
            decks=self.decks,
            lucky_pair_counts_two=self.lucky_pair_counts_two,
            tie_break=self.tie_break,
        )

    # --- players ------------------------------------------------------------
    def add(self, name: str) -> str | None:
        if len(self.names) >= TWO_DECKS_MAX:
            raise SheetError(
                _("At most {n} players (two decks).").format(n=TWO_DECKS_MAX)
            )
        decks = self.decks
        self.names.append(check_name(name, self.names))
        if self.decks != decks:
            return _(
                "More than {n} players: the game now uses two decks "
                "shuffled together (216 cards)."
            ).format(n=ONE_DECK_MAX)
        return None

    def remove(self, index: int) -> str | None:
        self._check(index)
        decks = self.decks
        self.bots.pop(self.names[index], None)
        del self.names[index]
        if index < self.first_dealer or self.first_dealer >= len(self.names):
            self.first_dealer = max(0, self.first_dealer - 1)
        if self.decks != decks:
            return _("{n} players or fewer: back to one deck.").format(n=ONE_DECK_MAX)
        return None

    def move(self, index: int, delta: int) -> None:
        """Move a player up (-1) or down (+1) the seating order."""
        self._check(index)
        to = index + delta
        if not 0 <= to < len(self.names):
            return
        names = self.names
        names[index], names[to] = names[to], names[index]
        if self.first_dealer in (index, to):
            self.first_dealer = to if self.first_dealer == index else index

    def rename(self, index: int, name: str) -> None:
        self._check(index)
        others = self.names[:index] + self.names[index + 1 :]
        old, new = self.names[index], check_name(name, others)
        self.names[index] = new
        if old in self.bots:
            self.bots[new] = self.bots.pop(old)

    def add_computer(self, strategy: str) -> str | None:
        """A computer player for an empty seat, named "Computer 1", "Computer 2"…"""
        taken = {n.casefold() for n in self.names}
        number = 1
        while f"computer {number}" in taken:
            number += 1
        info = self.add(f"Computer {number}")  # i18n: not shown (a name)
        self.bots[self.names[-1]] = strategy
        return info

    def set_computer(self, index: int, strategy: str | None) -> None:
        """Make seat ``index`` a computer player (``strategy``) or a person."""
        self._check(index)
        if strategy is None:
            self.bots.pop(self.names[index], None)
        else:
            self.bots[self.names[index]] = strategy

    def set_dealer(self, index: int) -> None:
        self._check(index)
        self.first_dealer = index

    # --- rules ----------------------------------------------------------------
    def set_target(self, value: int | str) -> None:
        low, high = TARGET_RANGE
        try:
            target = int(str(value).strip())
        except ValueError:
            target = 0
        if not low <= target <= high:
            raise SheetError(
                _("The target must be a whole number from {low} to {high}.").format(
                    low=number(low), high=number(high)
                )
            )
        self.target = target

    def set_two_decks(self, on: bool) -> None:
        if not on and len(self.names) > ONE_DECK_MAX:
            raise SheetError(
                _("More than {n} players need two decks.").format(n=ONE_DECK_MAX)
            )
        self.two_decks_chosen = on

    def problems(self) -> list[str]:
        """Why the game cannot start yet (empty when it can)."""
        if len(self.names) < 2:
            return [_("Add at least 2 players.")]
        return []

    def build(self) -> Sheet:
        for problem in self.problems():
            raise SheetError(problem)
        return Sheet.new(self.names, self.rules(), self.first_dealer)

    def _check(self, index: int) -> None:
        if not 0 <= index < len(self.names):
            raise SheetError(_("There is no player {n}.").format(n=index + 1))

    @classmethod
    def same_players(cls, sheet: Sheet) -> SetupForm:
        """A rematch: the seated players and rules of ``sheet``; the deal
        starts one seat left of where it started last time."""
        seated = [p.name for p in sheet.seated]
        ids = [p.id for p in sheet.seated]
        first = ids.index(sheet.first_dealer) + 1 if sheet.first_dealer in ids else 0
        r = sheet.rules
        return cls(
            names=seated,
            first_dealer=first % len(seated),
            brutal=r.brutal,
            target=r.target,
            lucky_pair_counts_two=r.lucky_pair_counts_two,
            tie_break=r.tie_break,
            two_decks_chosen=r.decks == 2 and len(seated) <= ONE_DECK_MAX,
        )

    @classmethod
    def rematch(cls, sheet: Sheet, digital: Digital) -> SetupForm:
        """:meth:`same_players`, with the same computer seats and advisor."""
        form = cls.same_players(sheet)
        seated = {p.id: p.name for p in sheet.seated}
        form.bots = {
            seated[pid]: how for pid, how in digital.bots.items() if pid in seated
        }
        form.advisor = digital.advisor
        return form

    def set_option(self, name: str, on: bool) -> None:
        """A yes/no rule or setting of the form (``OPTIONS``)."""
        if name not in OPTIONS:
            raise ValueError(f"unknown option {name}")
        setattr(self, name, on)

    def suggestions(self, known: list[str], prefix: str = "") -> list[str]:
        """Names of people from earlier games (``known``, best first) not yet
        at the table. The store gives only games with a round played (a name
        typed into a game nobody played is often a slip), and computer
        players are no one's name (the computer-player button adds those)."""
        start = " ".join(prefix.split()).casefold()
        taken = {n.casefold() for n in self.names}
        names = [
            n
            for n in known
            if n.casefold().startswith(start)
            and n.casefold() not in taken
            and not COMPUTER_NAME.fullmatch(n)
        ]
        return names[:SUGGESTIONS]

    def start(self) -> tuple[Sheet, RoundDraft, Digital]:
        """The new game: its sheet, an empty first round, its digital side."""
        sheet = self.build()
        digital = Digital(
            bots={
                p.id: self.bots[p.name] for p in sheet.players if p.name in self.bots
            },
            advisor=self.advisor,
        )
        return sheet, RoundDraft.fresh(sheet), digital
