"""The host's Invite: the join link (and its QR) for the game in play, and
"New invite", which makes every link given so far stop working.

Why an owner of its own: only the host's screen may see the links or renew
them (a phone could otherwise hand itself a fresh invite), so the check is
made here with the session's :class:`LiveSeat`, whatever the page sent.
Which addresses a phone can reach is found here too; the screen's value is
built by the pure :func:`companion.app.views.invite.invite_view`.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.i18n import N_, _

from .hub import GameHub
from .live import HOST_ONLY, LiveSeat
from .refusal import NO_GAME, Refusal
from .serving import Serving
from .views.invite import InviteView, invite_view

REVOKED = N_("Old invite links no longer work.")  # shown through _()
ANY_ADDRESS = ("0.0.0.0", "", "::")  # listening on every interface


def reachable(serving: Serving, found: Callable[[], list[str]]) -> list[str]:
    """The addresses a phone on the table's network may connect to."""
    if serving.local_only:
        return []
    if serving.host.strip("[]") in ANY_ADDRESS:
        return found()
    return [serving.host]  # the server listens on this one address only


def renew_invite(hub: GameHub, game_id: str | None) -> str:
    """Replace the game's invite (old links stop working); what to say."""
    if game_id is None:
        raise Refusal(_(NO_GAME))
    hub.new_invite(game_id)
    return _(REVOKED)


class Invite:
    """The open game's invite as this session may see and change it;
    ``found``: this computer's network addresses (tests give their own;
    else the server's reader, ``serving.addresses``)."""

    def __init__(
        self,
        hub: GameHub,
        serving: Serving,
        seat: LiveSeat,
        found: Callable[[], list[str]] | None = None,
    ) -> None:
        self.hub = hub
        self.serving = serving  # where the server listens (the links)
        self.seat = seat
        self.found = serving.addresses if found is None else found

    @property
    def game_id(self) -> str | None:
        watch = self.seat.watch
        return None if watch is None else watch.game.id

    def view(self, address: str | None = None) -> InviteView | str:
        """The join link and QR for ``address`` (else the best one), or why
        they cannot be shown (:data:`HOST_ONLY` in English: the screen words it)."""
        if not self.seat.host:
            return HOST_ONLY
        game_id = self.game_id
        if game_id is None:
            return _(NO_GAME)
        addresses = reachable(self.serving, self.found)
        token = ""
        if addresses:
            try:
                token = self.hub.invite(game_id)
            except Refusal as exc:
                return exc.message
        return invite_view(game_id, self.serving, addresses, token, address)

    def renew(self) -> str:
        """Replace the open game's invite: old links stop working."""
        self.seat.check_host()
        return renew_invite(self.hub, self.game_id)
