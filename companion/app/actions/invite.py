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
        invite = state.invite.view(address or None)
        return InviteScreenView(invite, state.notice, phones_of(state, always=True))

    async def renew(self) -> Result:
        """A new invite: every link given so far stops working."""
        return await self._do(self._state.invite.renew)
