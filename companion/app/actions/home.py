"""Home's intents: delete a game (the screen asks first), undo the delete,
and the backups every games screen shows (:class:`GamesIntents`)."""

from __future__ import annotations

from companion.app.intents import Result, settled

from .games import GamesIntents


class HomeIntents(GamesIntents):
    async def delete_game(self, game_id: str) -> Result:
        return await settled(self._state.delete_game(game_id))

    async def undo_delete(self) -> Result:
        return await self._do(self._state.deletions.restore)
