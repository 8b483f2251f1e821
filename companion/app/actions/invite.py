"""The host's Invite screen: its view for the address picked (the screen
holds that choice), "New invite", and the phones panel's switches."""

from __future__ import annotations

from dataclasses import dataclass

from companion.app.actions.game import PhonesIntents, phones_of
from companion.app.intents import Result
from companion.app.observable import Notice
from companion.app.views.invite import InviteView
from companion.app.views.players import PhonesView


@dataclass(frozen=True, slots=True)
class InviteScreenView:
    invite: InviteView | str  # the links, or why not (HOST_ONLY in English)
    notice: Notice | None
    phones: PhonesView | None


class InviteIntents(PhonesIntents):
    def view(self, address: str = "") -> InviteScreenView:
        """The Invite for ``address`` ("": the best one)."""
        state = self._state
        shared = state.tables.view()  # a phones-only table's, when shared
        invite = state.invite.view(address or None) if shared is None else shared
        return InviteScreenView(invite, state.notice, phones_of(state, always=True))

    async def renew(self) -> Result:
        """A new invite: every link given so far stops working."""
        if self._state.tables.view() is not None:
            return await self._do(self._state.tables.renew)
        return await self._do(self._state.invite.renew)

    async def share_table(self, broker: str, app_url: str) -> Result:
        """The phone app: share the game through ``broker`` (issue 39)."""
        return await self._do(self._state.tables.share, broker, app_url)
