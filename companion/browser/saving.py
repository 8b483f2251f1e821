"""The games folder written out to IndexedDB after each change: in order,
one write at a time, never inside a commit; a refused write told at once.

Why not wait for IndexedDB inside the commit, as the app once did: Pyodide
runs the app on one thread, and a synchronous commit can only wait by
``run_sync``, which suspends the commit's stack and lets the browser run
whatever comes next meanwhile: the next tap's task, a computer player's
``call_later`` move. That task entered the same game's commit (its lock is
re-entrant, and it is the same thread), read the same state, wrote and
swapped, then the first commit swapped its state over it: taps and computer
moves lost (issue 34: 5 of 38 bursts of five taps lost two), and with taps
0 ms apart, stacks suspended inside each other crashed Pyodide. No lock can
make the second commit wait without suspending once more. So a commit never
yields: it writes the game's file to the folder in memory and swaps its
state in one synchronous step (nothing else runs in between), and only asks
here for the folder to go to IndexedDB.

The write is a barrier after the swap: it starts at once, and a change made
while it runs is written by the next one, which starts when it ends (two
IDBFS writes at once would race over the same records). IndexedDB thus
only ever holds a folder that memory held, in commit order, and a burst of
taps costs one or two writes, not one each. What is lost: a change shown a
few milliseconds before IndexedDB has it, so a page closed in that instant
loses its last tap (the browsers without JavaScript promise integration
were always so). "One event loop" (issue 36) makes the commit ``async``
and awaits the write before showing.

A write IndexedDB refuses (the phone is full: ``QuotaExceededError``)
aborts IDBFS's whole transaction, so IndexedDB keeps the folder as it was,
and the change stays in memory and on screen. The player is told at once
(:data:`NO_ROOM`); the next change writes the whole difference again, this
one included, and once a write works the player is told so.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from companion.i18n import N_
from companion.i18n.said import Said

log = logging.getLogger(__name__)

NO_ROOM = N_(
    "This phone has no room left: the round is still here, not saved. "
    "Free some space and keep the app open: the next change saves it."
)
NOT_SAVED = N_(
    "This phone would not save the games ({reason}): the round is still "
    "here, not saved. Keep the app open: the next change tries again."
)
SAVED_AGAIN = N_("Saved on this phone again: nothing was lost.")
FULL = "QuotaExceededError"  # the DOMException a full origin raises


class WriteRefused(OSError):
    """IndexedDB said no; ``name`` is the DOMException's name."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(f"IndexedDB: {name}: {message}")
        self.name = name
        self.message = message


def refusal_words(exc: OSError) -> str:
    """What the player reads when a write was refused."""
    if isinstance(exc, WriteRefused) and exc.name == FULL:
        return Said(NO_ROOM)
    reason = exc.message if isinstance(exc, WriteRefused) else str(exc)
    return Said(NOT_SAVED, reason=reason or str(exc))


class Saver:
    """Writes the folder out after each change (see the module doc).

    ``write`` copies the folder to IndexedDB (raises :class:`OSError` when
    refused); ``tell(text, error)`` shows the player a sentence.
    """

    def __init__(
        self,
        write: Callable[[], Awaitable[None]],
        tell: Callable[[str, bool], None],
    ) -> None:
        self._write = write
        self._tell = tell
        self._again = False
        self._running: asyncio.Future[None] | None = None
        self.failing: OSError | None = None  # the last write was refused

    def changed(self) -> None:
        """The folder changed: write it out after the write under way, if
        any. Never waits: called inside a commit."""
        self._again = True
        if self._running is None:
            self._running = asyncio.ensure_future(self._run())

    async def settled(self) -> None:
        """Wait until every change asked for so far was written (or refused)."""
        while self._running is not None:
            await asyncio.shield(self._running)

    async def _run(self) -> None:
        try:
            while self._again:
                self._again = False
                try:
                    await self._write()
                except OSError as exc:
                    log.warning("the games could not be written to IndexedDB: %s", exc)
                    self.failing = exc
                    self._say(refusal_words(exc), True)
                else:
                    if self.failing is not None:
                        self.failing = None
                        self._say(Said(SAVED_AGAIN), False)
        finally:
            self._running = None

    def _say(self, text: str, error: bool) -> None:
        """Tell the player; a screen that cannot show it now must not stop
        the writes that follow."""
        try:
            self._tell(text, error)
        except Exception:  # noqa: BLE001 - logged; the next write still runs
            log.exception("could not tell the player: %s", text)
