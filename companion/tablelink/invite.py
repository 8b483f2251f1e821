"""The phones-only invite: ``…/join/<game>#room=…&key=…&broker=…``.

Why in the fragment: a browser never sends the part after ``#`` to any
server, so the room key reaches the guest's phone through the QR code and
the camera only; the static host of the phone app and the broker never see
it. The phone keeps it in its own storage for reconnects. A new invite is a
new room and key (the old links stop working, as today's "New invite").
Read strictly: a link is typed or scanned from outside.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from urllib.parse import parse_qsl, quote, urlsplit

from .sealing import KEY_BYTES, PUBLIC_BYTES, Unsealable, b64, unb64

ROOM = re.compile(r"[A-Za-z0-9_-]{12,24}")
GAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
MAX_BROKER = 200


class BadInvite(ValueError):
    """Not a phones-only invite (``reason`` says which part, for the log)."""


@dataclass(frozen=True)
class Invite:
    game: str
    room: str
    key: bytes
    broker: str  # ws:// or wss:// address of the broker's WebSocket listener
    host: bytes  # the host's verifying key (ECDSA P-256, raw)

    def link(self, app: str) -> str:
        """The join link under the phone app's address ``app``."""
        fragment = (
            f"room={self.room}&key={b64(self.key)}&host={b64(self.host)}"
            f"&broker={quote(self.broker, safe='')}"
        )
        return f"{app.rstrip('/')}/join/{self.game}#{fragment}"


def new_invite(game: str, broker: str, host: bytes) -> Invite:
    """A fresh room and room key for ``game`` on ``broker``; ``host``: the
    host's verifying key (:meth:`~.host.TableHost.keys`)."""
    room, key = b64(os.urandom(12)), os.urandom(KEY_BYTES)
    return Invite(game, room, key, check_broker(broker), host)


def check_broker(address: str) -> str:
    parts = urlsplit(address)
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise BadInvite("the broker is not a ws:// or wss:// address")
    if len(address) > MAX_BROKER or parts.query or parts.fragment:
        raise BadInvite("the broker's address is odd")
    return address


def read_invite(url: str) -> Invite:
    """The invite in a scanned link; :class:`BadInvite` when odd."""
    parts = urlsplit(url)
    path = parts.path.rstrip("/").split("/")
    if len(path) < 2 or path[-2] != "join" or not GAME.fullmatch(path[-1]):
        raise BadInvite("no game in the link")
    fields = dict(parse_qsl(parts.fragment, strict_parsing=False))
    room, key, host, broker = (
        fields.get(k, "") for k in ("room", "key", "host", "broker")
    )
    if not ROOM.fullmatch(room):
        raise BadInvite("no room")
    try:
        raw_key, raw_host = unb64(key, KEY_BYTES), unb64(host, PUBLIC_BYTES)
    except Unsealable as exc:
        raise BadInvite("no key") from exc
    return Invite(path[-1], room, raw_key, check_broker(broker), raw_host)
