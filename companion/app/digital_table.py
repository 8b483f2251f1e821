"""A digitally dealt round, on one device passed round the table (or on
several screens showing the same game).

The engine (:class:`companion.rules.Round`) decides what is legal; this
module connects it to the shared game: it starts a round from the sheet
(seats, the dealer, tie-break players), keeps the deck and discard pile
between digital rounds (RULES.md 2.6), lets computer players move, and, when
the round is over, records it in the score sheet like a tapped-in round —
in the same commit, so disk never holds a finished round beside an
unfinished one. Every choice is written before it is shown (a round is
saved as its setup plus the choices), so a restart resumes mid-decision.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.i18n import N_, _
from companion.i18n.said import Said, worded
from companion.rules import (
    AnyAdvice,
    Decision,
    IllegalChoice,
    Round,
    Sheet,
    advise,
    make_bot,
    parse_cards,
    round_record,
)
from companion.rules.hardbot import HardBot
from companion.rules.next_round import next_round

from .digital import DIGITAL_SCOPE, Digital, digital_number, in_progress, stale
from .entry import RoundDraft
from .live import LiveSeat
from .open_game import GAME, GameState, Watch
from .refusal import Refusal
from .standings import after_round
from .thinking import time_budget

log = logging.getLogger(__name__)


def tapped_in_progress(draft: RoundDraft) -> bool:
    """Cards (or busts, typed scores) tapped in for the next round, in the
    draft or put aside while a past round is corrected."""
    if draft.editing is None:
        return not draft.empty
    if draft.stash is None:
        return False
    try:
        return not RoundDraft.from_dict(dict(draft.stash)).empty
    except (KeyError, ValueError, TypeError, AttributeError):
        return False


def stale_message(number: int | None) -> str:
    return Said(
        N_(
            "Round {number} is already on the score sheet: this digital round "
            "cannot be saved. Discard it on the score sheet."
        ),
        number=number,
    )


def _copy(rnd: Round) -> Round:
    return Round.from_json(rnd.to_json())


class DigitalTable:
    """The digital round of the game one session shows. Its settings and
    the deal are a scorer's (the purist switch the host's); a decision is
    made by the phone of the seat deciding, or by a scorer for a seat no
    connected phone holds (``seat`` says who this session is)."""

    def __init__(
        self, watch: Watch, seat: LiveSeat, test_deck: str | None = None
    ) -> None:
        self.watch = watch
        self.seat = seat
        self.test_deck = test_deck  # browser tests: the first round's stacked deck
        self._advice: tuple[tuple[str, int], AnyAdvice] | None = None

    # --- reading ----------------------------------------------------------------
    @property
    def digital(self) -> Digital:
        return self.watch.state.digital

    @property
    def sheet(self) -> Sheet:
        return self.watch.state.sheet

    @property
    def round(self) -> Round | None:
        """The round on the table: in progress, or just over (its summary)."""
        return self.digital.round or self.digital.last

    @property
    def seat_ids(self) -> list[str]:
        d = self.digital
        return d.ids if d.round is not None else d.last_ids

    @property
    def number(self) -> int | None:
        state = self.watch.state
        return digital_number(state.sheet, state.digital)

    @property
    def in_progress(self) -> bool:
        state = self.watch.state
        return in_progress(state.sheet, state.digital)

    @property
    def stale(self) -> bool:
        state = self.watch.state
        return stale(state.sheet, state.digital)

    def seat_name(self, seat: int) -> str:
        return self.sheet.player(self.seat_ids[seat]).name

    def is_bot(self, seat: int) -> bool:
        return self.seat_ids[seat] in self.digital.bots

    @property
    def bot_to_move(self) -> bool:
        return bot_to_move(self.watch.state)

    def advice(self) -> AnyAdvice | None:
        """The advisor's view for a human about to decide (when on): hit or
        stay, or any other decision with two options or more."""
        rnd = self.digital.round
        if not self.advising or rnd is None or rnd.pending is None:
            return None
        pend = rnd.pending
        if self.is_bot(pend.player):
            return None
        if pend.kind is not Decision.TURN and len(rnd.legal()) < 2:
            return None  # nothing to choose (a turn's must-hit is explained)
        # Play-outs take tens of ms: once per decision, not per render.
        key = (str(rnd.seed), len(rnd.choices))
        if self._advice is None or self._advice[0] != key:
            # seeded by the position: the same advice on every phone
            self._advice = (key, advise(rnd, stop=time_budget()))
        return self._advice[1]

    # --- settings ---------------------------------------------------------------
    async def set_bot(self, pid: str, strategy: str | None) -> None:
        """Make a player a computer player (``strategy``) or a person (None)."""
        self.seat.check_scorer()
        if strategy is not None:
            try:
                make_bot(strategy)
            except ValueError as exc:
                raise Refusal(
                    _("There is no computer player called {name}.").format(
                        name=strategy
                    )
                ) from exc

        def change(d: Digital) -> dict[str, Any]:
            bots = dict(d.bots)
            if strategy is None:
                bots.pop(pid, None)
            else:
                bots[pid] = strategy
            return {"bots": bots}

        await self._keep(
            change, what=Said(N_("a seat changed hands")), scopes=[f"seat:{pid}"]
        )

    @property
    def advising(self) -> bool:
        """The advisor is on and the table is not a purist one."""
        return self.digital.advisor and not self.digital.purist

    async def set_advisor(self, on: bool) -> None:
        self.seat.check_scorer()

        def change(d: Digital) -> dict[str, Any]:
            if on and d.purist:
                raise Refusal(
                    _(
                        "This is a purist table: no advisor and no odds. "
                        "The host can change that on the score sheet."
                    )
                )
            return {"advisor": on}

        await self._keep(change, what=Said(N_("the advisor was switched")))

    async def set_purist(self, on: bool) -> None:
        """A purist table shows no advice and lets nobody switch it on
        (:attr:`advising`); the advisor's own switch is kept as it was, so
        turning purist off again brings the advisor back as the table had it."""
        self.seat.check_host()
        await self._keep(
            lambda d: {"purist": on},
            what=Said(N_("the purist setting was switched")),
        )

    # --- the round --------------------------------------------------------------
    async def start(self) -> None:
        self.seat.check_scorer()
        await self.watch.commit(self._dealt, what=Said(N_("a digital round was dealt")))

    def _dealt(self, state: GameState) -> GameState:
        sheet, d = state.sheet, state.digital
        if sheet.over:
            raise Refusal(_("The game is over."))
        if stale(sheet, d):
            number = digital_number(sheet, d)
            raise Refusal(
                _("A digital round {number} is left over: discard it first.").format(
                    number=number
                )
            )
        if d.round is not None:
            return state  # already dealing: carry on
        if tapped_in_progress(state.draft):
            raise Refusal(
                _(
                    "Round {number} is half entered by tapping: "
                    "continue it, or discard it to deal digitally."
                ).format(number=len(sheet.rounds) + 1)
            )
        seed = random.SystemRandom().getrandbits(48)
        try:  # seats, dealer, tie-break and cards: as the simulator's Match
            nxt = next_round(sheet, d.deck, d.discard)
            if self.test_deck and d.deck is None:  # the game's first digital round
                nxt = nxt._replace(deck=parse_cards(self.test_deck))
            rnd = nxt.start(seed)
        except ValueError as exc:
            log.warning("cannot deal: %s", exc)
            raise Refusal(
                _("Cannot deal this round: the seats or the cards are not valid.")
            ) from exc
        new = replace(
            d,
            round=rnd,
            ids=list(nxt.ids),
            seed=seed,
            tie_break=nxt.tie_break,
            last=None,
            last_ids=[],
            number=len(sheet.rounds) + 1,
        )
        return replace(state, digital=new)

    async def discard(self) -> str:
        """Drop the digital round in progress (the table asked first): the
        deck and discard pile are as they were before it was dealt."""
        self.seat.check_scorer()
        number = self.number

        def change(d: Digital) -> dict[str, Any]:
            if d.round is None:
                raise Refusal(_("No digital round is in progress."))
            return {"round": None, "ids": [], "number": None, "tie_break": False}

        what = Said(N_("digital round {number} was discarded"), number=number)
        await self._keep(change, what=what, scopes=[GAME])
        return _("Digital round {number} discarded.").format(number=number)

    async def play(self, choice: str) -> str | None:
        """A person's choice (from the buttons of the pending decision),
        made on the screen that may make it."""
        state = self.watch.state
        rnd = state.digital.round
        if rnd is not None and rnd.pending is not None:
            self.seat.check_decide(state, self.seat_name(rnd.pending.player))

        def apply(state: GameState) -> GameState:
            rnd = state.digital.round
            if rnd is None or rnd.pending is None:
                raise Refusal(_("No decision is waiting."))
            if rnd.pending.player < len(state.digital.ids) and (
                state.digital.ids[rnd.pending.player] in state.digital.bots
            ):
                raise Refusal(_("It is a computer player's turn."))
            return self._played(state, choice)

        return await self._commit_choice(apply, checked=True)

    async def bot_step(self) -> tuple[bool, str | None]:
        """Let the computer player who must decide make one choice now; whether
        one did, and the news when that ended the round. (The server's
        :class:`~companion.app.bots.BotDriver` does this after each pause;
        tests and the simulator step by hand.)"""
        moved: list[bool] = []

        def apply(state: GameState) -> GameState:
            after = bot_moved(state)
            moved.append(after is not state)
            return after

        info = await self._commit_choice(apply, checked=False)
        return any(moved), info

    async def close_summary(self) -> None:
        """Close the last round's summary: the table's (a scorer's) to close;
        a phone just walks away, leaving it for the others."""
        if not self.seat.scorer:
            return
        await self._keep(
            lambda d: {"last": None, "last_ids": []},
            what=Said(N_("a summary was closed")),
        )

    # --- internals --------------------------------------------------------------
    async def _commit_choice(
        self, apply: Callable[[GameState], GameState], *, checked: bool
    ) -> str | None:
        before = self.sheet
        try:
            await self.watch.commit(
                apply,
                what=Said(N_("a decision was made")),
                scopes=[DIGITAL_SCOPE],
                checked=checked,
            )
        except Refusal as exc:  # the shared path says it in English: retell it
            raise Refusal(worded(exc.message)) from exc
        news = round_news(before, self.sheet)
        return None if news is None else worded(news)

    def _played(self, state: GameState, choice: str) -> GameState:
        return played(state, choice)

    async def _keep(
        self, change: Any, *, what: str, scopes: list[str] | None = None
    ) -> None:
        """Commit ``change(digital)``'s fields into the digital side."""

        def apply(state: GameState) -> GameState:
            fields = change(state.digital)
            return replace(state, digital=replace(state.digital, **fields))

        await self.watch.commit(apply, what=what, scopes=scopes or [DIGITAL_SCOPE])


def round_news(before: Sheet, after: Sheet) -> str | None:
    """What the table hears when a choice ended the round (None otherwise);
    a :class:`~companion.i18n.said.Said`, as the computer players' driver
    says it to every screen (:func:`~companion.i18n.said.worded` words it)."""
    if after is before:
        return None
    return after_round(after)


def bot_to_move(state: GameState) -> bool:
    """A computer player must decide in the digital round being dealt."""
    d = state.digital
    rnd = d.round
    if rnd is None or rnd.pending is None or stale(state.sheet, d):
        return False
    seat = rnd.pending.player
    return seat < len(d.ids) and d.ids[seat] in d.bots


def bot_name(state: GameState) -> str:
    """The name of the computer player who must decide ("" when none)."""
    if not bot_to_move(state):
        return ""
    d = state.digital
    assert d.round is not None and d.round.pending is not None
    return state.sheet.player(d.ids[d.round.pending.player]).name


def bot_moved(state: GameState) -> GameState:
    """The state after the computer player who must decide made one choice
    (``state`` itself when none must). Its choice is seeded by the round and
    the step, so whichever thread asks, the game plays the same."""
    if not bot_to_move(state):
        return state
    d = state.digital
    rnd = d.round
    assert rnd is not None and rnd.pending is not None
    bot = make_bot(d.bots[d.ids[rnd.pending.player]])
    rng = random.Random(f"{d.seed}/{len(rnd.choices)}")
    player = rnd.pending.player
    if isinstance(bot, HardBot):  # the advisor's time budget (in a browser)
        return played(state, bot.choose(rnd, player, rng, stop=time_budget()))
    return played(state, bot.choose(rnd, player, rng))


def played(state: GameState, choice: str) -> GameState:
    """The state after ``choice``; a finished round goes on the sheet and
    passes the deck on, in the same state (one write)."""
    d = state.digital
    if stale(state.sheet, d):
        raise Refusal(stale_message(digital_number(state.sheet, d)))
    assert d.round is not None
    rnd = _copy(d.round)  # the shared round is never changed in place
    try:
        rnd.play(choice)
    except IllegalChoice as exc:
        log.warning("choice %r refused: %s", choice, exc)
        raise Refusal(Said(N_("That choice is not possible now."))) from exc
    if not rnd.over:
        return replace(state, digital=replace(d, round=rnd))
    new = state.sheet.add_round(round_record(rnd, d.ids, tie_break=d.tie_break))
    deck, pile = rnd.leftovers()
    # The game's settings stay as they were (bots, advisor, purist, odds
    # while flipping and its reshuffle mark); the round's own fields start over.
    after = replace(
        d,
        deck=[c.code for c in deck],
        discard=[c.code for c in pile],
        ids=[],
        tie_break=False,
        round=None,
        last=rnd,
        last_ids=d.ids,
        number=None,
    )
    return replace(
        state, sheet=new, draft=RoundDraft.fresh(new), digital=after, undone=None
    )
