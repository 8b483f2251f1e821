"""Intents of a digitally dealt round, on one device passed round the table.

A mixin of :class:`companion.ui.state.AppState`. The engine
(:class:`companion.rules.Round`) decides what is legal; this module only
connects it to the open game: it starts a round from the sheet (seats, the
dealer, tie-break players), keeps the deck and discard pile between digital
rounds (RULES.md 2.6), lets computer players move, and, when the round is
over, records it in the same score sheet as a tapped-in round.

Everything is written to the store after every choice (the round is saved as
its setup plus the choices, a few hundred bytes), so a restart resumes in the
middle of a decision.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from companion.rules import (
    Advice,
    IllegalChoice,
    Round,
    Sheet,
    SheetError,
    advise,
    make_bot,
    parse_cards,
    round_record,
)
from companion.rules.next_round import next_round
from companion.store import GameStore

from .state_base import Observable
from .state_entry import RoundDraft
from .state_views import banner

BLOB_VERSION = 1
STRATEGIES = {
    "odds": "odds-aware",
    "stop": "stops at 25",
    "random": "random",
}


def next_strategy(current: str | None) -> str | None:
    """Person → each computer strategy in turn → person (one button cycles)."""
    order: list[str | None] = [None, *STRATEGIES]
    at = order.index(current) if current in order else 0
    return order[(at + 1) % len(order)]


def seat_kind(strategy: str | None) -> str:
    """The button's words: "Person" or "Computer: odds-aware"."""
    if strategy is None:
        return "Person"
    return f"Computer: {STRATEGIES.get(strategy, strategy)}"


