"""The host's Invite: the join link (and its QR) for the game in play.

Why here and not in the view: which addresses a phone can reach, whether
it can reach any (a server listening on loopback cannot be joined), the
links with the game's token and their QR images are decisions and bytes the
tests check without a page; the screen only draws an :class:`InviteView`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from companion.i18n import N_, _
from companion.server.net import board_url, join_url, lan_addresses
from companion.share import qr_png

from .hub import GameHub
from .refusal import Refusal
from .serving import Serving

# Shown through _() (in the host's language); the constants are English.
LOCAL_ONLY = N_(
    "Phones can't join: this server only listens on this computer. "
    "Restart it with: uv run companion --host 0.0.0.0"
)
ON_THIS_PHONE = N_(
    "Phones can't join: this app runs on this phone alone, with no server. "
    "To give every phone its own screen, run Flip 7 Companion on a computer "
    "on the table's Wi-Fi and invite the phones from there."
)
NO_ADDRESS = N_(
    "Phones can't join: this computer has no network address. Connect it to "
    "the table's Wi-Fi (or turn on its hotspot), then open Invite again."
)
REVOKED = N_("Old invite links no longer work.")
ANY_ADDRESS = ("0.0.0.0", "", "::")  # listening on every interface
QR_PX = 600  # the PNG's side; shown at about 300 px, crisp on any phone


@dataclass(frozen=True, slots=True)
class InviteView:
    """What the Invite screen shows; ``problem`` says why phones can't join
    (then there are no links)."""

    game_id: str
    addresses: tuple[str, ...]
    address: str | None
    join_url: str | None = None
    board_url: str | None = None
    join_png: bytes | None = None
    board_png: bytes | None = None
    problem: str | None = None


def reachable(serving: Serving, found: Callable[[], list[str]]) -> list[str]:
    """The addresses a phone on the table's network may connect to."""
    if serving.local_only:
        return []
    if serving.host.strip("[]") in ANY_ADDRESS:
        return found()
    return [serving.host]  # the server listens on this one address only


@lru_cache(maxsize=16)
def _png(text: str) -> bytes:
    return qr_png(text, size_px=QR_PX).png  # the same QR code as Share's


def invite_view(
    hub: GameHub,
    game_id: str | None,
    serving: Serving,
    address: str | None = None,
    found: Callable[[], list[str]] = lan_addresses,
) -> InviteView | str:
    """The Invite of the open game for ``address`` (the best one when it is
    None or gone); the refusal's text when there is no game or no token."""
    if game_id is None:
        return _("No game is open.")
    if serving.standalone:
        return InviteView(game_id, (), None, problem=_(ON_THIS_PHONE))
    if serving.local_only:
        return InviteView(game_id, (), None, problem=_(LOCAL_ONLY))
    addresses = tuple(reachable(serving, found))
    if not addresses:
        return InviteView(game_id, (), None, problem=_(NO_ADDRESS))
    try:
        token = hub.invite(game_id)
    except Refusal as exc:
        return exc.message
    chosen = address if address in addresses else addresses[0]
    join = join_url(chosen, serving.port, game_id, token)
    board = board_url(chosen, serving.port, game_id, token)
    return InviteView(game_id, addresses, chosen, join, board, _png(join), _png(board))


def renew_invite(hub: GameHub, game_id: str | None) -> str:
    """Replace the game's invite (old links stop working); what to say."""
    if game_id is None:
        raise Refusal(_("No game is open."))
    hub.new_invite(game_id)
    return _(REVOKED)
