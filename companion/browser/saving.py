"""The games folder written out to IndexedDB after each change: in order,
one write at a time, awaited by the commit; a refused write told at once.

Why not ``run_sync``, as the app once did: Pyodide runs the app on one
thread, and a synchronous commit could only wait by suspending its stack,
which let the browser run whatever came next meanwhile: the next tap's
task, a computer player's move. That task entered the same game's commit
(its lock was re-entrant, and on the same thread), read the same state,
wrote and swapped, then the first commit swapped its state over it: taps
and computer moves lost (issue 34: 5 of 38 bursts of five taps lost two),
and with taps 0 ms apart, stacks suspended inside each other crashed
Pyodide. Now (issue 36) the commit is ``async``: it writes the game's file
to the folder in memory, asks here for the folder to go to IndexedDB, and
awaits :meth:`Saver.settled` under the game's ``asyncio.Lock``; the next
tap's commit waits on that lock, then reads what the first one left.

The write is a barrier: it starts at once, and a change made while it runs
is written by the next one, which starts when it ends (two IDBFS writes at
once would race over the same records). IndexedDB thus only ever holds a
folder that memory held, in commit order, and a change is shown only once
IndexedDB has it (or refused it: see below).

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
        any. Never waits: the commit awaits :meth:`settled`."""
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
