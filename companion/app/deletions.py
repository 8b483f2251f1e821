"""The games a session deletes, and the one it can bring back.

Why apart from the session: Home's "Undo delete" and the false start that
is not kept ("No round was played, so the game of … was not kept.") are
one piece of bookkeeping — the last record deleted here, and the game this
session started — with its own host check; the session only leaves a game
it deleted and shows the words.
"""

from __future__ import annotations

from companion.i18n import _, names_list
from companion.store import GameRecord

from .hub import GameHub
from .live import LiveSeat
from .open_game import Watch
from .refusal import Refusal, could_not_save


class Deletions:
    """The last game this session deleted (to restore) and the game it started."""

    def __init__(self, hub: GameHub, seat: LiveSeat) -> None:
        self.hub = hub
        self.seat = seat
        self.last: GameRecord | None = None
        self.fresh: str | None = None  # the game this session started

    @property
    def can_restore(self) -> bool:
        return self.last is not None

    def delete(self, game_id: str) -> str | None:
        """Delete a game (the view asks first); :meth:`restore` undoes."""
        self.seat.check_host()
        self.last = self.hub.delete(game_id)
        return _("Game deleted.") if self.last else None

    def restore(self) -> str:
        self.seat.check_host()
        if self.last is None:
            raise Refusal(_("Nothing to restore."))
        try:
            self.hub.store.restore(self.last)
        except OSError as exc:
            raise could_not_save(exc) from exc
        self.last = None
        return _("Game restored.")

    def drop_unplayed(self, watch: Watch | None) -> str | None:
        """A game started here and left before anything was played is not
        kept (the message offers Undo delete): Home lists games, not false
        starts. Another screen on it, or anything entered, keeps it."""
        if watch is None or watch.game.id != self.fresh or watch.game.watchers > 1:
            return None
        state = watch.state
        if state.sheet.rounds or state.undone is not None or state.digital.round:
            return None
        if state.draft.editing is not None or not state.draft.empty:
            return None
        try:
            self.last = self.hub.delete(watch.game.id)
        except Refusal:
            return None
        self.fresh = None
        names = names_list([p.name for p in state.sheet.seated])
        return _("No round was played, so the game of {names} was not kept.").format(
            names=names
        )
