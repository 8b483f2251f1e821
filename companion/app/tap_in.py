"""Tapping in a round: cards, busts, typed scores, Brutal's choice, saving.

Every tap is a commit on the shared game (:mod:`companion.app.open_game`)
scoped to one player's line: two screens tapping different lines both land;
two on the same line, the later one is refused and told what changed.
Saving a round conflicts with any change the saver has not seen yet, so
nobody saves a round with a card they never saw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from companion.i18n import N_, _
from companion.i18n.said import Said
from companion.rules import LineScore, Problem, Sheet, SheetError, card
from companion.rules.lines import would_bust

from .digital import digital_number, in_progress
from .entry import RoundDraft
from .entry_values import (
    copies_left,
    flip7_player,
    line_names,
    line_score,
    problems_by_player,
    round_score,
    waiting_for,
)
from .live import LiveSeat
from .open_game import GAME, GameState, Watch, line
from .problems import problem_text
from .refusal import Refusal
from .standings import after_round


def copy_draft(draft: RoundDraft) -> RoundDraft:
    return RoundDraft.from_dict(draft.to_dict())


def digital_first(state: GameState, draft: RoundDraft) -> None:
    """Refuse tapping in a new round while a digital round for the same
    number is being dealt (the table chooses which to keep, never us)."""
    if draft.editing is None and in_progress(state.sheet, state.digital):
        number = digital_number(state.sheet, state.digital)
        raise Refusal(
            _(
                "A digital round {n} is in progress: continue it, "
                "or discard it to tap this round in."
            ).format(n=number)
        )


def next_draft(sheet: Sheet, stash: dict[str, object] | None) -> RoundDraft:
    """The draft after a save or an edit: the round put aside, or a fresh one."""
    if stash is None:
        return RoundDraft.fresh(sheet)
    draft = RoundDraft.from_dict(dict(stash))
    draft.follow(sheet)
    return draft


def _refuse_if_impossible(state: GameState, pid: str) -> None:
    """Refuse with the problems that name ``pid``'s line."""
    sheet, draft = state.sheet, state.draft
    who = sheet.names()
    names = line_names(state)
    found = [
        p
        for p in draft.problems(sheet.rules, who)
        if p.player is not None and draft.players[p.player] == pid
    ]
    if found:
        raise Refusal("\n".join(problem_text(p, names) for p in found))


