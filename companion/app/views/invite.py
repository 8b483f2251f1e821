"""The Invite screen's view: the join link and the board link for the
chosen address, their QR images, the addresses to choose from — or why
phones cannot join at all (then there are no links).

Why a value: which reason is given (this phone alone, this computer only,
no network address), which address is chosen when the one picked is gone
and the links' exact text are decided here, tested without a page; the
owner (:class:`companion.app.invite.Invite`) finds the addresses and the
game's token and checks that the session is the host's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from companion.app.links import board_url, join_url
from companion.app.serving import Serving, restart_command
from companion.i18n import N_, _
from companion.share import qr_png

# Shown through _() (in the host's language); the constants are English.
LOCAL_ONLY = N_(
    "Phones can't join: this server only listens on this computer. "
    "Restart it with: {command}"
)
ON_THIS_PHONE = N_(
    "Phones can't join yet: this app runs on this phone, and no table broker "
    "is set. Type its address under Table broker below (the guide's "
    "“A live table with phones only” says how to run one), or run Flip 7 "
    "Companion on a computer on the table's Wi-Fi and invite the phones "
    "from there."
)
NO_ADDRESS = N_(
    "Phones can't join: this computer has no network address. Connect it to "
    "the table's Wi-Fi (or turn on its hotspot), then open Invite again."
)
QR_PX = 600  # the PNG's side; shown at about 300 px, crisp on any phone


@dataclass(frozen=True, slots=True)
class Link:
    """A link with the game's token, and its QR code."""

    url: str
    png: bytes


@dataclass(frozen=True, slots=True)
class InviteView:
    """What the Invite screen shows; ``problem`` says why phones can't join
    (then there are no links)."""

    game_id: str
    addresses: tuple[str, ...]
    address: str | None
    join: Link | None = None  # for a player's phone
    board: Link | None = None  # for a read-only board (a TV, a tablet)
    problem: str | None = None
    status: str | None = None  # a phones-only table's link: offline, taken


def cannot_join(serving: Serving, addresses: Sequence[str]) -> str | None:
    """Why no phone can join (None: they can, at one of ``addresses``)."""
    if serving.standalone:
        return _(ON_THIS_PHONE)
    if serving.local_only:
        return _(LOCAL_ONLY).format(command=restart_command(serving))
    return None if addresses else _(NO_ADDRESS)


@lru_cache(maxsize=16)
def qr_of(text: str) -> bytes:
    return qr_png(text, size_px=QR_PX).png  # the same QR code as Share's


def invite_view(
    game_id: str,
    serving: Serving,
    addresses: Sequence[str],
    token: str,
    address: str | None = None,
) -> InviteView:
    """The Invite of game ``game_id`` (its invite ``token``) for ``address``,
    the first of ``addresses`` when it is None or gone."""
    problem = cannot_join(serving, addresses)
    if problem is not None:
        return InviteView(game_id, (), None, problem=problem)
    chosen = address if address is not None and address in addresses else addresses[0]
    join = join_url(chosen, serving.port, game_id, token)
    board = board_url(chosen, serving.port, game_id, token)
    return InviteView(
        game_id,
        tuple(addresses),
        chosen,
        Link(join, qr_of(join)),
        Link(board, qr_of(board)),
    )
