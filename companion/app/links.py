"""The links a phone opens (join, board) and whether a host is loopback.

Why here, in the app layer, and pure: the Invite builds its links from the
addresses it is given, and :class:`~companion.app.serving.Serving` says
whether phones can connect at all; which addresses this machine has is read
by the server (``companion.server.net``) and comes in as a value, so the
app layer never imports ``server`` (issue 36).
"""

from __future__ import annotations

import ipaddress
from urllib.parse import quote

_LOOPBACK_NAMES = {"localhost", "localhost.", "ip6-localhost", "ip6-loopback"}


def base_url(address: str, port: int) -> str:
    host = f"[{address}]" if ":" in address else address
    return f"http://{host}:{port}"


def _link(address: str, port: int, screen: str, game_id: str, token: str) -> str:
    game = quote(game_id, safe="")
    return f"{base_url(address, port)}/{screen}/{game}?t={quote(token)}"


def join_url(address: str, port: int, game_id: str, token: str) -> str:
    """The link a phone opens to join the game (the Invite's QR)."""
    return _link(address, port, "join", game_id, token)


def board_url(address: str, port: int, game_id: str, token: str) -> str:
    """The read-only board of the game, for a TV or a tablet."""
    return _link(address, port, "board", game_id, token)


def is_loopback(host: str) -> bool:
    """Whether a server listening on ``host`` is reachable only from this
    computer ("0.0.0.0", "::" and LAN addresses are not loopback)."""
    text = host.strip().strip("[]").lower()
    if text in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(text).is_loopback
    except ValueError:
        return False