@dataclass
class Digital:
    """A game's digital settings and its digital round, as stored."""

    bots: dict[str, str] = field(default_factory=dict)  # player id -> strategy
    advisor: bool = False
    deck: list[str] | None = None  # carried over, top first; None: new deck
    discard: list[str] = field(default_factory=list)
    seed: int = 0  # the round's seed: reshuffles and computer players' choices
    ids: list[str] = field(default_factory=list)  # seat -> player id
    tiebreak: bool = False
    round: Round | None = None  # the round in progress
    last: Round | None = None  # the round just recorded, for its summary
    last_ids: list[str] = field(default_factory=list)
    number: int | None = None  # the sheet's round the round in progress is for

    def to_dict(self) -> dict[str, Any]:
        return {
            "v": BLOB_VERSION,
            "bots": self.bots,
            "advisor": self.advisor,
            "deck": self.deck,
            "discard": self.discard,
            "seed": self.seed,
            "ids": self.ids,
            "tiebreak": self.tiebreak,
            "round": None if self.round is None else self.round.to_json(),
            "last": None if self.last is None else self.last.to_json(),
            "last_ids": self.last_ids,
            "number": self.number,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Digital:
        if int(data.get("v", 1)) > BLOB_VERSION:
            raise ValueError("saved by a newer version of the app")
        rnd, last = data.get("round"), data.get("last")
        return cls(
            bots={str(k): str(v) for k, v in dict(data.get("bots", {})).items()},
            advisor=bool(data.get("advisor", False)),
            deck=None if data.get("deck") is None else list(data["deck"]),
            discard=list(data.get("discard", [])),
            seed=int(data.get("seed", 0)),
            ids=[str(i) for i in data.get("ids", [])],
            tiebreak=bool(data.get("tiebreak", False)),
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


class DigitalIntents(Observable):
    """Needs ``store``, ``game_id``, ``sheet``, ``draft`` and the notice hooks."""

    store: GameStore
    game_id: str | None
    sheet: Sheet | None
    draft: RoundDraft | None
    digital: Digital
    test_deck: str | None  # a stacked deck for browser tests (COMPANION_TEST_DECK)
    _advice: tuple[tuple[str, int], Advice] | None = None

    # --- reading ----------------------------------------------------------------
    @property
    def digital_round(self) -> Round | None:
        """The round on the table: in progress, or just over (its summary)."""
        return self.digital.round or self.digital.last

    @property
    def seat_ids(self) -> list[str]:
        d = self.digital
        return d.ids if d.round is not None else d.last_ids

    @property
    def digital_number(self) -> int | None:
        """The number of the digital round in progress (None: no round)."""
        d = self.digital
        if d.round is None:
            return None
        if d.number is not None:
            return d.number
        return None if self.sheet is None else len(self.sheet.rounds) + 1

    @property
    def digital_in_progress(self) -> bool:
        """A digital round for the sheet's next round is being dealt."""
        return self.sheet is not None and self.digital_number == (
            len(self.sheet.rounds) + 1
        )

    @property
    def digital_stale(self) -> bool:
        """A digital round is left over for a round the sheet already has
        (or no longer has, after an undo): it can only be discarded."""
        return self.digital.round is not None and not self.digital_in_progress

    def seat_name(self, seat: int) -> str:
        assert self.sheet is not None
        return self.sheet.player(self.seat_ids[seat]).name

    def is_bot(self, seat: int) -> bool:
        return self.seat_ids[seat] in self.digital.bots

    @property
    def bot_to_move(self) -> bool:
        rnd = self.digital.round
        return bool(rnd and rnd.pending and self.is_bot(rnd.pending.player))

    def advice(self) -> Advice | None:
        """The advisor's view for a human about to hit or stay (when on)."""
        rnd = self.digital.round
        if not self.digital.advisor or rnd is None or rnd.pending is None:
            return None
        if rnd.pending.kind != "turn" or self.is_bot(rnd.pending.player):
            return None
        # Play-outs take a few tens of ms: once per decision, not per render.
        key = (str(rnd.seed), len(rnd.choices))
        if self._advice is None or self._advice[0] != key:
            self._advice = (key, advise(rnd))  # seeded by the position
        return self._advice[1]

    # --- settings ---------------------------------------------------------------
    def set_bot(self, pid: str, strategy: str | None) -> str | None:
        """Make a player a computer player (``strategy``) or a person (None)."""
        if strategy is not None:
            try:
                make_bot(strategy)
            except ValueError as exc:
                return self._refuse(str(exc))
        bots = dict(self.digital.bots)
        if strategy is None:
            bots.pop(pid, None)
        else:
            bots[pid] = strategy
        return self._keep(bots=bots)

    def set_advisor(self, on: bool) -> str | None:
        return self._keep(advisor=on)

    # --- the round --------------------------------------------------------------
    def start_digital_round(self) -> str | None:
        sheet = self.sheet
        if sheet is None or self.game_id is None:
            return self._refuse("No game is open.")
        if sheet.over:
            return self._refuse("The game is over.")
        if self.digital_stale:
            return self._refuse(
                f"A digital round {self.digital_number} is left over: discard it first."
            )
        if self.digital.round is not None:
            return None  # already dealing: carry on
        if self._tapped_in_progress():
            n = len(sheet.rounds) + 1
            return self._refuse(
                f"Round {n} is half entered by tapping: continue it, "
                "or discard it to deal digitally."
            )
        d = self.digital
        seed = random.SystemRandom().getrandbits(48)
        try:  # seats, dealer, tie-break and cards: as the simulator's Match
            nxt = next_round(sheet, d.deck, d.discard)
            if self.test_deck and d.deck is None:  # the game's first digital round
                nxt = nxt._replace(deck=parse_cards(self.test_deck))
            rnd = nxt.start(seed)
        except ValueError as exc:
            return self._refuse(f"Cannot deal: {exc}")
        return self._keep(
            round=rnd,
            ids=list(nxt.ids),
            seed=seed,
            tiebreak=nxt.tiebreak,
            last=None,
            last_ids=[],
            number=len(sheet.rounds) + 1,
        )

    def discard_digital_round(self) -> str | None:
        """Drop the digital round in progress (the table asked first): the
        deck and discard pile are as they were before it was dealt."""
        n = self.digital_number
        if n is None:
            return self._refuse("No digital round is in progress.")
        failed = self._keep(round=None, ids=[], number=None, tiebreak=False)
        if failed:
            return failed
        self._done(f"Digital round {n} discarded.")
        return None

    def _tapped_in_progress(self) -> bool:
        """Cards (or busts, typed scores) tapped in for the next round, in the
        draft or put aside while a past round is corrected."""
        draft = self.draft
        if draft is None:
            return False
        if draft.editing is None:
            return not draft.empty
        if draft.stash is None:
            return False
        try:
            return not RoundDraft.from_dict(dict(draft.stash)).empty
        except (KeyError, ValueError, TypeError, AttributeError):
            return False

    def play_choice(self, choice: str) -> str | None:
        """A person's choice (from the buttons of the pending decision)."""
        rnd = self.digital.round
        if rnd is None or rnd.pending is None:
            return self._refuse("No decision is waiting.")
        if self.digital_stale:
            return self._refuse(self._stale_message())
        if self.is_bot(rnd.pending.player):
            return self._refuse("It is a computer player's turn.")
        return self._apply(choice)

    def bot_step(self) -> bool:
        """Let the computer player who must decide make one choice."""
        rnd = self.digital.round
        if rnd is None or rnd.pending is None or not self.is_bot(rnd.pending.player):
            return False
        if self.digital_stale:
            return False
        seat = rnd.pending.player
        bot = make_bot(self.digital.bots[self.seat_ids[seat]])
        rng = random.Random(f"{self.digital.seed}/{len(rnd.choices)}")
        self._apply(bot.choose(rnd, seat, rng))
        return True

    def close_digital_summary(self) -> str | None:
        return self._keep(last=None, last_ids=[])

    # --- internals --------------------------------------------------------------
    def _apply(self, choice: str) -> str | None:
        rnd = self.digital.round
        assert rnd is not None
        before = rnd.to_json()
        try:
            rnd.play(choice)
        except IllegalChoice as exc:
            return self._refuse(str(exc))
        failed = self._finish(rnd) if rnd.over else self._keep(round=rnd)
        if failed:  # not saved: undo the choice so screen and disk agree
            self.digital.round = Round.from_json(before)
        return failed

    def _finish(self, rnd: Round) -> str | None:
        """Record the round in the sheet and pass the deck on, in one write."""
        sheet, game_id, d = self.sheet, self.game_id, self.digital
        assert sheet is not None and game_id is not None
        if self.digital_stale:  # never two rounds for one number
            return self._refuse(self._stale_message())
        try:
            new = sheet.add_round(round_record(rnd, d.ids, tiebreak=d.tiebreak))
        except SheetError as exc:
            return self._refuse(str(exc))
        deck, pile = rnd.leftovers()
        after = Digital(
            bots=d.bots,
            advisor=d.advisor,
            deck=[c.code for c in deck],
            discard=[c.code for c in pile],
            seed=d.seed,
            last=rnd,
            last_ids=d.ids,
        )
        draft = RoundDraft.fresh(new)
        try:
            self.store.save(
                game_id, new, draft=draft.to_dict(), digital=after.to_dict()
            )
        except OSError as exc:
            return self._refuse(f"Could not save ({exc.strerror or exc}).")
        self.sheet, self.draft, self.digital = new, draft, after
        self._done(banner(new) or f"{new.next_dealer().name} deals next.")
        return None

    def _stale_message(self) -> str:
        n = self.digital_number
        return (
            f"Round {n} is already on the score sheet: this digital round "
            "cannot be saved. Discard it on the score sheet."
        )

    def _keep(self, **changes: Any) -> str | None:
        """Save the digital settings/round with ``changes``, then show them."""
        if self.game_id is None:
            return self._refuse("No game is open.")
        new = replace(self.digital, **changes)
        try:
            self.store.save_digital(self.game_id, new.to_dict())
        except OSError as exc:
            return self._refuse(f"Could not save ({exc.strerror or exc}).")
        self.digital = new
        self._done()
        return None
