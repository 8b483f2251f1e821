"""The host phone's invite to a table of phones with no computer (issue 39),
and the broker it goes through ("Table broker").

Why a setting with a default baked in at publish time: no broker is ours to
promise, and whoever publishes the phone app can run a broker beside it
(``companion publish --broker wss://…`` writes ``companion/published.json``
into the published package: ``{"broker": "wss://…"}``; absent, there is no
default and the host types one). Why ``wss://``: a phone app served over
https may not open a plain ``ws://`` connection, and WebCrypto needs a
secure page anyway; ``ws://`` is allowed only for a broker on the device
itself (trying it on one computer).

The invite is the served Invite's, with the phones-only link
(``…/join/<game>#room=…&key=…&host=…&broker=…``) as its QR; "New invite"
makes a new room and key, so the links given so far stop working.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from companion.i18n import N_, _
from companion.i18n.said import Said
from companion.tablelink.broker import Offline
from companion.tablelink.invite import BadInvite, check_broker
from companion.tablelink.links import Links

from .invite import REVOKED
from .live import LiveSeat
from .published import PUBLISHED, published
from .refusal import NO_GAME, Refusal
from .table_host import HostLink
from .views.invite import InviteView, Link, qr_of

LOCAL = frozenset({"localhost", "127.0.0.1", "::1"})
NOT_WSS = N_(
    "The table broker's address starts with wss://, "
    "for example wss://table.example.org:8443."
)
PLAIN_WS = N_(
    "A ws:// broker is not encrypted: it works only on this device "
    "(localhost or 127.0.0.1). Use a wss:// address."
)
ODD = N_("That is not a broker's address: type it as wss://name:port.")
log = logging.getLogger(__name__)


def broker_address(text: str) -> str:
    """The "Table broker" setting as typed, checked; "" clears it.
    :class:`Refusal` says what is wrong."""
    address = text.strip()
    if not address:
        return ""
    parts = urlsplit(address)
    if parts.scheme not in ("ws", "wss"):
        raise Refusal(Said(NOT_WSS))
    try:
        check_broker(address)
        host = parts.hostname or ""
        parts.port  # noqa: B018 (a port that is not a number raises)
    except (BadInvite, ValueError) as exc:
        raise Refusal(Said(ODD)) from exc
    if parts.scheme == "ws" and host not in LOCAL:
        raise Refusal(Said(PLAIN_WS))
    return address


def default_broker(path: Path = PUBLISHED) -> str:
    """The broker the phone app was published with (``published.json``);
    "" when none (the file is absent, or odd: said in the log)."""
    data = published(path)
    address = data.get("broker", "")
    try:
        return broker_address(address) if isinstance(address, str) else ""
    except Refusal:
        log.warning("%s names no broker: %r", path, address)
        return ""


class TableInvite:
    """The open game shared through the broker, as the host's session may
    see and change it (``make_links``: how this phone reaches a broker)."""

    def __init__(self, seat: LiveSeat, make_links: Callable[[], Links]) -> None:
        self.seat, self.make_links = seat, make_links
        self.link: HostLink | None = None
        self.app_url = ""

    def _game(self) -> HostLink | None:
        """The link of the game open now (None: not shared)."""
        watch, link = self.seat.watch, self.link
        if watch is None or link is None or link.game is not watch.game:
            return None
        return link

    async def share(self, broker: str, app_url: str) -> None:
        """Share the open game on ``broker`` (again, when it changed); the
        links are made under the phone app's address ``app_url``."""
        self.seat.check_host()
        watch = self.seat.watch
        if watch is None:
            raise Refusal(_(NO_GAME))
        self.app_url = app_url
        address = broker_address(broker)
        link = self._game()
        if link is not None and link.invite.broker == address:
            return
        await self.stop()
        if not address:
            return
        names = [p.name for p in watch.state.sheet.seated]
        self.link = await HostLink.open(
            watch.game, address, self.make_links(), name=names[0] if names else ""
        )
        await self.link.start()

    async def resume(self, app_url: str) -> None:
        """The open game shared again, with no one asking, if this phone
        shared it before (the app was closed or reloaded): in the same room,
        so the guests' phones follow on without a new scan."""
        watch = self.seat.watch
        if watch is None or not self.seat.host or self._game() is not None:
            return
        kept = await self.make_links().kept_host(watch.game.id)
        if kept is not None:
            await self.share(kept.invite.broker, app_url)

    async def renew(self) -> str:
        """ "New invite": a new room and key; the old links stop working."""
        self.seat.check_host()
        link = self._game()
        if link is None:
            raise Refusal(_(NO_GAME))
        await link.renew()
        return _(REVOKED)

    async def stop(self) -> None:
        link, self.link = self.link, None
        if link is not None:
            with contextlib.suppress(Offline):  # leaving: nothing to tell
                await link.stop()

    def view(self) -> InviteView | None:
        """The phones-only Invite of the open game (None: not shared)."""
        link = self._game()
        if link is None or not self.app_url:
            return None
        join = link.invite.link(self.app_url)
        head, _sep, fragment = join.partition("#")
        board = f"{head.rsplit('/join/', 1)[0]}/board/{link.invite.game}#{fragment}"
        return InviteView(
            link.invite.game,
            (),
            None,
            Link(join, qr_of(join)),
            Link(board, qr_of(board)),
            status=link.words,
        )
