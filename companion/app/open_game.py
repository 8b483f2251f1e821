"""One game in play, shared by every session that shows it: the commit path.

Why: two tabs (or, later, every phone at the table) on one game used to
hold a copy each and save it over the file, so rounds were lost. Now a
server holds one :class:`OpenGame` per game id (:mod:`companion.app.hub`),
and every change goes through :meth:`OpenGame.commit`, one at a time (an
``asyncio.Lock``: a second commit waits for the first to end):

1. the change is computed from the *current* state (never a session's copy);
2. a change built on what a session saw is checked against what happened
   since (:class:`Change` scopes): taps on other lines are simply applied on
   top, a conflicting one is refused with what changed, never written over;
3. the new state is written to the store and the write awaited
   (:func:`companion.app.writing.written`: a worker thread on the server,
   IndexedDB in the phone's browser), and only then swapped in; a failed
   write leaves memory as it was (nothing to roll back);
4. the revision goes up and every watcher is told (the UI re-renders),
   with plain calls on the one event loop.

Steps 1–3 never let another commit of the game in. Everything runs on one
event loop (Flet's on the server, Pyodide's in the browser), and a commit
waits for its write with ``await``: the loop serves every other page
meanwhile. A second commit of the same game waits on the lock and then
reads the state the first one left. (Issue 34: the phone app once waited
for IndexedDB with ``run_sync`` under a re-entrant lock, and the next tap's
commit walked in on the same thread and one swap overwrote the other; an
``asyncio.Lock`` is never re-entered, so that cannot recur.)

The server's own work on a game (computer players, :mod:`companion.app.bots`)
hears of commits through :meth:`OpenGame.after_commit` without counting as a
watcher, and speaks to every screen on the game through :meth:`OpenGame.say`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, cast

from companion.i18n import _
from companion.i18n.said import worded
from companion.rules import RoundRecord, Sheet, SheetError
from companion.store import GameNotFound, GameStore

from .digital import Digital
from .entry import RoundDraft
from .problems import error_text
from .refusal import GAME_GONE, Refusal, could_not_save
from .seats import Seats
from .thinking import off_loop
from .writing import written

log = logging.getLogger(__name__)

GAME = "game"  # a scope that conflicts with every other change (saving a round…)
SEATS = "seats"  # who holds which seat: never in the way of the game's changes
LOG_SIZE = 256  # changes remembered to explain a refusal
Listener = Callable[[], None]
# A watcher hears of each change with its origin (the Watch that committed
# it, None for the server's own work), so a session tells its own from another's.
Heard = Callable[[object], None]
T = TypeVar("T")


def line(pid: str) -> str:
    """The scope of a change to one player's line of the round being entered."""
    return f"line:{pid}"


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything one game is at one revision. Never changed in place: a
    commit builds a new one (the draft and digital parts are copied first)."""

    sheet: Sheet
    draft: RoundDraft
    digital: Digital
    undone: RoundRecord | None = None  # the last undone round, for redo
    seats: Seats = Seats()  # which phone holds which player (not on disk)


class Derive(Protocol):
    """How a view gets a value worked out from the game's state: once per
    change and shared by every screen (:meth:`OpenGame.derived`), or just
    worked out (:func:`fresh`)."""

    def __call__(self, key: Hashable, make: Callable[[GameState], T]) -> T: ...


class Later(Protocol):
    """How a view gets a value too heavy to work out while it is drawn
    (:meth:`OpenGame.later`): the value, or None while it is worked out."""

    def __call__(self, key: Hashable, make: Callable[[GameState], T]) -> T | None: ...


def fresh(state: GameState) -> Derive:
    """Work each value out from ``state`` when asked (no sharing)."""

    def derive(key: Hashable, make: Callable[[GameState], T]) -> T:
        return make(state)

    return derive


@dataclass(frozen=True, slots=True)
class Change:
    """One committed change: what it touched and a phrase that says what it was."""

    revision: int
    scopes: frozenset[str]
    what: str

    def conflicts(self, scopes: frozenset[str]) -> bool:
        if self.scopes & scopes:
            return True
        if SEATS in self.scopes:  # a phone joined or dropped out: nothing to check
            return False
        return GAME in self.scopes or GAME in scopes


@dataclass(frozen=True, slots=True)
class Note:
    """News from the server itself for every screen on the game (a computer
    player ended the round, or could not move); ``serial`` tells one from
    the next when the words are the same."""

    serial: int
    text: str
    error: bool = False


def _seen(job: asyncio.Task[Any]) -> None:
    if not job.cancelled():
        job.exception()


@dataclass
class OpenGame:
    """A game held in memory for every session showing it (see module doc)."""

    id: str
    store: GameStore
    state: GameState
    revision: int = 0
    deleted: bool = False
    note: Note | None = None
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    _log: deque[Change] = field(default_factory=lambda: deque(maxlen=LOG_SIZE))
    _listeners: list[Heard] = field(default_factory=list, repr=False)
    # (the state they were computed from, values by key): see derived()
    _derived: tuple[GameState | None, dict[Hashable, Any]] = field(
        default=(None, {}), repr=False
    )
    _hooks: list[Listener] = field(default_factory=list, repr=False)
    # (the state they work on, jobs by key): see later()
    _jobs: tuple[GameState | None, dict[Hashable, asyncio.Task[Any]]] = field(
        default=(None, {}), repr=False
    )
    _loop: asyncio.AbstractEventLoop | None = field(default=None, repr=False)

    # --- watching ---------------------------------------------------------------
    def watch(self, listener: Heard) -> Callable[[], None]:
        """Call ``listener(origin)`` after every commit (any session's);
        returns the way to stop. Listeners run on the loop, after the lock."""
        with contextlib.suppress(RuntimeError):  # none: the first commit says
            self._loop = asyncio.get_running_loop()
        self._listeners.append(listener)

        def stop() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return stop

    @property
    def watchers(self) -> int:
        return len(self._listeners)

    def derived(self, key: Hashable, make: Callable[[GameState], T]) -> T:
        """``make(state)`` computed once per state and shared by every
        session showing the game: after a tap each of them re-renders and
        asks for the same scores, problems and copies left (eight phones and
        a board asked eighty times for the same line scores). The value is
        shared: callers must not change it. One tuple holds the state and its
        values, so a session on another thread never pairs a new state with
        old values."""
        state = self.state
        owner, values = self._derived
        if owner is not state:
            values = {}
            self._derived = (state, values)
        if key not in values:
            values[key] = make(state)
        return cast(T, values[key])

    def later(self, key: Hashable, make: Callable[[GameState], T]) -> T | None:
        """``make(state)`` when it is known for the current state; else None,
        and one job (however many screens ask) works it out off the loop,
        keeps it if the state is still the same and has every screen
        re-render. Why: the advisor's play-outs (odds while flipping) took
        the first render after each tap. With no loop anywhere (a script)
        nothing else waits: it is worked out at once."""
        state = self.state
        owner, values = self._derived
        if owner is state and key in values:
            return cast(T, values[key])
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            if self._loop is None or not self._loop.is_running():
                return self.derived(key, make)
            self._loop.call_soon_threadsafe(self._start, state, key, make)
            return None
        self._start(state, key, make)
        return None

    async def worked_out(self, key: Hashable, make: Callable[[GameState], T]) -> T:
        """What :meth:`later` gives once its job for the current state ended."""
        state = self.state
        known = self.later(key, make)
        owner, jobs = self._jobs
        job = jobs.get(key) if owner is state else None
        if job is None:
            return known if known is not None else self.derived(key, make)
        return cast(T, await asyncio.shield(job))

    def _start(
        self, state: GameState, key: Hashable, make: Callable[[GameState], T]
    ) -> None:
        """On the loop: the job for ``key`` on ``state``, unless one runs."""
        self._loop = asyncio.get_running_loop()
        if self.state is not state:
            return  # changed meanwhile: its render asks again
        owner, jobs = self._jobs
        if owner is not state:
            jobs = {}
            self._jobs = (state, jobs)
        if key not in jobs:
            job = self._loop.create_task(self._work_out(state, key, make))
            job.add_done_callback(_seen)  # a failure is logged in the job
            jobs[key] = job

    async def _work_out(
        self, state: GameState, key: Hashable, make: Callable[[GameState], T]
    ) -> T:
        try:
            value = await off_loop(make, state)
        except Exception:
            log.exception("working out %r failed", key)
            if self._jobs[0] is state:
                self._jobs[1].pop(key, None)  # the next render tries again
            raise
        if self.state is not state:
            return value  # stale: the new state's render asks for its own
        owner, values = self._derived
        if owner is not state:
            values = {}
            self._derived = (state, values)
        values[key] = value
        self.tell()
        return value

    def after_commit(self, hook: Listener) -> None:
        """Call ``hook`` after every commit, before the watchers: the
        server's own work on the game, not a session (not a watcher)."""
        self._hooks.append(hook)

    def say(self, text: str, *, error: bool = False) -> None:
        """Tell every screen on the game ``text``; nothing is written."""
        serial = 1 if self.note is None else self.note.serial + 1
        self.note = Note(serial, text, error)
        self.tell()

    def hush(self) -> None:
        """The last news is over; the screens hear of it with the next change."""
        if self.note is not None:
            self.note = Note(self.note.serial + 1, "")

    @property
    def busy(self) -> bool:
        """A commit is under way (its write not yet done)."""
        return self._lock.locked()

    # --- the commit path --------------------------------------------------------
    async def commit(
        self,
        change: Callable[[GameState], GameState],
        *,
        what: str,
        scopes: Iterable[str] = (GAME,),
        seen: int | None = None,
        origin: object = None,
    ) -> int:
        """Apply ``change`` to the current state, write it, then show it.

        ``seen`` is the revision the asking session last showed; when later
        changes touched the same ``scopes``, the commit is refused with what
        they were. Raises :class:`Refusal` (nothing changed) or returns the
        new revision. ``origin`` is told to the watchers (the committing
        :class:`Watch`: its session re-renders by itself).
        """
        wanted = frozenset(scopes)
        self._loop = asyncio.get_running_loop()
        async with self._lock:
            revision = await self._apply(change, what, wanted, seen)
        if revision is None:
            return self.revision  # nothing to do: no write, no new revision
        for hook in list(self._hooks):
            hook()
        for listener in list(self._listeners):
            listener(origin)
        return revision

    async def _apply(
        self,
        change: Callable[[GameState], GameState],
        what: str,
        scopes: frozenset[str],
        seen: int | None,
    ) -> int | None:
        """Steps 1-3 (under the lock): the new revision, or None when the
        change changed nothing. The only ``await`` is the write's."""
        if self.deleted:
            raise Refusal(_("This game was deleted."))
        if seen is not None:
            self._check_fresh(seen, scopes)
        before = self.state
        try:
            after = change(before)
        except SheetError as exc:
            raise Refusal(error_text(exc)) from exc
        if after is before:
            return None
        await self._write(before, after)
        if self.deleted:  # deleted while the write ran: nothing to show
            raise Refusal(_("This game was deleted."))
        self.state = after
        self.revision += 1
        self._log.append(Change(self.revision, scopes, what))
        return self.revision

    def _check_fresh(self, seen: int, scopes: frozenset[str]) -> None:
        if seen >= self.revision:
            return
        if not self._log or self._log[0].revision > seen + 1:
            raise Refusal(
                _(
                    "This game changed on another screen meanwhile; "
                    "nothing was changed here. Check it and try again."
                )
            )
        clash = [c.what for c in self._log if c.revision > seen and c.conflicts(scopes)]
        if clash:
            raise Refusal(
                _(
                    "Meanwhile on another screen: {changes}. "
                    "Nothing was changed here: check and try again."
                ).format(changes="; ".join(dict.fromkeys(worded(w) for w in clash)))
            )

    async def _write(self, before: GameState, after: GameState) -> None:
        """Write what changed durably (one atomic write of the game's file)."""
        same = after.sheet is before.sheet and after.draft is before.draft
        if same and after.digital is before.digital:
            return  # only the seats changed: nothing on disk
        try:
            await written(lambda: self._write_now(before, after))
        except GameNotFound as exc:
            raise Refusal(_(GAME_GONE)) from exc
        except OSError as exc:
            raise could_not_save(exc) from exc

    def _write_now(self, before: GameState, after: GameState) -> None:
        """The write itself (on a worker thread on the server)."""
        if after.sheet is not before.sheet:
            self.store.save(
                self.id,
                after.sheet,
                draft=after.draft.to_dict(),
                digital=after.digital.to_dict(),
            )
            return
        if after.draft is not before.draft:
            self.store.save_draft(self.id, after.draft.to_dict())
        if after.digital is not before.digital:
            self.store.save_digital(self.id, after.digital.to_dict())

    def tell(self) -> None:
        """Something about the game outside its state changed (a new invite
        revoked the old link): every watcher re-checks, nothing is written."""
        for listener in list(self._listeners):
            listener(None)

    def forget(self) -> None:
        """The game was deleted: sessions showing it are told and go home."""
        self.deleted = True
        self.revision += 1
        for listener in list(self._listeners):
            listener(None)


class Watch:
    """One session's view of an :class:`OpenGame`: the revision it last
    showed, which its person-made commits are checked against."""

    def __init__(self, game: OpenGame, on_change: Listener) -> None:
        self.game = game
        self.seen = game.revision
        self._on_change = on_change
        self._stop = game.watch(self._heard)

    def _heard(self, origin: object) -> None:
        """Another's change (or the server's): this watch's own commits
        re-render its session by themselves."""
        if origin is not self:
            self._on_change()

    @property
    def state(self) -> GameState:
        return self.game.state

    def shown(self, revision: int | None = None) -> None:
        """The session drew the game at ``revision`` (default: as it is now);
        never back to an older one than its own last commit."""
        now = self.game.revision if revision is None else revision
        self.seen = max(self.seen, min(now, self.game.revision))

    async def commit(
        self,
        change: Callable[[GameState], GameState],
        *,
        what: str,
        scopes: Iterable[str] = (GAME,),
        checked: bool = True,
    ) -> None:
        """Commit on behalf of this session (``checked``: against what it saw;
        a computer player's move is not). Its own screen re-renders next, so
        the new revision counts as seen."""
        self.seen = await self.game.commit(
            change,
            what=what,
            scopes=scopes,
            seen=self.seen if checked else None,
            origin=self,
        )

    def close(self) -> None:
        self._stop()
