"""Corrections of a game in play: undo and redo a round, edit a past round,
rename, add or remove a player, a newcomer joining late. Each is one commit
on the shared game that conflicts with anything its screen has not shown
yet; the rounds are a scorer's to correct, the players the host's (the
session's :class:`~companion.app.live.LiveSeat` says who this is)."""

from __future__ import annotations

from dataclasses import replace

from companion.i18n import N_, _
from companion.i18n.said import Said
from companion.rules import Sheet, SheetError

from .digital import digital_number
from .entry import RoundDraft
from .live import LiveSeat
from .open_game import GameState, Watch
from .problems import error_text
from .refusal import Refusal
from .setup_form import ONE_DECK_MAX
from .tap_in import copy_draft, next_draft


def _busy(state: GameState) -> None:
    number = digital_number(state.sheet, state.digital)
    if number is not None:
        raise Refusal(
            _("A digital round {n} is in progress: finish or discard it first.").format(
                n=number
            )
        )


def _following(
    state: GameState, sheet: Sheet, draft: RoundDraft | None = None
) -> GameState:
    """The state with a changed sheet; the draft (a copy, or ``draft``) follows."""
    new = draft or copy_draft(state.draft)
    new.follow(sheet)
    return replace(state, sheet=sheet, draft=new)


class Corrections:
    """Fixing the sheet, for one session's screen."""

    def __init__(self, watch: Watch, seat: LiveSeat) -> None:
        self.watch = watch
        self.seat = seat

    @property
    def can_redo(self) -> bool:
        return self.watch.state.undone is not None

    async def undo_round(self) -> str:
        """Take back the last round (its cards can be put back: redo_round)."""
        self.seat.check_scorer()
        number = len(self.watch.state.sheet.rounds)

        def apply(state: GameState) -> GameState:
            _busy(state)
            sheet, draft = state.sheet, state.draft
            # Undo ends an edit in progress: back to the round put aside for it.
            back = next_draft(sheet, draft.stash) if draft.editing is not None else None
            last = sheet.rounds[-1] if sheet.rounds else None
            return replace(_following(state, sheet.undo_round(), back), undone=last)

        await self.watch.commit(apply, what=Said(N_("round {n} was undone"), n=number))
        return _("Round {n} undone.").format(n=number)

    async def redo_round(self) -> None:
        self.seat.check_scorer()

        def apply(state: GameState) -> GameState:
            undone = state.undone
            if undone is None:
                raise Refusal(_("Nothing to redo."))
            _busy(state)
            return replace(
                _following(state, state.sheet.add_round(undone)), undone=None
            )

        await self.watch.commit(apply, what=Said(N_("an undone round was put back")))

    async def edit_round(self, index: int) -> None:
        """Load past round ``index`` into the entry; saving replaces it."""
        self.seat.check_scorer()

        def apply(state: GameState) -> GameState:
            edit = RoundDraft.from_round(state.sheet, index)
            draft = state.draft
            edit.stash = draft.stash if draft.editing is not None else draft.to_dict()
            return replace(state, draft=edit)

        await self.watch.commit(
            apply, what=Said(N_("round {n} was opened for a fix"), n=index + 1)
        )

    async def cancel_edit(self) -> None:
        self.seat.check_scorer()

        def apply(state: GameState) -> GameState:
            draft = state.draft
            if draft.editing is None:
                return state
            return replace(state, draft=next_draft(state.sheet, draft.stash))

        await self.watch.commit(apply, what=Said(N_("a fix of a round was cancelled")))

    async def rename_player(self, pid: str, name: str) -> str:
        """A new name; refused (blank, too long, already at the table) with why."""
        self.seat.check_host()
        before = self._name(pid)

        def apply(state: GameState) -> GameState:
            return _following(state, state.sheet.rename(pid, name))

        await self.watch.commit(
            apply,
            what=Said(N_("{name} was renamed"), name=before),
            scopes=[f"player:{pid}"],
        )
        return _("{old} is now {new}.").format(old=before, new=self._name(pid))

    async def add_player(self, name: str, *, at_lowest: bool = False) -> str | None:
        """A late player, starting at 0 or at the lowest total."""
        self.seat.check_host()
        return await self._add(name, at_lowest=at_lowest)

    async def join_late(self, name: str) -> str:
        """A newcomer adds themselves (when the host allows) and takes the seat."""
        if not self.seat.seats.late_joins and not self.seat.host:
            raise Refusal(_("The host has not opened the table to late players."))
        before = {p.id for p in self.watch.state.sheet.players}
        await self._add(name)
        new = [p for p in self.watch.state.sheet.players if p.id not in before]
        if not new:
            raise Refusal(_("Nobody was added."))
        return await self.seat.claim(new[0].id)

    async def _add(self, name: str, *, at_lowest: bool = False) -> str | None:
        info: list[str] = []

        def apply(state: GameState) -> GameState:
            sheet = state.sheet
            if len(sheet.seated) >= ONE_DECK_MAX and sheet.rules.decks == 1:
                sheet = replace(sheet, rules=replace(sheet.rules, decks=2))
                info.append(
                    _("More than {n} players: two decks from now on.").format(
                        n=ONE_DECK_MAX
                    )
                )
            return _following(state, sheet.add_player(name, at_lowest=at_lowest))

        await self.watch.commit(
            apply, what=Said(N_("{name} joined the table"), name=name.strip())
        )
        return " ".join(info) or None

    async def remove_player(self, pid: str) -> str:
        """Take a player off the table (the view asks first); past rounds stay."""
        self.seat.check_host()
        name = self._name(pid)

        def apply(state: GameState) -> GameState:
            return _following(state, state.sheet.remove_player(pid))

        await self.watch.commit(
            apply, what=Said(N_("{name} left the table"), name=name)
        )
        return _("{name} left the table; past rounds stay on the sheet.").format(
            name=name
        )

    def _name(self, pid: str) -> str:
        try:
            return self.watch.state.sheet.player(pid).name
        except SheetError as exc:
            raise Refusal(error_text(exc)) from exc
