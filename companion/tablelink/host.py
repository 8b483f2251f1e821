"""The host phone: the authority that guests' intents reach.

What it checks before the game sees an intent, in this order, each cheaper
than the next: the size (before anything is parsed), the envelope, the seal
(only the holder of the sender's private key can seal under its channel
key, so the sender's fingerprint is its seat token and cannot be forged),
the sequence number (replays dropped; the last one answered again, so a
guest that resends after a lost answer gets it without a second tap), the
rate (a token bucket per sender: a flood from one phone is dropped at a
few microseconds a message while the others are answered), a revision from
the future. Then ``apply`` (the game's own checks: seats, stale revisions,
the rules) decides, with the same words as the served app.

Two hosts with one game: the revision is kept at the broker with
compare-and-set on its sequence. A host writes only over the sequence it
wrote last; a second host (another phone that opened the same game with the
same invite and keys) finds the record held under another ``epoch`` and is
refused (:class:`HostTaken`) instead of overwriting the table's game. A
kept record that is no host's (not signed with this room's host key: a
guest wrote it) is written over.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from contextlib import suppress
from dataclasses import dataclass, field, replace
from typing import Any

from companion.i18n import N_

from .broker import Conflict, Offline, Subscription, Transport
from .sealing import Sealer, Unsealable, b64, fingerprint
from .wire import (
    MAX_INTENT,
    Answer,
    BadMessage,
    Envelope,
    Intent,
    Refused,
    Revision,
    dumps,
    subjects,
)

# The served app's own words (app/open_game.py), so a guest reads the same.
CHANGED_MEANWHILE = N_(
    "This game changed on another screen meanwhile; "
    "nothing was changed here. Check it and try again."
)
Apply = Callable[[Intent], Awaitable["int | Refused"]]
Snapshot = Callable[[], tuple[int, dict[str, Any]]]


class HostTaken(Exception):
    """Another phone hosts this game at the broker: this one must not write."""


@dataclass
class Limits:
    """Per-sender rate (a token bucket) and sizes. A person taps at most a
    few times a second; a burst covers a quick line of cards."""

    burst: float = 20.0
    per_second: float = 5.0
    beat_every: float = 5.0


@dataclass
class _Peer:
    key: bytes
    last_seq: int = 0
    last_answer: bytes = b""
    tokens: float = 0.0
    at: float = 0.0
    told_slow: bool = False
    made: int = 0  # the revision this guest's last applied tap made


@dataclass
class HostStats:
    applied: int = 0
    dropped: dict[str, int] = field(default_factory=dict)

    def drop(self, why: str) -> None:
        self.dropped[why] = self.dropped.get(why, 0) + 1


class TableHost:
    """Publishes the game's revisions and answers guests' intents."""

    def __init__(
        self,
        *,
        transport: Transport,
        sealer: Sealer,
        room: str,
        room_key: bytes,
        name: str,
        apply: Apply,
        snapshot: Snapshot,
        clock: Callable[[], float],
        epoch: str | None = None,
        limits: Limits | None = None,
        resumes: frozenset[str] = frozenset(),
    ) -> None:
        self.transport, self.sealer, self.room = transport, sealer, room
        # epochs this phone published the room under before (the app closed
        # and opened again): its own records, not another copy's
        self.resumes = resumes
        self.room_key, self.name = room_key, name
        self.apply, self.snapshot, self.clock = apply, snapshot, clock
        self.epoch = epoch or b64(os.urandom(9))  # kept on the phone to resume
        self.limits = limits or Limits()
        self.subjects = subjects(room)
        self.peers: dict[str, _Peer] = {}
        self.stats = HostStats()
        self.kept_seq = 0
        self.published = -1
        self._private: Any = None
        self.public = b""
        self._signer: Any = None
        self.verify_key = b""  # goes in the invite's fragment
        self.sender = ""
        self._sub: Subscription | None = None
        # One write of the kept revision at a time: two at once (a guest's
        # tap and the host's own commit) wrote over the same sequence, the
        # second's retry met a third, and the host took itself for another.
        self._keeping = asyncio.Lock()

    async def keys(
        self,
        pair: tuple[Any, bytes] | None = None,
        signer: tuple[Any, bytes] | None = None,
    ) -> bytes:
        """Make (or take back, after a reload) the host's key pairs; the
        verifying key, for the invite."""
        self._private, self.public = pair or await self.sealer.new_pair()
        self._signer, self.verify_key = signer or await self.sealer.new_signer()
        return self.verify_key

    def saved_keys(self) -> tuple[tuple[Any, bytes], tuple[Any, bytes]]:
        """What the host phone stores with the game (and the epoch) to take
        the room back after a reload: pass them to :meth:`keys`."""
        return (self._private, self.public), (self._signer, self.verify_key)

    async def start(self) -> None:
        """Take the room (or resume it under our own epoch and keys after a
        reload) and publish the game."""
        if self._private is None:
            await self.keys()
        public = self.public
        self.sender = fingerprint(public)
        await self._check_kept()
        self._sub = await self.transport.subscribe(self.subjects["in"], self._on_intent)
        await self.changed()

    async def stop(self) -> None:
        if self._sub is not None:
            await self._sub.unsubscribe()
            self._sub = None

    async def _open_rev(self, raw: bytes) -> Revision | None:
        try:
            env = Envelope.decode(raw)
            if not await self.sealer.verify(
                self.verify_key, env.signed(self.room), env.signature
            ):
                return None  # another host's: not ours to overwrite
            plain = await self.sealer.open(self.room_key, env.body, env.aad(self.room))
            return Revision.read(plain)
        except (BadMessage, Unsealable):
            return None

    async def changed(self) -> None:
        """The game moved (an intent, or a tap on the host phone): publish
        its revision, kept for late joiners. :class:`HostTaken` when another
        host wrote meanwhile; :class:`Offline` when the broker is away (the
        game goes on here; call again when it is back)."""
        async with self._keeping:  # the snapshot taken in turn: newest last
            await self._keep_now()

    async def _keep_now(self) -> None:
        revision, state = self.snapshot()
        if revision == self.published:
            return
        body = Revision(revision, self.epoch, self.name, self.public, state)
        env = await self._seal(self.room_key, "rev", body.plain())
        subject = self.subjects["rev"]
        try:
            self.kept_seq = await self.transport.keep(subject, env, self.kept_seq)
        except Conflict:
            await self._check_kept()  # HostTaken, or junk we may write over
            try:
                self.kept_seq = await self.transport.keep(subject, env, self.kept_seq)
            except Conflict as exc:  # written again meanwhile: someone else's
                raise HostTaken(self.room) from exc
        self.published = revision

    async def reconnected(self) -> None:
        """The broker was away (this phone slept, or the broker restarted):
        keep and publish the game again, whether or not it moved meanwhile
        (a broker restarted without its store lost the kept revision; a
        change made meanwhile was never published), then beat."""
        self.published = -1
        await self.changed()
        await self.beat()

    async def _check_kept(self) -> None:
        """Whose is the kept revision? The room is this host's (made with
        its invite), so a record signed with its key under another epoch is
        another copy of this host (the game opened on two phones with the
        same keys): :class:`HostTaken`, unless it is an epoch this phone
        used itself before (``resumes``). A record it cannot verify is not a
        host's at all (a guest holding the room key wrote it): written over."""
        kept = await self.transport.last(self.subjects["rev"])
        if kept is None:
            self.kept_seq = 0
            return
        rev = await self._open_rev(kept[0])
        if rev is not None and rev.epoch not in (self.epoch, *self.resumes):
            raise HostTaken(self.room)
        self.kept_seq = kept[1]

    async def beat(self) -> None:
        """Say "still here" (every ``limits.beat_every`` seconds): guests
        show "Waiting for Ann's phone" when beats stop."""
        revision, _state = self.snapshot()
        plain = dumps({"rev": revision, "ep": self.epoch})
        await self.transport.publish(
            self.subjects["beat"], await self._seal(self.room_key, "beat", plain)
        )

    async def _seal(self, key: bytes, kind: str, plain: bytes) -> bytes:
        env = Envelope(kind, self.sender, b"")
        env = replace(env, body=await self.sealer.seal(key, plain, env.aad(self.room)))
        if kind in ("rev", "beat"):  # read by every mirror: signed by the host
            signed = env.signed(self.room)
            env = replace(env, signature=await self.sealer.sign(self._signer, signed))
        return env.encode()

    # --- intents ------------------------------------------------------------------
    async def _on_intent(self, _subject: str, raw: bytes) -> None:
        try:
            env = Envelope.decode(raw, MAX_INTENT)
        except BadMessage:
            self.stats.drop("malformed")
            return
        if env.kind != "in" or env.sender != fingerprint(env.public):
            self.stats.drop("malformed")
            return
        peer = await self._peer(env)
        if peer is None:
            return
        try:
            plain = await self.sealer.open(peer.key, env.body, env.aad(self.room))
            intent = Intent.read(plain, env.sender)
        except (Unsealable, BadMessage):
            self.stats.drop("unsealable")
            return
        await self._handle(env.sender, peer, intent)

    async def _peer(self, env: Envelope) -> _Peer | None:
        peer = self.peers.get(env.sender)
        if peer is None:
            try:
                key = await self.sealer.agree(
                    self._private, env.public, self.room.encode()
                )
            except Unsealable:
                self.stats.drop("unsealable")
                return None
            peer = self.peers[env.sender] = _Peer(
                key, tokens=self.limits.burst, at=self.clock()
            )
        return peer

    async def _handle(self, sender: str, peer: _Peer, intent: Intent) -> None:
        if intent.seq == peer.last_seq and peer.last_answer:
            await self._send(sender, peer.last_answer)  # a resend: same answer
            return
        if intent.seq <= peer.last_seq:
            self.stats.drop("replay")
            return
        if not self._take_token(peer):
            self.stats.drop("rate")
            if not peer.told_slow:
                peer.told_slow = True
                slow = Refused("", code="rate")
                now = self.snapshot()[0]
                await self._answer(sender, peer, intent.seq, Answer(0, now, slow))
            return
        peer.told_slow = False
        peer.last_seq = intent.seq
        revision, _state = self.snapshot()
        if intent.seen > revision:
            result: int | Refused = Refused(CHANGED_MEANWHILE, code="stale")
        else:
            # As a served session's Watch: a phone has seen what it made itself,
            # so quick taps in a row are not stale because of each other.
            seen = max(intent.seen, peer.made)
            result = await self.apply(replace(intent, seen=seen))
            self.stats.applied += 1
        if isinstance(result, int):
            peer.made = result
            await self._publish_quietly()
            await self._answer(sender, peer, intent.seq, Answer(intent.seq, result))
        else:
            answer = Answer(intent.seq, self.snapshot()[0], result)
            await self._answer(sender, peer, intent.seq, answer)

    async def _publish_quietly(self) -> None:
        with suppress(Offline):  # published again by the next change or reconnect
            await self.changed()

    def _take_token(self, peer: _Peer) -> bool:
        now = self.clock()
        peer.tokens = min(
            self.limits.burst, peer.tokens + (now - peer.at) * self.limits.per_second
        )
        peer.at = now
        if peer.tokens < 1:
            return False
        peer.tokens -= 1
        return True

    async def _answer(self, sender: str, peer: _Peer, seq: int, answer: Answer) -> None:
        if answer.seq != seq:
            answer = Answer(seq, answer.revision, answer.refused)
        raw = await self._seal(peer.key, "ans", answer.plain())
        if seq == peer.last_seq:
            peer.last_answer = raw
        await self._send(sender, raw)

    async def _send(self, sender: str, raw: bytes) -> None:
        with suppress(Offline):  # the guest resends its tap; the answer is kept
            await self.transport.publish(f"{self.subjects['ans']}.{sender}", raw)
