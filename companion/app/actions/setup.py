"""The new game's setup: its view for the name being typed (names from
earlier games suggested), and the form's intents; Start game."""

from __future__ import annotations

from dataclasses import dataclass

from companion.app.digital import NEW_COMPUTER
from companion.app.intents import Intents, Result, settled
from companion.app.observable import Notice
from companion.app.views.setup import SetupView, setup_of


@dataclass(frozen=True, slots=True)
class SetupScreenView:
    setup: SetupView
    notice: Notice | None


class SetupIntents(Intents):
    def view(self, typed: str = "") -> SetupScreenView:
        """The form, suggesting names that start with ``typed``."""
        return SetupScreenView(setup_of(self._state, typed), self._state.notice)

    async def add(self, name: str) -> Result:
        return await self._do(self._state.form.add, name)

    async def add_computer(self) -> Result:
        return await self._do(self._state.form.add_computer, NEW_COMPUTER)

    async def move(self, index: int, delta: int) -> Result:
        return await self._do(self._state.form.move, index, delta)

    async def remove(self, index: int) -> Result:
        return await self._do(self._state.form.remove, index)

    async def set_dealer(self, index: int) -> Result:
        return await self._do(self._state.form.set_dealer, index)

    async def set_computer(self, index: int, strategy: str | None) -> Result:
        return await self._do(self._state.form.set_computer, index, strategy)

    async def set_option(self, name: str, on: bool) -> Result:
        return await self._do(self._state.form.set_option, name, on)

    async def set_two_decks(self, on: bool) -> Result:
        return await self._do(self._state.form.set_two_decks, on)

    async def set_target(self, text: str) -> Result:
        return await self._do(self._state.form.set_target, text)

    async def start_game(self) -> Result:
        """Start the game set up here (it becomes the open game)."""
        return await settled(self._state.start_game())
