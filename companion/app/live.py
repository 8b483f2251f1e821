"""This session's place at a live table: who it is, and what it may change.

Why here and not in the views: a guest's phone must not be able to change
another player's line, decide for another seat or reach another game even
if its page sent the event by hand, so every intent a guest can reach is
checked in the app layer: the owners of the intents (the round entry, the
corrections, the digital table, odds while flipping) are given the
session's seat and call these checks before they act. The views ask the
same questions only to hide what would be refused.

Rules of the table (issue "the live table"):

- the host (the serving machine) and any phone the host made a scorer may
  edit every line and save the round at any time (with the usual checks);
- a player's phone edits its own line; it may save the round once every
  line is in (called done, or busted): "the last player saves";
- in the digital deal a phone decides for its own seat; the host (or a
  scorer) decides for seats no connected phone holds: computer players are
  the server's, and a phone that dropped out is waited for until then;
- a board watches and changes nothing.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from dataclasses import replace

from companion.i18n import N_, _
from companion.i18n.said import Said

from .access import HOST, Access, Role
from .open_game import SEATS, GameState, Watch
from .refusal import NO_GAME, Refusal
from .seats import Seats

HOST_ONLY = N_("Only the host's screen can do that.")  # shown through _()


def seat_scope(pid: str) -> str:
    return f"seat:{pid}"


class LiveSeat:
    """One session's access and seat (the seat lives in the shared game)."""

    def __init__(self) -> None:
        self.access: Access = HOST
        # A random key per session, never shown: who holds which seat.
        self.holder = secrets.token_hex(8)
        self.watch: Watch | None = None
        self.watching = False  # a guest who chose to watch without a seat

    # --- reading ----------------------------------------------------------------
    @property
    def seats(self) -> Seats:
        return Seats() if self.watch is None else self.watch.state.seats

    @property
    def mine(self) -> str | None:
        """The player id this phone holds, if any."""
        return self.seats.seat_of(self.holder)

    @property
    def host(self) -> bool:
        return self.access.host

    @property
    def scorer(self) -> bool:
        """May edit every line: the host, or a phone the host trusted."""
        return self.host or (
            self.access.role is Role.GUEST and self.holder in self.seats.scorers
        )

    def may_edit(self, pid: str) -> bool:
        if self.access.role is Role.BOARD:
            return False
        return self.scorer or pid == self.mine

    def may_save(self, state: GameState) -> bool:
        if self.scorer:
            return True
        return self.mine is not None and state.draft.all_in

    def may_decide(self, state: GameState) -> bool:
        """May make the pending digital decision (a person's, not a bot's)."""
        pid = self.pending_id(state)
        if not pid or self.access.role is Role.BOARD:
            return False
        if pid == self.mine:
            return True
        return self.scorer and not state.seats.present(pid)

    def admitted(self, admits: Callable[[str, str], bool]) -> bool:
        """Whether this session's invite still works (``admits``: the hub's
        check of a game's current token); a revoked one (the host made a new
        invite, or deleted the game) locks this session out."""
        access = self.access
        if access.locked:
            return False
        if access.host or admits(access.game_id, access.token):
            return True
        self.access = Access(
            Role.LOCKED,
            reason=_("The host made a new invite: scan it to join again."),
        )
        return False

    # --- checks (raise Refusal) -------------------------------------------------
    def check_host(self) -> None:
        if not self.host:
            raise Refusal(Said(HOST_ONLY))

    def check_game(self, game_id: str | None) -> None:
        if not self.access.allows(game_id):
            raise Refusal(_("This phone was invited to another game."))

    def check_line(self, pid: str, name: str) -> None:
        if not self.may_edit(pid):
            raise Refusal(
                Said(N_("{name}'s line is entered on {name}'s phone."), name=name)
            )

    def check_scorer(self) -> None:
        if not self.scorer:
            raise Refusal(Said(HOST_ONLY))

    def check_save(self, state: GameState, waiting: list[str]) -> None:
        if self.may_save(state):
            return
        if self.mine is None:
            raise Refusal(Said(N_("Pick your seat first.")))
        raise Refusal(
            Said(
                N_("The round is saved when every line is in: waiting for {names}."),
                names=", ".join(waiting),
            )
        )

    def check_decide(self, state: GameState, name: str) -> None:
        if self.may_decide(state):
            return
        if state.seats.present(self.pending_id(state)):
            raise Refusal(
                Said(N_("It is {name}'s turn, on {name}'s phone."), name=name)
            )
        raise Refusal(Said(N_("It is {name}'s turn."), name=name))

    @staticmethod
    def pending_id(state: GameState) -> str:
        rnd = state.digital.round
        if rnd is None or rnd.pending is None:
            return ""
        ids = state.digital.ids
        return ids[rnd.pending.player] if rnd.pending.player < len(ids) else ""

    # --- seat changes (through the one commit path) --------------------------------
    def name(self, pid: str) -> str:
        """``pid``'s name at the open game ("a player" once they left)."""
        names = {} if self.watch is None else self.watch.state.sheet.names()
        return names.get(pid) or Said(N_("a player"))

    async def claim(self, pid: str) -> str:
        """Take ``pid``'s seat (refused for a board, a taken seat, a player
        who left)."""
        if self.access.role is Role.BOARD:
            raise Refusal(Said(N_("A board only watches.")))
        holder, name = self.holder, self.name(pid)

        def apply(state: GameState) -> GameState:
            if pid not in {p.id for p in state.sheet.seated}:
                raise Refusal(
                    Said(N_("{name} no longer plays in this game."), name=name)
                )
            seats = state.seats
            other = seats.holder(pid)
            if other not in (None, holder) and seats.present(pid):
                raise Refusal(
                    Said(N_("{name}'s seat is taken by another phone."), name=name)
                )
            return replace(state, seats=seats.claim(pid, holder))

        # What a change was (``what``) may reach another session's clash
        # message, in that session's language: a Said, worded by the reader.
        await self._commit(apply, Said(N_("{name}'s seat was taken"), name=name), pid)
        return _("You are {name}.").format(name=name)

    async def leave(self) -> None:
        holder = self.holder
        if self.watch is None or self.mine is None:
            return
        pid = self.mine
        await self._commit(
            lambda s: replace(s, seats=s.seats.leave(holder)),
            Said(N_("a seat was freed")),
            pid,
        )

    async def connected(self, on: bool) -> None:
        """The phone's connection dropped or came back (others are told)."""
        if self.watch is None or self.mine is None:
            return
        holder, pid = self.holder, self.mine
        await self._commit(
            lambda s: replace(s, seats=s.seats.connected(holder, on)),
            Said(N_("a phone came back")) if on else Said(N_("a phone dropped out")),
            pid,
        )

    def dropped(self) -> Awaitable[None] | None:
        """This session leaves the game: its seat waits for the phone (the
        commit, to await, made for the game and seat held now)."""
        if self.watch is None or self.mine is None:
            return None
        holder = self.holder
        return self.watch.commit(
            lambda s: replace(s, seats=s.seats.connected(holder, False)),
            what=Said(N_("a phone dropped out")),
            scopes=[SEATS, seat_scope(self.mine)],
            checked=False,
        )

    async def make_scorer(self, pid: str, on: bool) -> None:
        self.check_host()

        def apply(state: GameState) -> GameState:
            holder = state.seats.holder(pid)
            if holder is None:
                raise Refusal(_("No phone holds that seat."))
            return replace(state, seats=state.seats.make_scorer(holder, on))

        await self._commit(apply, Said(N_("a scorer was changed")), pid)

    async def allow_late(self, on: bool) -> None:
        self.check_host()
        await self._commit(
            lambda s: replace(s, seats=s.seats.allow_late(on)),
            Said(N_("late joining was changed")),
            "late",
        )

    async def _commit(
        self, apply: Callable[[GameState], GameState], what: str, pid: str
    ) -> None:
        if self.watch is None:
            raise Refusal(_(NO_GAME))
        await self.watch.commit(
            apply, what=what, scopes=[SEATS, seat_scope(pid)], checked=False
        )
