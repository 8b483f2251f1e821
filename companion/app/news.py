"""What another session's change of the open game means for this one.

Why apart from the session: a session's own commit re-renders it through
:meth:`AppState.run`, while a change made on another screen (or by a
computer player) reaches it from outside (its :class:`Watch` tells the two
apart by the commit's origin, not by the thread: everything runs on one
event loop). What such a
change does to this session's notice is one piece of bookkeeping: news
about an older sheet ("Ann deals next.") goes, the server's own news on
the game (a computer player ended the round, or could not move) comes and
goes with it, and the screen's listeners are told.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.rules import Sheet

from .observable import Listener, Notice
from .open_game import Note, Watch


class News:
    """This session's view of changes made elsewhere."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []
        self._about: Sheet | None = None  # the sheet the notice was about
        self._heard: Note | None = None  # the server's last news on the game

    def subscribe(self, callback: Listener) -> Callable[[], None]:
        """Call ``callback`` when another session changed the open game
        (during that session's commit: the UI asks its own page to redraw)."""
        self._listeners.append(callback)
        return lambda: self._listeners.remove(callback)

    def said_about(self, watch: Watch | None) -> None:
        """The notice just shown is about this sheet: only another change of
        it makes the notice stale."""
        self._about = None if watch is None else watch.state.sheet

    def stale(self, watch: Watch | None) -> bool:
        return watch is None or watch.state.sheet is not self._about

    def opened(self, watch: Watch) -> None:
        """Old news is not shown to a newcomer to the game."""
        self._heard = watch.game.note

    def hear(self, note: Note | None, notice: Notice | None) -> Notice | None:
        """The notice once the server's news on the game is ``note``: new
        news is shown; once it is over (the next move worked), it goes."""
        if note == self._heard:
            return notice
        old, self._heard = self._heard, note
        if old is not None and notice == Notice(old.text, error=old.error):
            notice = None
        if note is not None and note.text:
            notice = Notice(note.text, error=note.error)
        return notice

    def tell(self) -> None:
        for callback in list(self._listeners):
            callback()
