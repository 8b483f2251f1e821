"""Computer players move on the server: one driver per open game.

Why: the pages used to move them (each page slept, then asked for a move),
so with several phones on one game every page drove the bots (a bot could
move twice in one pause), and with every phone on the score sheet they
stopped. Now the hub gives each :class:`~companion.app.open_game.OpenGame`
one :class:`BotDriver`. After any commit that leaves a computer player to
decide, it schedules exactly one move after the pause, on a timer thread,
and commits it through :meth:`OpenGame.commit` like any other change (not
checked against a screen: it reads the current round). The pages only
re-render, as after any other change.

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
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from companion.i18n import N_
from companion.i18n.said import Said
from companion.machine import runtime

from .digital import DIGITAL_SCOPE
from .digital_table import bot_moved, bot_name, bot_to_move, round_news
from .open_game import GameState, OpenGame
from .refusal import Refusal

# Seconds before a computer player moves: long enough to follow what it did.
# (Browser tests shorten it with COMPANION_BOT_PAUSE.)
BOT_PAUSE = float(os.environ.get("COMPANION_BOT_PAUSE", "0.9"))

Cancel = Callable[[], None]
# schedule(delay, work): run ``work`` once after ``delay`` seconds on another
# thread (never before returning), and return the way to cancel it.
Schedule = Callable[[float, Callable[[], None]], Cancel]

log = logging.getLogger(__name__)


def on_timer(delay: float, work: Callable[[], None]) -> Cancel:
    """The real scheduler: a daemon timer thread (a pending move never keeps
    the server from stopping)."""
    timer = threading.Timer(delay, work)
    timer.daemon = True
    timer.start()
    return timer.cancel


def on_loop(delay: float, work: Callable[[], None]) -> Cancel:
    """The browser's scheduler: it has no threads, so the move runs on the
    page's own event loop (the one Pyodide drives with JavaScript timers)."""
    handle = asyncio.get_event_loop().call_later(delay, work)
    return handle.cancel


def real_clock() -> Schedule:
    """The timer this copy of the app can have (:mod:`companion.machine.runtime`)."""
    return on_loop if runtime.IN_BROWSER else on_timer


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
        self._lock = threading.Lock()  # guards _waiting and _stopped only
        self._waiting: Cancel | None = None
        self._stopped = False
        game.after_commit(self.poke)

    @property
    def waiting(self) -> bool:
        """A move is scheduled."""
        return self._waiting is not None

    def poke(self) -> None:
        """After a commit (or when a screen opens the game): schedule one
        move if a computer player must decide and none is scheduled yet."""
        with self._lock:
            if self._stopped or self._waiting is not None or not self._wanted():
                return
            self._waiting = self.clock.schedule(self.clock.pause, self._move)

    def stop(self) -> None:
        """The game was deleted or dropped from the hub: no more moves."""
        with self._lock:
            self._stopped = True
            cancel, self._waiting = self._waiting, None
        if cancel is not None:
            cancel()

    def _wanted(self) -> bool:
        game = self.game
        return not game.deleted and game.watchers > 0 and bot_to_move(game.state)

    def _move(self) -> None:
        """The pause is over: one computer player decides. The commit's own
        hook (:meth:`poke`) schedules the next move; a failed one does not."""
        with self._lock:
            self._waiting = None
            if self._stopped or not self._wanted():
                return
        name = bot_name(self.game.state)
        steps: list[tuple[GameState, GameState]] = []

        def change(state: GameState) -> GameState:
            after = bot_moved(state)
            steps.append((state, after))
            return after

        if self.game.note is not None and self.game.note.error:
            self.game.hush()  # trying again: the last failure is old news
        try:
            self.game.commit(
                change,
                what=Said(N_("{name} (computer) moved"), name=name),
                scopes=[DIGITAL_SCOPE],
            )
        except Refusal as exc:
            self._failed(name, exc.message)
            return
        except Exception:  # a bug must not end the driver unseen
            log.exception("computer player %s could not move", name)
            self._failed(name, Said(N_("an error in the app (see the server's log).")))
            return
        if steps and (news := round_news(steps[-1][0].sheet, steps[-1][1].sheet)):
            self.game.say(news)

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
