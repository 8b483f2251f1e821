"""A guest phone at a table of phones with no computer (issue 39): the
host's game as a mirror, and this phone's taps sent to the host.

Why the served app's own objects: a guest must see the same screens a
served live-table phone sees ("Who are you?", its line in the tap-in
entry, the sheet, its digital turns). Those screens read a :class:`Watch`
on an :class:`OpenGame` and call the owners' intents; here the game is a
:class:`MirrorGame` whose state is the host's latest revision (built from
:class:`~companion.tablelink.state.Mirror`), and the owners are the served
ones with each intent that would commit replaced by a tap sent to the host
(:class:`RemoteEntry`, :class:`RemoteTable`, :class:`MirrorSeat`). The host
checks and decides; its refusal comes back as a message id and parameters
and is worded here, in this phone's language.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Iterable

from companion.i18n import N_, _
from companion.i18n.said import Said
from companion.rules import Sheet
from companion.store import GameStore
from companion.tablelink.guest import Status, TableGuest
from companion.tablelink.host import CHANGED_MEANWHILE
from companion.tablelink.invite import Invite
from companion.tablelink.links import Links
from companion.tablelink.sealing import fingerprint
from companion.tablelink.state import Mirror, TableView, read_body
from companion.tablelink.wire import BadMessage, Refused

from .access import Access, Role
from .background import soon
from .digital import Digital
from .digital_table import DigitalTable
from .live import HOST_ONLY, LiveSeat
from .open_game import GAME, GameState, OpenGame, Watch
from .refusal import Refusal
from .standings import after_round
from .tap_in import RoundEntry

CONNECTING = N_("Connecting to the table…")
WAITING = N_("Waiting for {name}'s phone…")
OFFLINE = N_("No connection to the table: the game goes on on {name}'s phone.")
SENDING = N_("Sending your tap to {name}'s phone…")
UNANSWERED = N_("{name}'s phone did not answer: your tap was not made.")
RATE = N_("Too many taps at once: wait a moment and tap again.")
UNREACHABLE = N_(
    "The table cannot be reached: check this phone's connection, "
    "then open the invite again."
)


def mirror_state(mirror: Mirror) -> GameState:
    """The host's game as this phone may hold it: no deck, no seed (the
    digital round itself is :attr:`Mirror.table`)."""
    digital = Digital(
        bots=dict(mirror.bots), purist=mirror.purist, tie_break=mirror.tie_break
    )
    return GameState(mirror.sheet, mirror.draft, digital, seats=mirror.seats)


class MirrorGame(OpenGame):
    """The host's game on a guest phone: shown, never committed here."""

    async def commit(
        self,
        change: Callable[[GameState], GameState],
        *,
        what: str,
        scopes: Iterable[str] = (GAME,),
        seen: int | None = None,
        origin: object = None,
    ) -> int:
        raise Refusal(Said(HOST_ONLY))

    def show(self, revision: int, state: GameState) -> None:
        self.state, self.revision = state, revision
        self.tell()


def said(refused: Refused, host: str) -> str:
    """The host's refusal in words this phone's session can say again."""
    if refused.code == "stale":
        return Said(CHANGED_MEANWHILE)
    if refused.code == "rate":
        return Said(RATE)
    if refused.code == "unanswered":
        return Said(UNANSWERED, name=host)
    try:
        return Said(refused.msgid, **refused.params)
    except (KeyError, IndexError, ValueError):
        return refused.text or refused.msgid


