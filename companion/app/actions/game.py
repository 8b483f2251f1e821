"""The score sheet's view and intents (the host's sheet, its Players and
phones panels), and a joined phone's sheet.

Why the owners are looked up at each call: the sheet's screen outlives
the open game by a render (a game deleted on another screen), so an
intent whose owner is gone answers "No game is open." and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from companion.app.digital import next_strategy
from companion.app.intents import Intents, Result
from companion.app.observable import Notice
from companion.app.refusal import NO_GAME
from companion.app.views.game import GameView, game_of
from companion.app.views.guest_game import GuestGameView, guest_game_of
from companion.app.views.players import (
    PhonesView,
    PlayersView,
    phones_view,
    players_view,
)
from companion.i18n import _

if TYPE_CHECKING:
    from companion.app.session import AppState


@dataclass(frozen=True, slots=True)
class GameScreenView:
    game: GameView
    notice: Notice | None
    alerts: tuple[str, ...]  # what went wrong on its own, in red
    players: PlayersView
    phones: PhonesView | None  # the host's phones panel (None: not shown)


def phones_of(state: AppState, *, always: bool = False) -> PhonesView | None:
    sheet = state.sheet
    if sheet is None:
        return None
    return phones_view(sheet, state.seat.seats, state.seat.host, always=always)


def game_screen_of(state: AppState) -> GameScreenView | None:
    """The host's sheet as this session shows it (None: no game open)."""
    game, sheet = game_of(state), state.sheet
    if game is None or sheet is None:
        return None
    bots = None if state.table is None else state.digital.bots
    return GameScreenView(
        game,
        state.notice,
        tuple(state.alerts),
        players_view(sheet, bots),
        phones_of(state),
    )


@dataclass(frozen=True, slots=True)
class GuestScreenView:
    game: GuestGameView
    notice: Notice | None


def guest_screen_of(state: AppState) -> GuestScreenView | None:
    game = guest_game_of(state)
    if game is None:
        return None
    link = state.link
    if link is not None and game.round is not None:  # the host deals, not here
        table = link.table
        dealing = table is not None and not table.summary
        game = replace(game, round=replace(game.round, digital=dealing))
    return GuestScreenView(game, state.notice)


class PhonesIntents(Intents):
    """The host's say over the phones at the table."""

    async def make_scorer(self, pid: str, on: bool) -> Result:
        return await self._do(self._state.seat.make_scorer, pid, on)

    async def allow_late(self, on: bool) -> Result:
        return await self._do(self._state.seat.allow_late, on)


class PlayersIntents(Intents):
    """The Players panel: rename, add a late player, remove, person or
    computer."""

    async def add_player(self, name: str, *, at_lowest: bool = False) -> Result:
        return await self._on(
            self._state.fixes, lambda f: f.add_player, name, at_lowest=at_lowest
        )

    async def rename(self, pid: str, name: str) -> Result:
        return await self._on(self._state.fixes, lambda f: f.rename_player, pid, name)

    async def remove(self, pid: str) -> Result:
        return await self._on(self._state.fixes, lambda f: f.remove_player, pid)

    async def next_kind(self, pid: str) -> Result:
        """Person → easy → medium → hard → person (one button cycles)."""
        table = self._state.table
        if table is None:
            return _(NO_GAME)
        bot = self._state.digital.bots.get(pid)
        return await self._do(table.set_bot, pid, next_strategy(bot))


class GameIntents(PlayersIntents, PhonesIntents):
    """The host's score sheet."""

    async def edit_round(self, index: int) -> Result:
        return await self._on(self._state.fixes, lambda f: f.edit_round, index)

    async def undo_round(self) -> Result:
        return await self._on(self._state.fixes, lambda f: f.undo_round)

    async def redo_round(self) -> Result:
        return await self._on(self._state.fixes, lambda f: f.redo_round)

    async def set_purist(self, on: bool) -> Result:
        return await self._on(self._state.table, lambda t: t.set_purist, on)

    async def discard_digital(self) -> Result:
        """Discard the digital round under way (or left over)."""
        return await self._on(self._state.table, lambda t: t.discard)

    async def discard_draft(self) -> Result:
        """Discard the round half tapped in."""
        return await self._on(self._state.entry, lambda e: e.discard)
