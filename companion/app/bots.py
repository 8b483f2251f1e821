"""Computer players move on the server: one driver per open game.

Why: the pages used to move them (each page slept, then asked for a move),
so with several phones on one game every page drove the bots (a bot could
move twice in one pause), and with every phone on the score sheet they
stopped. Now the hub gives each :class:`~companion.app.open_game.OpenGame`
one :class:`BotDriver`. After any commit that leaves a computer player to
decide, it schedules exactly one move after the pause, on the event loop
(the one scheduler, on the server and in the phone's browser). The
computer player thinks off the loop, on the state as it was
(:func:`companion.app.thinking.off_loop`: a worker thread on the server),
never while holding the game's lock; its move is committed through
:meth:`OpenGame.commit` like any other change, only if the game is still
as it thought about it (else it thinks again). The pages only re-render,
as after any other change.

- Never two moves waiting for one game; none while nobody watches the game
  (a watcher coming back wakes it); cancelled when the game is deleted or
  dropped from the hub.
- A failed move (a full disk) is said on every screen of the game and not
  retried in a loop: the next change, or a page opening the game, tries again.
- The pause and the scheduler are injected (:class:`BotClock`): tests pass a
  tiny pause or a scheduler whose time they move by hand.
"""

from __future__ import annotations

import asyncio
import logging
import os
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field

from companion.i18n import N_
from companion.i18n.said import Said

from .digital import DIGITAL_SCOPE
from .digital_table import bot_moved, bot_name, bot_to_move, round_news
from .open_game import GameState, OpenGame
from .refusal import Refusal
from .thinking import off_loop

# Seconds before a computer player moves: long enough to follow what it did.
# (Browser tests shorten it with COMPANION_BOT_PAUSE.)
BOT_PAUSE = float(os.environ.get("COMPANION_BOT_PAUSE", "0.9"))

Cancel = Callable[[], None]
# schedule(delay, work): run ``work`` once after ``delay`` seconds (never
# before returning), and return the way to cancel it.
Schedule = Callable[[float, Callable[[], None]], Cancel]

log = logging.getLogger(__name__)


def on_loop(delay: float, work: Callable[[], None]) -> Cancel:
    """The real scheduler: the event loop's own timer (Flet's loop on the
    server, the one Pyodide drives with JavaScript timers in the browser)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # poked between two runs of a loop (a unit test)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            loop = asyncio.get_event_loop()
    handle = loop.call_later(delay, work)
    return handle.cancel


def real_clock() -> Schedule:
    """The one scheduler, everywhere."""
    return on_loop


@dataclass(frozen=True, slots=True)
class BotClock:
    """How long a computer player waits, and who keeps time."""

    pause: float = BOT_PAUSE
    schedule: Schedule = field(default_factory=real_clock)


class BotDriver:
    """Moves the computer players of one open game (see module doc)."""

    def __init__(self, game: OpenGame, clock: BotClock) -> None:
        self.game = game
        self.clock = clock
        self._waiting: Cancel | None = None
        self._thinking = False  # a move is being worked out or committed
        self._stopped = False
        self._tasks: set[asyncio.Task[None]] = set()
        game.after_commit(self.poke)

    @property
    def waiting(self) -> bool:
        """A move is scheduled."""
        return self._waiting is not None

    def poke(self) -> None:
        """After a commit (or when a screen opens the game): schedule one
        move if a computer player must decide and none is scheduled yet."""
        if self._stopped or self._waiting is not None or self._thinking:
            return
        if self._wanted():
            self._waiting = self.clock.schedule(self.clock.pause, self._move)

    def stop(self) -> None:
        """The game was deleted or dropped from the hub: no more moves."""
        self._stopped = True
        cancel, self._waiting = self._waiting, None
        if cancel is not None:
            cancel()

    def _wanted(self) -> bool:
        game = self.game
        return not game.deleted and game.watchers > 0 and bot_to_move(game.state)

    def _move(self) -> None:
        """The pause is over: one computer player decides, on the loop."""
        self._waiting = None
        if self._stopped or not self._wanted():
            return
        self._thinking = True
        task = asyncio.ensure_future(self._step())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _step(self) -> None:
        """Think off the loop on the state as it is now, then commit the move
        if the game is still so (else think again). The commit's own hook
        (:meth:`poke`) schedules the next move; a failed one does not."""
        game = self.game
        try:
            before = game.state
            name = bot_name(before)
            try:
                after = await off_loop(bot_moved, before)
                moved = await self._commit(name, before, after)
            except Refusal as exc:
                self._failed(name, exc.message)
                return
            except Exception:  # a bug must not end the driver unseen
                log.exception("computer player %s could not move", name)
                why = Said(N_("an error in the app (see the server's log)."))
                self._failed(name, why)
                return
        finally:
            self._thinking = False
        if not moved:
            self.poke()  # the game moved on while it thought: think again
            return
        if news := round_news(before.sheet, after.sheet):
            game.say(news)
        self.poke()

    async def _commit(self, name: str, before: GameState, after: GameState) -> bool:
        """Commit ``after`` if the game is still at ``before``."""
        game = self.game
        if game.state is not before or self._stopped or after is before:
            return False
        if game.note is not None and game.note.error:
            game.hush()  # trying again: the last failure is old news
        taken: list[bool] = []

        def change(now: GameState) -> GameState:
            taken.append(now is before)
            return after if now is before else now

        await game.commit(
            change,
            what=Said(N_("{name} (computer) moved"), name=name),
            scopes=[DIGITAL_SCOPE],
        )
        return all(taken)

    def _failed(self, name: str, why: str) -> None:
        if self.game.deleted:
            return  # the screens already went Home and said why
        self.game.say(
            Said(
                N_(
                    "{name} (computer) could not move: {why} "
                    "Reload the page to let {name} try again."
                ),
                name=name,
                why=why,
            ),
            error=True,
        )
