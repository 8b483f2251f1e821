"""Intents of an open game: tapping in a round, saving it, corrections.

A mixin of :class:`companion.ui.state.AppState`, split off only to keep files
small. Every change is written to the store (sheet and draft in one atomic
write) before the state moves on, so a restart resumes exactly: the saved
rounds, and the round being tapped in, card by card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from companion.rules import LineScore, Player, Problem, RoundRecord, Sheet, SheetError
from companion.store import GameStore

from .entry import RoundDraft
from .observable import Observable
from .setup_form import ONE_DECK_MAX
from .standings import Standing, banner, standings


class PlayIntents(Observable):
    """Needs ``store``, ``game_id``, ``sheet``, ``draft`` and the notice hooks."""

    store: GameStore
    game_id: str | None
    sheet: Sheet | None
    draft: RoundDraft | None
    _undone: RoundRecord | None
    digital_in_progress: bool  # from DigitalIntents
    digital_number: int | None

    def _open(self) -> tuple[str, Sheet, RoundDraft]:
        if self.game_id is None or self.sheet is None or self.draft is None:
            raise SheetError("No game is open.")
        return self.game_id, self.sheet, self.draft

    def _persist(self, sheet: Sheet | None, draft: RoundDraft) -> str | None:
        """Write first, then show: a failed write leaves the state as it was."""
        game_id, old, _ = self._open()
        try:
            if sheet is None:
                self.store.save_draft(game_id, draft.to_dict())
            else:
                self.store.save(game_id, sheet, draft=draft.to_dict())
        except OSError as exc:
            return f"Could not save ({exc.strerror or exc}); nothing was changed."
        self.sheet, self.draft = sheet or old, draft
        return None

    def _digital_first(self, draft: RoundDraft) -> str | None:
        """Why a new round cannot be tapped in: a digital round for the same
        number is being dealt (the table chooses which to keep, never us)."""
        if draft.editing is not None or not self.digital_in_progress:
            return None
        return (
            f"A digital round {self.digital_number} is in progress: continue it, "
            "or discard it to tap this round in."
        )

    def _tap(self, change: Callable[[RoundDraft, Sheet], None]) -> str | None:
        """Change a copy of the draft; keep it only if the change was allowed."""
        try:
            _, sheet, draft = self._open()
            busy = self._digital_first(draft)
            if busy:
                return self._refuse(busy)
            new = RoundDraft.from_dict(draft.to_dict())
            change(new, sheet)
        except SheetError as exc:
            return self._refuse(str(exc))
        failed = self._persist(None, new)
        if failed:
            return self._refuse(failed)
        self._done()
        return None

    # --- the round being tapped in ------------------------------------------------
    def add_card(self, pid: str, code: str) -> str | None:
        return self._tap(lambda d, s: d.add_card(pid, code, s.rules))

    def remove_card(self, pid: str, index: int) -> str | None:
        return self._tap(lambda d, s: d.remove_card(pid, index))

    def set_busted(self, pid: str, busted: bool) -> str | None:
        return self._tap(lambda d, s: d.set_busted(pid, busted))

    def toggle_busted(self, pid: str) -> str | None:
        return self._tap(lambda d, s: d.set_busted(pid, pid not in d.busted))

    def set_typed(self, pid: str, value: int | str | None) -> str | None:
        """A typed round score for swept-up cards; ``None`` or "" removes it."""
        if isinstance(value, str):
            text = value.strip().replace("−", "-")
            try:
                value = int(text) if text else None
            except ValueError:
                return self._refuse("Type the round score as a whole number.")
        score = value
        return self._tap(lambda d, s: d.set_typed(pid, score))

    def choose_bonus(self) -> str | None:
        """Brutal Flip 7: take +15 (the default)."""
        return self._tap(lambda d, s: d.choose_attack(None, s.rules))

    def choose_attack(self, target: str) -> str | None:
        """Brutal Flip 7: give −15 to ``target`` instead of taking +15."""
        return self._tap(lambda d, s: d.choose_attack(target, s.rules))

    @property
    def half_entered(self) -> bool:
        """Something is tapped in for the next round (not an edit of a past one)."""
        draft = self.draft
        return draft is not None and draft.editing is None and not draft.empty

    def discard_draft(self) -> str | None:
        """Throw away what was tapped in for the next round (the table asked)."""
        _, sheet, draft = self._open()
        if draft.editing is not None or draft.empty:
            return None
        failed = self._persist(None, RoundDraft.fresh(sheet))
        if failed:
            return self._refuse(failed)
        self._done(f"What was tapped in for round {len(sheet.rounds) + 1} is gone.")
        return None

    def clear_draft(self) -> str | None:
        """Start the round entry over (a new round, or the edited round's cards)."""
        _, sheet, draft = self._open()
        if draft.editing is not None:
            fresh = RoundDraft.from_round(sheet, draft.editing)
            fresh.stash = draft.stash
        else:
            fresh = RoundDraft.fresh(sheet)
        failed = self._persist(None, fresh)
        if failed:
            return self._refuse(failed)
        self._done()
        return None

    # --- live views of the draft --------------------------------------------------
    def copies_left(self) -> Counter[str]:
        _, sheet, draft = self._open()
        return draft.copies_left(sheet.rules)

    def line_score(self, pid: str) -> LineScore:
        _, sheet, draft = self._open()
        return draft.line_score(pid, sheet.rules)

    def round_score(self, pid: str) -> int:
        _, sheet, draft = self._open()
        return draft.score(pid, sheet.rules)

    def flip7_player(self) -> str | None:
        _, sheet, draft = self._open()
        return draft.flip7_player(sheet.rules)

    def problems(self) -> list[Problem]:
        _, sheet, draft = self._open()
        return draft.problems(sheet.rules, sheet.names())

    def problems_by_player(self) -> dict[str | None, list[Problem]]:
        """Problems keyed by player id (None: about the whole table)."""
        draft = self._open()[2]
        out: dict[str | None, list[Problem]] = {}
        for p in self.problems():
            key = None if p.player is None else draft.players[p.player]
            out.setdefault(key, []).append(p)
        return out

    def save_round(self) -> str | None:
        """Save the round (new or edited); refused with the problems' messages."""
        try:
            _, sheet, draft = self._open()
            busy = self._digital_first(draft)
            if busy:
                return self._refuse(busy)
            found = draft.problems(sheet.rules, sheet.names())
            if found:
                return self._refuse("\n".join(p.message for p in found))
            rec = draft.record(sheet.rules)
            if draft.editing is None:
                new, after = sheet.add_round(rec), None
            else:
                new, after = sheet.replace_round(draft.editing, rec), draft.stash
        except SheetError as exc:
            return self._refuse(str(exc))
        failed = self._persist(new, self._next_draft(new, after))
        if failed:
            return self._refuse(failed)
        self._undone = None
        edited = "" if draft.editing is None else f"Round {draft.editing + 1} fixed. "
        self._done(edited + (banner(new) or f"{new.next_dealer().name} deals next."))
        return None

    @staticmethod
    def _next_draft(sheet: Sheet, stash: dict[str, object] | None) -> RoundDraft:
        draft = RoundDraft.fresh(sheet)
        if stash is not None:
            draft = RoundDraft.from_dict(dict(stash))
            draft.follow(sheet)
        return draft

    # --- the sheet ------------------------------------------------------------------
    def totals(self) -> dict[str, int]:
        return self._open()[1].totals()

    def standings(self) -> list[Standing]:
        return standings(self._open()[1])

    def banner(self) -> str | None:
        return banner(self._open()[1])

    def next_dealer(self) -> Player:
        return self._open()[1].next_dealer()

    # --- corrections ------------------------------------------------------------------
    def _correct(
        self,
        change: Callable[[Sheet, RoundDraft], Sheet],
        draft: RoundDraft | None = None,
    ) -> str | None:
        """Change the sheet; the draft (a copy, or ``draft``) follows it."""
        try:
            _, sheet, current = self._open()
            draft = draft or RoundDraft.from_dict(current.to_dict())
            new = change(sheet, draft)
        except SheetError as exc:
            return self._refuse(str(exc))
        draft.follow(new)
        failed = self._persist(new, draft)
        return self._refuse(failed) if failed else None

    def undo_round(self) -> str | None:
        """Take back the last round (its cards can be put back: redo_round)."""
        _, sheet, draft = self._open()
        if self.digital_number is not None:
            return self._refuse(self._digital_busy())
        # Undo ends an edit in progress: back to the round put aside for it.
        back = (
            self._next_draft(sheet, draft.stash) if draft.editing is not None else None
        )
        last = sheet.rounds[-1] if sheet.rounds else None
        failed = self._correct(lambda s, d: s.undo_round(), back)
        if failed:
            return failed
        self._undone = last
        self._done(f"Round {len(sheet.rounds)} undone.")
        return None

    @property
    def can_redo(self) -> bool:
        return self._undone is not None

    def redo_round(self) -> str | None:
        undone = self._undone
        if undone is None:
            return self._refuse("Nothing to redo.")
        if self.digital_number is not None:
            return self._refuse(self._digital_busy())
        failed = self._correct(lambda s, d: s.add_round(undone))
        if failed:
            return failed
        self._undone = None
        self._done()
        return None

    def edit_round(self, index: int) -> str | None:
        """Load past round ``index`` into the entry; save_round replaces it."""
        try:
            _, sheet, draft = self._open()
            edit = RoundDraft.from_round(sheet, index)
        except SheetError as exc:
            return self._refuse(str(exc))
        edit.stash = draft.stash if draft.editing is not None else draft.to_dict()
        failed = self._persist(None, edit)
        if failed:
            return self._refuse(failed)
        self._done()
        return None

    def cancel_edit(self) -> str | None:
        _, sheet, draft = self._open()
        if draft.editing is None:
            return None
        failed = self._persist(None, self._next_draft(sheet, draft.stash))
        if failed:
            return self._refuse(failed)
        self._done()
        return None

    def _digital_busy(self) -> str:
        return (
            f"A digital round {self.digital_number} is in progress: "
            "finish or discard it first."
        )

    def rename_player(self, pid: str, name: str) -> str | None:
        """A new name; refused (blank, too long, already at the table) with why."""
        try:
            before = self._open()[1].player(pid).name
        except SheetError as exc:
            return self._refuse(str(exc))
        failed = self._correct(lambda s, d: s.rename(pid, name))
        if not failed:
            self._done(f"{before} is now {self._open()[1].player(pid).name}.")
        return failed

    def add_player(self, name: str, *, at_lowest: bool = False) -> str | None:
        """A late player, starting at 0 or at the lowest total."""
        info: list[str] = []

        def change(sheet: Sheet, draft: RoundDraft) -> Sheet:
            if len(sheet.seated) >= ONE_DECK_MAX and sheet.rules.decks == 1:
                sheet = replace(sheet, rules=replace(sheet.rules, decks=2))
                info.append(f"More than {ONE_DECK_MAX} players: two decks from now on.")
            return sheet.add_player(name, at_lowest=at_lowest)

        failed = self._correct(change)
        if not failed:
            self._done(" ".join(info) or None)
        return failed

    def remove_player(self, pid: str) -> str | None:
        """Take a player off the table (the view asks first); past rounds stay."""
        try:
            name = self._open()[1].player(pid).name
        except SheetError as exc:
            return self._refuse(str(exc))
        failed = self._correct(lambda s, d: s.remove_player(pid))
        if not failed:
            self._done(f"{name} left the table; past rounds stay on the sheet.")
        return failed
