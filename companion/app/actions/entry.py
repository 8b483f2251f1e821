"""The round entry's intents: tap a card in or out, busted, a typed score,
done, Brutal's +15 or −15, the odds, Save, Clear round, Cancel edit.

Why a frozen dataclass: the entry's parts are kept from one render to the
next (``ui/kept.py``) while what they draw and their handlers are equal;
these intents are equal while the session and the game's owners are the
same, so a kept part's handlers still reach the live owners.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.app.corrections import Corrections
from companion.app.intents import Result, perform
from companion.app.observable import Notice
from companion.app.table_odds import OddsAtTable
from companion.app.tap_in import RoundEntry
from companion.app.views.entry import EntryView, entry_of

if TYPE_CHECKING:
    from companion.app.session import AppState


@dataclass(frozen=True, slots=True)
class EntryScreenView:
    entry: EntryView
    notice: Notice | None


@dataclass(frozen=True)
class EntryIntents:
    state: AppState
    entry: RoundEntry
    fixes: Corrections
    odds: OddsAtTable

    def rounds(self) -> int:
        """Rounds on the sheet now (a save on any screen changes it)."""
        return len(self.entry.sheet.rounds)

    def view(self, chosen: str) -> EntryScreenView | None:
        """The entry with ``chosen``'s line open (the screen's choice)."""
        view = entry_of(self.state, chosen)
        return None if view is None else EntryScreenView(view, self.state.notice)

    async def add(self, pid: str, code: str) -> Result:
        return await perform(self.state, self.entry.add_card, pid, code)

    async def remove(self, pid: str, index: int) -> Result:
        return await perform(self.state, self.entry.remove_card, pid, index)

    async def busted(self, pid: str, on: bool) -> Result:
        return await perform(self.state, self.entry.set_busted, pid, on)

    async def typed(self, pid: str, value: str | None) -> Result:
        return await perform(self.state, self.entry.set_typed, pid, value)

    async def done(self, pid: str, done: bool) -> Result:
        return await perform(self.state, self.entry.set_done, pid, done)

    async def attack(self, target: str | None) -> Result:
        return await perform(self.state, self.entry.choose_attack, target)

    async def odds_on(self, on: bool) -> Result:
        return await perform(self.state, self.odds.set_on, on)

    async def reshuffled(self) -> Result:
        return await perform(self.state, self.odds.reshuffled)

    async def save(self) -> Result:
        return await perform(self.state, self.entry.save)

    async def clear(self) -> Result:
        return await perform(self.state, self.entry.clear)

    async def cancel_edit(self) -> Result:
        return await perform(self.state, self.fixes.cancel_edit)

    async def tell(self, text: str, *, error: bool = False) -> None:
        self.state.tell(text, error=error)

    def say(self, text: str) -> None:
        """A message from a render's effect, which cannot await (the round
        was saved on another screen): nothing changes but the notice."""
        self.state.tell(text)

    async def refuse(self, text: str) -> None:
        await self.tell(text, error=True)


def entry_intents(state: AppState) -> EntryIntents | None:
    """The open game's entry intents (None: no game is open)."""
    entry, fixes, odds = state.entry, state.fixes, state.odds
    if entry is None or fixes is None or odds is None:
        return None
    return EntryIntents(state, entry, fixes, odds)