class RoundEntry:
    """The round being tapped in, for one session's screen; ``seat`` says
    which lines this session may tap and whether it may save."""

    def __init__(self, watch: Watch, seat: LiveSeat) -> None:
        self.watch = watch
        self.seat = seat

    @property
    def sheet(self) -> Sheet:
        return self.watch.state.sheet

    @property
    def draft(self) -> RoundDraft:
        return self.watch.state.draft

    async def _tap(
        self, pid: str, what: str, change: Callable[[RoundDraft, Sheet], None]
    ) -> None:
        """Change a copy of the draft; keep it only if the change was allowed."""

        def apply(state: GameState) -> GameState:
            digital_first(state, state.draft)
            new = copy_draft(state.draft)
            change(new, state.sheet)
            new.done.discard(pid)  # a changed line is checked again
            return replace(state, draft=new)

        name = self.name(pid)
        self.seat.check_line(pid, name)
        await self.watch.commit(apply, what=Said(what, name=name), scopes=[line(pid)])

    def name(self, pid: str) -> str:
        """``pid``'s name ("a player" once they left the table)."""
        try:
            return self.sheet.player(pid).name
        except SheetError:
            return Said(N_("a player"))

    def waiting_for(self) -> list[str]:
        """Names of the players whose line is not in yet."""
        return waiting_for(self.watch.state)

    # --- taps -------------------------------------------------------------------
    async def add_card(self, pid: str, code: str) -> None:
        """One card into ``pid``'s line. With odds while flipping on, the
        cards are tapped as they are flipped: one that busts the line (a
        second 12; not a Lucky 13's pair) switches Busted on by itself."""
        digital = self.watch.state.digital
        flipping = digital.table_odds and not digital.purist

        def add(d: RoundDraft, s: Sheet) -> None:
            before = [card(c) for c in d.line(pid)]
            d.add_card(pid, code, s.rules)
            busts = flipping and pid not in d.busted and d.typed.get(pid) is None
            if busts and would_bust(before, card(code)):
                d.set_busted(pid, True)

        await self._tap(pid, N_("{name}'s line changed"), add)

    async def remove_card(self, pid: str, index: int) -> None:
        """Take a card out; with odds while flipping on, taking back the card
        that busted the line (Undo of a mis-tap) takes the bust back too."""
        digital = self.watch.state.digital
        flipping = digital.table_odds and not digital.purist

        def remove(d: RoundDraft, s: Sheet) -> None:
            line = [card(c) for c in d.line(pid)]
            last = index == len(line) - 1
            undo_bust = flipping and last and would_bust(line[:-1], line[-1])
            d.remove_card(pid, index)
            if undo_bust and pid in d.busted:
                d.set_busted(pid, False)

        await self._tap(pid, N_("{name}'s line changed"), remove)

    async def set_busted(self, pid: str, busted: bool) -> None:
        await self._tap(
            pid, N_("{name}'s bust changed"), lambda d, s: d.set_busted(pid, busted)
        )

    async def toggle_busted(self, pid: str) -> None:
        await self.set_busted(pid, pid not in self.draft.busted)

    async def set_typed(self, pid: str, value: int | str | None) -> None:
        """A typed round score for swept-up cards; ``None`` or "" removes it."""
        if isinstance(value, str):
            text = value.strip().replace("−", "-")
            try:
                value = int(text) if text else None
            except ValueError as exc:
                raise Refusal(_("Type the round score as a whole number.")) from exc
        score = value
        await self._tap(
            pid, N_("{name}'s score changed"), lambda d, s: d.set_typed(pid, score)
        )

    async def set_done(self, pid: str, done: bool = True) -> None:
        """A phone at a live table says its line is all in (or not yet); a
        line with a problem of its own is not in (the round could not be
        saved with it), and the problem says why."""

        def apply(state: GameState) -> GameState:
            if done:
                _refuse_if_impossible(state, pid)
            new = copy_draft(state.draft)
            new.set_done(pid, done)
            return replace(state, draft=new)

        name = self.name(pid)
        self.seat.check_line(pid, name)
        what = N_("{name} is done") if done else N_("{name} is not done yet")
        await self.watch.commit(apply, what=Said(what, name=name), scopes=[line(pid)])

    async def choose_attack(self, target: str | None) -> None:
        """Brutal Flip 7: −15 to ``target``, or +15 to the Flip 7 player
        (None): the Flip 7 player's choice (or a scorer's)."""
        flipper = self.flip7_player()
        if flipper is None or not self.seat.may_edit(flipper):
            self.seat.check_scorer()

        def apply(state: GameState) -> GameState:
            new = copy_draft(state.draft)
            new.choose_attack(target, state.sheet.rules)
            return replace(state, draft=new)

        await self.watch.commit(
            apply, what=Said(N_("the Flip 7 bonus changed")), scopes=["flip7"]
        )

    # --- the whole round ------------------------------------------------------------
    async def discard(self) -> str | None:
        """Throw away what was tapped in for the next round (the table asked)."""
        self.seat.check_scorer()
        draft = self.draft
        if draft.editing is not None or draft.empty:
            return None
        number = len(self.sheet.rounds) + 1

        def apply(state: GameState) -> GameState:
            return replace(state, draft=RoundDraft.fresh(state.sheet))

        await self.watch.commit(
            apply, what=Said(N_("round {n}'s entry was discarded"), n=number)
        )
        return _("What was tapped in for round {n} is gone.").format(n=number)

    async def clear(self) -> None:
        """Start the round entry over (a new round, or the edited round's cards)."""
        self.seat.check_scorer()

        def apply(state: GameState) -> GameState:
            draft = state.draft
            if draft.editing is not None:
                fresh = RoundDraft.from_round(state.sheet, draft.editing)
                fresh.stash = draft.stash
            else:
                fresh = RoundDraft.fresh(state.sheet)
            return replace(state, draft=fresh)

        await self.watch.commit(apply, what=Said(N_("the round entry was cleared")))

    async def save(self) -> str:
        """Save the round (new or edited); refused with the problems'
        messages, or when this phone may not save yet (the last player saves)."""
        self.seat.check_save(self.watch.state, self.waiting_for())
        saved: list[str] = []

        def apply(state: GameState) -> GameState:
            sheet, draft = state.sheet, state.draft
            digital_first(state, draft)
            found = draft.problems(sheet.rules, sheet.names())
            if found:
                names = line_names(state)
                raise Refusal("\n".join(problem_text(p, names) for p in found))
            rec = draft.record(sheet.rules)
            if draft.editing is None:
                new, after = sheet.add_round(rec), None
            else:
                new, after = sheet.replace_round(draft.editing, rec), draft.stash
                saved.append(_("Round {n} fixed.").format(n=draft.editing + 1) + " ")
            return replace(state, sheet=new, draft=next_draft(new, after), undone=None)

        number = len(self.sheet.rounds) + 1
        await self.watch.commit(
            apply, what=Said(N_("round {n} was saved"), n=number), scopes=[GAME]
        )
        new = self.sheet
        after = after_round(new)
        return "".join(saved) + after if saved else after

    def problem_text(self, problem: Problem) -> str:
        """A problem of the round being entered, in this session's language
        (problems are shared by every screen on the game: worded here)."""
        return problem_text(problem, line_names(self.watch.state))

    # --- live views -------------------------------------------------------------------
    @property
    def half_entered(self) -> bool:
        """Something is tapped in for the next round (not an edit of a past one)."""
        draft = self.draft
        return draft.editing is None and not draft.empty

    # Shared by every session on the game, once per commit (OpenGame.derived):
    # read them, never change them.
    def copies_left(self) -> Counter[str]:
        return copies_left(self.watch.game.derived)

    def line_score(self, pid: str) -> LineScore:
        return line_score(self.watch.game.derived, pid)

    def round_score(self, pid: str) -> int:
        return round_score(self.watch.game.derived, pid)

    def flip7_player(self) -> str | None:
        return flip7_player(self.watch.game.derived)

    def problems(self) -> list[Problem]:
        return self.watch.game.derived(
            "problems", lambda s: s.draft.problems(s.sheet.rules, s.sheet.names())
        )

    def problems_by_player(self) -> dict[str | None, list[Problem]]:
        """Problems keyed by player id (None: about the whole table)."""
        return problems_by_player(self.watch.game.derived)
