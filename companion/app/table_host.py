"""The host phone's side of a table of phones with no computer (issue 39):
its :class:`~companion.app.open_game.OpenGame` shared through a broker.

Why through the served app's own owners: a guest's tap that arrives over
the broker must be checked exactly as a served phone's tap is — the same
seat rules (:mod:`companion.app.live`), the same freshness check, the same
words. So each guest gets a :class:`LiveSeat` whose holder is its key's
fingerprint (the seat token the protocol proves), and its intents call the
same :class:`RoundEntry`, :class:`DigitalTable` and seat methods a served
phone's taps call, on its own :class:`Watch` set to the revision the guest
saw. A refusal travels as its English message id and parameters, so each
phone says it in its own language.

Everything runs on the one event loop: the game's listener schedules the
publication, and heartbeats are a task that sleeps (no threads).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from companion.i18n import N_, _, use
from companion.i18n.said import Said
from companion.rules import SheetError
from companion.tablelink.broker import Offline
from companion.tablelink.host import HostTaken, Limits, TableHost
from companion.tablelink.invite import Invite, new_invite
from companion.tablelink.links import KeptHost, Keys, Links
from companion.tablelink.state import game_body
from companion.tablelink.wire import Intent, Refused

from .access import Access, Role
from .background import soon
from .digital_table import DigitalTable
from .live import LiveSeat
from .open_game import OpenGame, Watch
from .problems import error_text
from .refusal import Refusal
from .tap_in import RoundEntry

LIVE, OFFLINE, TAKEN = "live", "offline", "taken"
TAKEN_WORDS = N_("Another phone hosts this game: this phone no longer shares it.")
OFFLINE_WORDS = N_("No connection to the table: the game goes on on this phone.")


@dataclass
class _Guest:
    """One guest phone as the served app would see it: a seat, a watch."""

    seat: LiveSeat
    watch: Watch
    entry: RoundEntry
    table: DigitalTable


Act = Callable[..., Awaitable[object]]
ACTS: dict[str, Callable[[_Guest], Act]] = {
    "claim": lambda g: g.seat.claim,
    "leave": lambda g: g.seat.leave,
    "add_card": lambda g: g.entry.add_card,
    "remove_card": lambda g: g.entry.remove_card,
    "set_busted": lambda g: g.entry.set_busted,
    "set_typed": lambda g: g.entry.set_typed,
    "set_done": lambda g: g.entry.set_done,
    "choose_attack": lambda g: lambda pid: g.entry.choose_attack(pid or None),
    "save": lambda g: g.entry.save,
    "play": lambda g: g.table.play,
}


def refused(message: str) -> Refused:
    """A refusal as it travels: a :class:`Said` by its message id and
    parameters; any other sentence as it is (the host words it in English)."""
    if isinstance(message, Said):
        params = {
            k: v if isinstance(v, int) else str(v) for k, v in message.params.items()
        }
        return Refused(message.msgid, params, str(message))
    return Refused(message, {}, message)


class HostLink:
    """The host phone's game at the broker: answers guests, publishes the
    game after every commit, beats every few seconds, says its state."""

    def __init__(
        self,
        game: OpenGame,
        invite: Invite,
        links: Links,
        *,
        name: str,
        keys: Keys,
        clock: Callable[[], float] = time.monotonic,
        limits: Limits | None = None,
        epoch: str | None = None,
        resumes: frozenset[str] = frozenset(),
    ) -> None:
        self.game, self.invite, self.links = game, invite, links
        self.name, self.keys, self.clock = name, keys, clock
        self.limits = limits or Limits()
        self.epoch = epoch
        self.resumes = resumes  # epochs this phone shared the room under before
        self.status = ""  # not yet tried
        self.table: TableHost | None = None
        self.guests: dict[str, _Guest] = {}
        self._stop_watching: Callable[[], None] | None = None
        self._beats: asyncio.Task[None] | None = None

    @classmethod
    async def open(
        cls, game: OpenGame, broker: str, links: Links, *, name: str, **kw: Any
    ) -> HostLink:
        """``game`` shared on ``broker``: in the room this phone shared it in
        before (kept on the phone: the app was closed or reloaded, and the
        guests' links must keep working), else a new room and key with new
        host keys."""
        kept = await links.kept_host(game.id)
        if kept is not None and kept.invite.broker == broker:
            resumes = frozenset({kept.epoch} if kept.epoch else ())
            return cls(
                game,
                kept.invite,
                links,
                name=name,
                keys=kept.keys,
                resumes=resumes,
                **kw,
            )
        sealer = links.sealer()
        keys = (await sealer.new_pair(), await sealer.new_signer())
        link = cls(
            game,
            new_invite(game.id, broker, keys[1][1]),
            links,
            name=name,
            keys=keys,
            **kw,
        )
        await link.keep()
        return link

    async def keep(self) -> None:
        """Keep the room, its keys and the epoch on this phone."""
        kept = KeptHost(self.invite, self.keys, self.epoch or "")
        await self.links.keep_host(self.game.id, kept)

    # --- the link ---------------------------------------------------------------
    async def start(self) -> None:
        """Take the room and share the game; beats from now on. Offline or
        taken is a state the host's screen shows, never an error."""
        if self._stop_watching is None:
            self._stop_watching = self.game.watch(self._heard)
        await self.pulse()
        if self._beats is None:
            self._beats = asyncio.get_running_loop().create_task(self._beat())

    async def stop(self) -> None:
        if self._beats is not None:
            self._beats.cancel()
            self._beats = None
        if self._stop_watching is not None:
            self._stop_watching()
            self._stop_watching = None
        for guest in self.guests.values():
            guest.watch.close()
        self.guests.clear()
        if self.table is not None:
            with contextlib.suppress(Offline):
                await self.table.stop()
            self.table = None

    async def renew(self) -> Invite:
        """ "New invite": a new room and key (old links stop working)."""
        await self.stop()
        self.invite = new_invite(self.game.id, self.invite.broker, self.keys[1][1])
        self.epoch, self.resumes = None, frozenset()
        await self.keep()
        self.status = self.status if self.status != TAKEN else ""  # a room of its own
        await self.start()
        return self.invite

    async def pulse(self) -> None:
        """One heartbeat: connect if not yet, publish what the game is now
        (after a lost connection), say "still here"."""
        if self.status == TAKEN:
            return
        try:
            if self.table is None:
                await self._connect()
            else:
                await self._publish()
                await self.table.beat()
            # nats.ws holds what is published while it reconnects: no
            # error, only the link's status tells (Transport.online)
            online = self.table is None or self.table.transport.online
            self._set(LIVE if online else OFFLINE)
        except Offline:
            self._set(OFFLINE)
        except HostTaken:
            self._set(TAKEN)
            await self._drop()

    async def _connect(self) -> None:
        transport = await self.links.connect(self.invite.broker)
        table = TableHost(
            transport=transport,
            sealer=self.links.sealer(),
            room=self.invite.room,
            room_key=self.invite.key,
            name=self.name,
            apply=self.apply,
            snapshot=self.snapshot,
            clock=self.clock,
            epoch=self.epoch,
            resumes=self.resumes,
            limits=self.limits,
        )
        await table.keys(*self.keys)
        if table.epoch != self.epoch:
            self.epoch = table.epoch
            await self.keep()
        await table.start()
        follow = getattr(transport, "on_reconnect", None)
        if follow is not None:  # the broker's link back: keep the game again
            follow(self.pulse)
        self.table = table

    async def _drop(self) -> None:
        table, self.table = self.table, None
        if table is not None:
            with contextlib.suppress(Offline):
                await table.stop()

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(self.limits.beat_every)
            await self.pulse()

    def _heard(self, _origin: object) -> None:
        """A commit (a guest's, the host's own tap, a computer player's)."""
        if self.table is not None:
            soon(self._publish_said())

    async def _publish_said(self) -> None:
        try:
            await self._publish()
        except Offline:
            self._set(OFFLINE)
        except HostTaken:
            self._set(TAKEN)
            await self._drop()

    async def _publish(self) -> None:
        if self.table is not None:  # one write at a time (TableHost.changed)
            await self.table.changed()

    def _set(self, status: str) -> None:
        """Every screen on the game says it (the server's news, in each
        session's language); back live, the news is over."""
        if status == self.status:
            return
        self.status = status
        note = self.game.note
        if status in (TAKEN, OFFLINE):
            words = TAKEN_WORDS if status == TAKEN else OFFLINE_WORDS
            self.game.say(Said(words), error=True)
        elif note is not None and note.text in (TAKEN_WORDS, OFFLINE_WORDS):
            self.game.hush()
            self.game.tell()

    @property
    def words(self) -> str | None:
        """What the host's screen says of the link (None: all is well)."""
        if self.status == TAKEN:
            return _(TAKEN_WORDS)
        if self.status == OFFLINE:
            return _(OFFLINE_WORDS)
        return None

    # --- what the protocol asks -------------------------------------------------
    def snapshot(self) -> tuple[int, dict[str, Any]]:
        return self.game.revision, game_body(self.game.state)

    def _guest(self, holder: str) -> _Guest:
        guest = self.guests.get(holder)
        if guest is None:
            seat = LiveSeat()
            seat.access = Access(Role.GUEST, self.game.id)
            seat.holder = holder
            watch = Watch(self.game, lambda: None)
            seat.watch = watch
            guest = _Guest(
                seat, watch, RoundEntry(watch, seat), DigitalTable(watch, seat)
            )
            self.guests[holder] = guest
        return guest

    async def apply(self, intent: Intent) -> int | Refused:
        """``intent`` as the guest's own served session would carry it out:
        the new revision, or why not (in English, by message id)."""
        guest = self._guest(intent.holder)
        guest.watch.seen = intent.seen
        act = ACTS[intent.action](guest)
        with use("en"):
            try:
                await act(*intent.args)
            except Refusal as exc:
                return refused(exc.message)
            except SheetError as exc:
                return refused(error_text(exc))
        return self.game.revision