class GuestLink:
    """One guest phone's end of the table, for its session."""

    def __init__(
        self,
        invite: Invite,
        links: Links,
        store: GameStore,
        *,
        board: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.invite, self.links, self.store, self.clock = invite, links, store, clock
        role = Role.BOARD if board else Role.GUEST
        self.seat = MirrorSeat(self, Access(role, invite.game))
        self.guest: TableGuest | None = None
        self.game: MirrorGame | None = None
        self.mirror: Mirror | None = None
        self.listeners: list[Callable[[], None]] = []
        self._status = Status.CONNECTING
        self._ticks: asyncio.Task[None] | None = None
        self.epoch = ""  # the host's, as last shown

    async def join(self) -> None:
        """Reach the table. The phone's key pair for this room is kept
        (:meth:`Links.keep_pair`): after a reload the seat is still its own.
        Taps are numbered from the wall clock's milliseconds, so a reload
        goes on counting upward (the host drops a number it has seen)."""
        links, room = self.links, self.invite.room
        transport = await links.connect(self.invite.broker)
        guest = TableGuest(
            transport=transport,
            sealer=links.sealer(),
            room=room,
            room_key=self.invite.key,
            host_key=self.invite.host,
            clock=self.clock,
            seq=int(time.time() * 1000),
        )
        guest.listeners.append(self._heard)
        self.guest = guest
        pair = await links.kept_pair(room)
        if pair is None:
            pair = await guest.sealer.new_pair()
            await links.keep_pair(room, pair)
        self.seat.holder = fingerprint(pair[1])
        await guest.join(*pair)
        follow = getattr(transport, "on_reconnect", None)
        if follow is not None:  # the broker's link back: catch up at once
            follow(guest.catch_up)
        if self._ticks is None:
            self._ticks = asyncio.get_running_loop().create_task(self._tick())

    async def leave(self) -> None:
        if self._ticks is not None:
            self._ticks.cancel()
            self._ticks = None
        if self.guest is not None:
            await self.guest.leave()

    def _joined(self) -> TableGuest:
        if self.guest is None:
            raise Refusal(Said(CONNECTING))
        return self.guest

    # --- what arrives -----------------------------------------------------------
    def _heard(self) -> None:
        guest = self._joined()
        shown = guest.shown
        if shown is not None and (
            self.game is None or shown.revision != self.game.revision
        ):
            try:
                mirror = read_body(shown.state)
            except BadMessage:
                mirror = None  # the host's, yet odd: the last good one stays
            if mirror is not None:
                mine = self.seat.mine if self.game is not None else None
                self._show(shown.revision, mirror)
                self._sit_again(shown.epoch, mine)
        self._status = guest.status
        self.tell()

    def _sit_again(self, epoch: str, mine: str | None) -> None:
        """The host's app was opened again (a new epoch) and forgot who sat
        where (seats are never on disk): this phone takes its seat back, as
        its person would. Within one epoch a seat given up stays given up."""
        was, self.epoch = self.epoch, epoch
        if not was or was == epoch or mine is None or self.seat.mine is not None:
            return
        if self.seat.seats.holder(mine) is None:
            soon(self._claim_again(mine))

    async def _claim_again(self, pid: str) -> None:
        with contextlib.suppress(Refusal):  # taken meanwhile: the person picks
            await self.seat.claim(pid)

    def _show(self, revision: int, mirror: Mirror) -> None:
        self.mirror = mirror
        state = mirror_state(mirror)
        if self.game is None:
            self.game = MirrorGame(self.invite.game, self.store, state, revision)
            self.seat.watch = Watch(self.game, lambda: None)
        self.game.show(revision, state)

    async def _tick(self) -> None:
        """Once a second: refuse taps held too long, notice a silent host."""
        while True:
            await asyncio.sleep(1.0)
            guest = self._joined()
            before = len(guest.pending)
            guest.tick()
            if guest.status is not self._status or len(guest.pending) != before:
                self._status = guest.status
                self.tell()

    def tell(self) -> None:
        for listener in list(self.listeners):
            listener()
        if self.game is not None:
            self.game.tell()

    # --- reading ----------------------------------------------------------------
    @property
    def host_name(self) -> str:
        guest = self.guest
        shown = None if guest is None else guest.shown
        return "" if shown is None else shown.host_name

    @property
    def table(self) -> TableView | None:
        return None if self.mirror is None else self.mirror.table

    @property
    def pending(self) -> int:
        return 0 if self.guest is None else len(self.guest.pending)

    @property
    def words(self) -> str | None:
        """What the phone says of the table (None: all is well)."""
        status = Status.CONNECTING if self.guest is None else self.guest.status
        name = self.host_name
        if status is Status.CONNECTING:
            return _(CONNECTING)
        if status is Status.OFFLINE:
            return _(OFFLINE).format(name=name)
        if status is Status.WAITING:
            return _(WAITING).format(name=name)
        return _(SENDING).format(name=name) if self.pending else None

    # --- taps -------------------------------------------------------------------
    async def send(self, action: str, *args: str | int | bool) -> None:
        """One tap to the host, pending until answered; a refusal raised
        as :class:`Refusal` in the host's reasons, this phone's words."""
        guest = self._joined()
        tap = await guest.tap(action, *args)
        self.tell()  # shown as pending
        answer = await tap.done
        self.tell()
        if answer.refused is not None:
            raise Refusal(said(answer.refused, self.host_name))


class MirrorSeat(LiveSeat):
    """This phone's seat at the host's game; claiming and leaving are taps."""

    def __init__(self, link: GuestLink, access: Access) -> None:
        super().__init__()
        self.link = link
        self.access = access
        self.holder = ""  # the key's fingerprint, once joined

    async def claim(self, pid: str) -> str:
        if self.access.role is Role.BOARD:
            raise Refusal(Said(N_("A board only watches.")))
        await self.link.send("claim", pid)
        self.watching = False
        return _("You are {name}.").format(name=self.name(pid))

    async def leave(self) -> None:
        if self.mine is not None:
            await self.link.send("leave")

    async def connected(self, on: bool) -> None:
        """The host hears of this phone by its taps, not by its page."""

    def dropped(self) -> None:
        return None

    def admitted(self, admits: Callable[[str, str], bool]) -> bool:
        """The invite's key is what admits this phone (the host's "New
        invite" makes a new room: this one then hears nothing more)."""
        return True


class RemoteEntry(RoundEntry):
    """The round entry read from the mirror; each tap goes to the host."""

    def __init__(self, watch: Watch, seat: LiveSeat, link: GuestLink) -> None:
        super().__init__(watch, seat)
        self.link = link

    async def add_card(self, pid: str, code: str) -> None:
        await self.link.send("add_card", pid, code)

    async def remove_card(self, pid: str, index: int) -> None:
        await self.link.send("remove_card", pid, index)

    async def set_busted(self, pid: str, busted: bool) -> None:
        await self.link.send("set_busted", pid, busted)

    async def set_typed(self, pid: str, value: int | str | None) -> None:
        await self.link.send("set_typed", pid, "" if value is None else str(value))

    async def set_done(self, pid: str, done: bool = True) -> None:
        await self.link.send("set_done", pid, done)

    async def choose_attack(self, target: str | None) -> None:
        await self.link.send("choose_attack", target or "")

    async def save(self) -> str:
        rounds = len(self.sheet.rounds)
        await self.link.send("save")
        sheet: Sheet = self.sheet
        return after_round(sheet) if len(sheet.rounds) > rounds else ""


class RemoteTable(DigitalTable):
    """The digital table read from the mirror; a decision goes to the host."""

    def __init__(self, watch: Watch, seat: LiveSeat, link: GuestLink) -> None:
        super().__init__(watch, seat)
        self.link = link

    async def play(self, choice: str) -> str | None:
        await self.link.send("play", choice)
        return None


def owners(link: GuestLink, watch: Watch) -> tuple[RemoteEntry, RemoteTable]:
    return RemoteEntry(watch, link.seat, link), RemoteTable(watch, link.seat, link)
