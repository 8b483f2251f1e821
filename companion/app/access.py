"""Who a session is at a live table, decided once when it connects.

Why: a server bound to the table's Wi-Fi can be reached by any phone on it.
The serving machine itself (its own addresses, or those named as trusted)
is the **host** and sees everything, as before. Any other client is a
**guest**: it sees nothing but the "scan the invite" page until it brings a
valid invite token for one game, and then only that game (its sheet, its
round, its digital table), never Home, History, other games, deletion or
settings. A **board** is a guest that only watches.

The decision is a pure function of the client's address, the URL it opened
and the game's token check, so it is unit-tested without a server; the UI
calls :func:`admit` when a session starts and :meth:`AppState.check_access`
re-checks the token on every render (a "New invite" shuts old links out).
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from urllib.parse import parse_qs

from companion.i18n import N_

LOOPBACK = frozenset({"127.0.0.1", "::1"})
# Headers a reverse proxy or tunnel adds to what it relays (nginx, Caddy,
# Apache, cloudflared, ngrok, tailscale serve...), lower-case as ASGI has them.
RELAY_HEADERS = frozenset(
    {
        "forwarded",
        "x-forwarded-for",
        "x-forwarded-host",
        "x-forwarded-proto",
        "x-forwarded-port",
        "x-real-ip",
        "x-client-ip",
        "x-cluster-client-ip",
        "true-client-ip",
        "cf-connecting-ip",
        "fastly-client-ip",
        "via",
    }
)
# How a relayed client is known when its address cannot be believed: no
# gate trusts it as the host, and it still counts as one address.
RELAYED = "relayed:"
_PATH = re.compile(
    r"^/(join|board|game)/([A-Za-z0-9_-]{1,64})(?:/(?:entry|digital|share|invite))?/?$"
)


class Role(Enum):
    HOST = "host"  # the serving machine: everything
    GUEST = "guest"  # a phone holding one game's invite
    BOARD = "board"  # a read-only screen for one game (a TV, a tablet)
    LOCKED = "locked"  # an untrusted client without a valid invite: nothing


@dataclass(frozen=True, slots=True)
class Access:
    role: Role = Role.HOST
    game_id: str = ""
    token: str = ""
    reason: str = ""  # for LOCKED: why, an N_() message the page words

    @property
    def host(self) -> bool:
        return self.role is Role.HOST

    @property
    def guest(self) -> bool:
        """Restricted to one game (a player's phone or a board)."""
        return self.role in (Role.GUEST, Role.BOARD)

    @property
    def locked(self) -> bool:
        return self.role is Role.LOCKED

    def allows(self, game_id: str | None) -> bool:
        """May this session show ``game_id``?"""
        if self.host:
            return True
        return self.guest and game_id == self.game_id


HOST = Access()


@dataclass(frozen=True, slots=True)
class Gate:
    """The server's side of the decision: whether it is reachable from
    other machines at all, and which client addresses are its own."""

    guarded: bool = False  # listening on more than loopback, or a proxy
    trusted: frozenset[str] = LOOPBACK
    proxy: bool = False  # a trusted reverse proxy forwards clients' addresses

    @classmethod
    def for_server(
        cls, host: str, trusted: Iterable[str] = (), *, proxy: bool = False
    ) -> Gate:
        own = {normal(a) for a in (*LOOPBACK, *trusted) if a}
        guarded = proxy or not is_loopback(host)
        return cls(guarded=guarded, trusted=frozenset(own), proxy=proxy)

    def trusts(self, client_ip: str | None) -> bool:
        address = normal(client_ip or "")
        if address.startswith(RELAYED):
            return False  # relayed by a proxy: who it is, nobody can tell
        return not self.guarded or address in self.trusted


def relayed_address(
    client: str, headers: Mapping[str, str], *, trust_proxy: bool
) -> str:
    """The address a connection is judged by. A reverse proxy on this
    computer relays every phone from 127.0.0.1, so behind one "loopback" no
    longer means "this computer" (issue 37): a request carrying a proxy's
    headers is ``relayed:<address>``, never the host. With a trusted proxy
    the client address it forwarded (put in place by uvicorn from
    ``X-Forwarded-For``) is judged like a direct one, unless it is still
    loopback: then the proxy said nobody's address, and nobody is the host."""
    if not any(name.lower() in RELAY_HEADERS for name in headers):
        return client
    if trust_proxy and not is_loopback(client or "127.0.0.1"):
        return client
    return f"{RELAYED}{client}"


def normal(address: str) -> str:
    """An address as compared: IPv4-mapped IPv6 (``::ffff:1.2.3.4``) unwrapped."""
    try:
        ip = ipaddress.ip_address(address.strip().strip("[]"))
    except ValueError:
        return address.strip().lower()
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ip)


def is_loopback(host: str) -> bool:
    """A listening host only this machine can reach."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(normal(host)).is_loopback
    except ValueError:
        return False


def invite_in(path: str) -> tuple[str, str, str] | None:
    """``(kind, game_id, token)`` from a URL path with ``?t=…``, or None."""
    base, _, query = (path or "/").partition("?")
    m = _PATH.match(base)
    if m is None:
        return None
    tokens = parse_qs(query).get("t", [])
    return m.group(1), m.group(2), (tokens[0] if tokens else "")


def admit(
    gate: Gate,
    client_ip: str | None,
    path: str,
    admits: Callable[[str, str], bool],
) -> Access:
    """Who a session is: host when the gate trusts its address, else a
    guest/board of the game whose valid token its URL carries, else locked."""
    if gate.trusts(client_ip):
        return HOST
    found = invite_in(path)
    if found is None or not found[2]:
        return Access(Role.LOCKED, reason="")
    kind, game_id, token = found
    if not admits(game_id, token):
        # Worded by the screen, in the language the phone asks for.
        return Access(Role.LOCKED, reason=N_("This invite does not work (any more)."))
    role = Role.BOARD if kind == "board" else Role.GUEST
    return Access(role, game_id, token)


def with_token(path: str, access: Access) -> str:
    """A guest's URL keeps its token, so a reload comes back in."""
    if not access.guest:
        return path
    return f"{path}?t={access.token}"
