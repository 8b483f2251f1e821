"""A guest phone's mirror: the host's latest revision, and its own taps.

What a person at the table must never see: a tap that vanished. Every tap
is pending until the host answers it (made, or refused with the host's
words); while the host is silent (its phone slept) the mirror says so
(:attr:`Status.WAITING`, "Waiting for Ann's phone") and holds the taps; it
sends them again when the host is heard again (same sequence number: the
host answers a resend without acting twice); a tap still unanswered after
``hold`` seconds is refused with the code ``unanswered``. A guest that was
away (slept, lost the network) catches up from the revision kept at the
broker.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .broker import Offline, Subscription, Transport
from .sealing import Sealer, Unsealable, fingerprint
from .wire import Answer, BadMessage, Envelope, Intent, Refused, Revision, subjects


class Status(Enum):
    CONNECTING = "connecting"  # no revision yet
    LIVE = "live"
    WAITING = "waiting"  # the host is silent: "Waiting for Ann's phone"
    OFFLINE = "offline"  # the broker cannot be reached from this phone


@dataclass
class Tap:
    intent: Intent
    made: float
    done: asyncio.Future[Answer]
    sent: float = float("-inf")  # last sent (0 times while no host was heard)


class TableGuest:
    """One guest phone's end of the table."""

    def __init__(
        self,
        *,
        transport: Transport,
        sealer: Sealer,
        room: str,
        room_key: bytes,
        host_key: bytes,
        clock: Callable[[], float],
        hold: float = 30.0,
        silent_after: float = 12.0,
        resend_after: float = 3.0,
        seq: int = 0,
    ) -> None:
        self.transport, self.sealer, self.room = transport, sealer, room
        self.room_key, self.clock = room_key, clock
        self.host_key = host_key  # the host's verifying key, from the invite
        self.hold, self.silent_after = hold, silent_after
        # A tap unanswered this long while the host beats was lost on the
        # way (a broker restart, a blink of the host's link: core subjects
        # keep nothing); sent again on the next beat, same sequence.
        self.resend_after = resend_after
        self.seq = seq  # stored with the key pair: a reload goes on counting
        self.subjects = subjects(room)
        self.shown: Revision | None = None
        self.heard = float("-inf")
        self.offline = False
        self.pending: dict[int, Tap] = {}
        self._private: Any = None
        self.public = b""
        self.me = ""
        self._channel = b""
        self._channel_for = b""
        self._subs: list[Subscription] = []
        # Told when what the mirror shows may have changed (a revision, an
        # answer, the host heard again): the app re-renders its screen.
        self.listeners: list[Callable[[], None]] = []

    def _tell(self) -> None:
        for listener in list(self.listeners):
            listener()

    @property
    def status(self) -> Status:
        if self.offline:
            return Status.OFFLINE
        if self.shown is None:
            return Status.CONNECTING
        if self.clock() - self.heard > self.silent_after:
            return Status.WAITING
        return Status.LIVE

    async def join(self, private: Any = None, public: bytes = b"") -> None:
        """Start listening and catch up (pass the stored key pair after a
        reload: the seat is held by its fingerprint)."""
        if private is None:
            private, public = await self.sealer.new_pair()
        self._private, self.public = private, public
        self.me = fingerprint(public)
        s = self.subjects
        for subject, handler in (
            (s["rev"], self._on_rev),
            (s["beat"], self._on_beat),
            (f"{s['ans']}.{self.me}", self._on_answer),
        ):
            self._subs.append(await self.transport.subscribe(subject, handler))
        await self.catch_up()

    async def leave(self) -> None:
        for sub in self._subs:
            await sub.unsubscribe()
        self._subs.clear()

    async def catch_up(self) -> None:
        """Show the revision kept at the broker (after a join or a reconnect)
        and send the taps still pending again."""
        try:
            kept = await self.transport.last(self.subjects["rev"])
        except Offline:
            self.offline = True
            self._tell()
            return
        self.offline = False
        if kept is not None:
            await self._on_rev(self.subjects["rev"], kept[0])
        await self._resend()

    # --- what arrives -----------------------------------------------------------
    async def _open(self, key: bytes, raw: bytes, kind: str) -> bytes | None:
        try:
            env = Envelope.decode(raw)
            if env.kind != kind:
                return None
            if kind != "ans" and not await self.sealer.verify(
                self.host_key, env.signed(self.room), env.signature
            ):
                return None  # not the host's (a guest holds the room key too)
            return await self.sealer.open(key, env.body, env.aad(self.room))
        except (BadMessage, Unsealable):
            return None

    async def _on_rev(self, _subject: str, raw: bytes) -> None:
        plain = await self._open(self.room_key, raw, "rev")
        if plain is None:
            return
        try:
            rev = Revision.read(plain)
        except BadMessage:
            return
        shown = self.shown
        same_host = shown is not None and rev.epoch == shown.epoch
        if same_host and shown is not None and rev.revision <= shown.revision:
            return  # an older or repeated revision: ordering kept
        if rev.host_public != self._channel_for:
            try:
                self._channel = await self.sealer.agree(
                    self._private, rev.host_public, self.room.encode()
                )
            except Unsealable:
                return  # signed, yet no key: not a revision to act on
            self._channel_for = rev.host_public
        self.shown = rev
        self.heard = self.clock()
        self._tell()

    async def _on_beat(self, _subject: str, raw: bytes) -> None:
        if await self._open(self.room_key, raw, "beat") is None:
            return
        was_waiting = self.status is Status.WAITING
        self.heard = self.clock()
        if was_waiting:
            await self.catch_up()
            self._tell()
        else:
            await self._resend(self.clock() - self.resend_after)

    async def _on_answer(self, _subject: str, raw: bytes) -> None:
        if not self._channel:
            return
        plain = await self._open(self._channel, raw, "ans")
        if plain is None:
            return
        try:
            answer = Answer.read(plain)
        except BadMessage:
            return
        self.heard = self.clock()
        if self.shown is not None and answer.revision > self.shown.revision:
            await self.catch_up()
        tap = self.pending.pop(answer.seq, None)
        if tap is not None and not tap.done.done():
            tap.done.set_result(answer)
        self._tell()

    # --- taps -------------------------------------------------------------------
    async def tap(self, action: str, *args: str | int | bool) -> Tap:
        """Send one intent, made on the revision shown; await ``tap.done``
        for the host's answer."""
        self.seq += 1
        seen = self.shown.revision if self.shown is not None else 0
        intent = Intent(self.seq, seen, action, tuple(args))
        tap = Tap(intent, self.clock(), asyncio.get_running_loop().create_future())
        self.pending[intent.seq] = tap
        await self._send(tap)
        return tap

    async def _send(self, tap: Tap) -> None:
        if not self._channel:
            return  # no host heard yet: held, sent by catch_up()
        intent = tap.intent
        tap.sent = self.clock()
        aad = Envelope("in", self.me, b"", self.public).aad(self.room)
        sealed = await self.sealer.seal(self._channel, intent.plain(), aad)
        raw = Envelope("in", self.me, sealed, self.public).encode()
        try:
            await self.transport.publish(self.subjects["in"], raw)
            self.offline = False
        except Offline:
            self.offline = True  # held; sent again on catch_up()

    async def _resend(self, sent_before: float = float("inf")) -> None:
        for tap in sorted(self.pending.values(), key=lambda t: t.intent.seq):
            if tap.sent < sent_before:
                await self._send(tap)

    def tick(self) -> None:
        """Refuse the taps held longer than ``hold`` (call about once a
        second): said clearly, never dropped silently."""
        now = self.clock()
        for seq, tap in list(self.pending.items()):
            if now - tap.made > self.hold:
                del self.pending[seq]
                revision = self.shown.revision if self.shown is not None else 0
                refused = Refused("", code="unanswered")
                if not tap.done.done():
                    tap.done.set_result(Answer(seq, revision, refused))
