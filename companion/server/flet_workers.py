"""Plain event handlers run on worker threads, each session's in order.

Why (issue 25, bug 5): Flet 1.0.5 calls a plain (non-async) handler inline
on the server's one asyncio event loop. Our handlers commit (a game file
written and fsynced, :mod:`companion.app.open_game`) and open games from
disk, so while one phone's save waited on the disk no other page could
open, and no other phone's tap was even read. Here a plain handler runs on
a small thread pool instead, through a :class:`Strand` per session, so one
session's events still run one at a time and in the order they came, while
the loop goes on serving every other session. The commit path stays serial
per game: :meth:`OpenGame.commit` holds the game's lock, whatever thread
calls it.

A handler may change component state (``set_state``), which Flet queues on
the loop with ``asyncio.Event`` and ``asyncio.Queue``, both for the loop's
own thread only. So ``Session.schedule_update``/``schedule_effect`` and
``FletApp.send_message``, called from a worker, hop onto the loop with
``call_soon_threadsafe``; renders and diffs stay on the loop, as before.

Text fields' handlers stay inline: a keystroke's handler writes the text a
re-render draws the field with (``widgets.TextInput``), and a render that
ran between the keystroke and a late handler would put the old text back.
They do no I/O.

Installed by ``companion`` when it serves (never in Pyodide, where there
are no threads). It wraps ``BaseControl._trigger_event``, whose sync
branch it runs on the worker as it is (event objects, ``before_event``,
``after_event``: Flet's own code); if Flet changes shape, :func:`install`
leaves it alone and says so.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import inspect
import logging
import threading
import weakref
from collections import deque
from collections.abc import Callable, Coroutine
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

log = logging.getLogger(__name__)

WORKERS = 4  # saves mostly wait on the disk (the GIL is free meanwhile)
_MARK = "_companion_worker"
_STRAND = "_companion_strand"
_local = threading.local()
_pool: ThreadPoolExecutor | None = None
T = TypeVar("T")


class Strand:
    """Jobs run one after another, in order, on a shared pool's threads."""

    def __init__(self, pool: ThreadPoolExecutor) -> None:
        self._pool = pool
        self._lock = threading.Lock()
        self._jobs: deque[tuple[Callable[[], object], Future[object]]] = deque()
        self._running = False

    def submit(self, job: Callable[[], object]) -> Future[object]:
        done: Future[object] = Future()
        with self._lock:
            self._jobs.append((job, done))
            if self._running:
                return done
            self._running = True
        self._pool.submit(self._drain)
        return done

    def _drain(self) -> None:
        while True:
            with self._lock:
                if not self._jobs:
                    self._running = False
                    return
                job, done = self._jobs.popleft()
            if not done.set_running_or_notify_cancel():
                continue
            try:
                done.set_result(job())
            except BaseException as exc:  # handed to whoever awaits it
                done.set_exception(exc)


def on_its_page(control: Any, page: Any, run: Callable[[], T]) -> T:
    """``run()`` (a tap's handler, with Flet's event code around it) with
    ``control`` still finding ``page``, the page it was tapped on.

    Why: a tap is dispatched on the loop and handled here later; if the
    page was redrawn meanwhile (another phone's change told to it), the
    control tapped has left the tree, and Flet refused its handler
    ("Control must be added to the page first"): the tap was lost. Handled
    inline, as before the workers, it would have run at once, as the person
    saw it; so it runs so here too. The control is out of the tree for good
    (a redraw builds new ones), so pointing it back at its page changes
    nothing drawn."""
    if page is not None:
        try:
            control.page  # noqa: B018 - raises once the control left the tree
        except RuntimeError:
            object.__setattr__(control, "_parent", weakref.ref(page))
    return run()


def handled(job: Callable[[], T]) -> T:
    """Run a handler's ``job`` on this worker; what it left for later
    (:func:`after_handler`) runs, in order, once the handler has finished."""
    later: list[Callable[[], None]] = []
    _local.later = later
    try:
        return job()
    finally:
        _local.later = None
        for work in later:
            try:
                work()
            except Exception:  # one page's trouble must not keep the rest waiting
                log.exception("work left for after a handler failed")


def after_handler(work: Callable[[], None]) -> None:
    """Run ``work`` once the handler running on this thread has finished, or
    now when none is (the loop, a timer, Pyodide).

    Why (issue 25, item 4): a commit tells every other page on the game while
    the committing handler still runs, and the committing page asks for its
    own re-render only when its handler returns, so Flet's one loop redrew
    every other page first, and the phone that saved drew its save last.
    Other pages told from a handler wait for it: its own re-render is
    queued first, and its frame is sent before the loop draws the rest."""
    later: list[Callable[[], None]] | None = getattr(_local, "later", None)
    if later is None:
        work()
    else:
        later.append(work)


def run_here(coro: Coroutine[Any, Any, object]) -> object:
    """Run ``coro`` to its end on this worker thread's own event loop (a
    plain handler's event never waits on the server's loop)."""
    loop = getattr(_local, "loop", None)
    if loop is None:
        # Made in an empty context: a loop's own handles keep the context
        # they were made in, and this one would keep a session's page.
        loop = _local.loop = contextvars.Context().run(asyncio.new_event_loop)
    return loop.run_until_complete(coro)


def off_loop(loop: asyncio.AbstractEventLoop | None) -> bool:
    """True on a thread other than ``loop``'s (a worker)."""
    if loop is None:
        return False
    try:
        return asyncio.get_running_loop() is not loop
    except RuntimeError:
        return True


def plain(handler: object) -> bool:
    """A handler Flet would call inline (not async, not a generator)."""
    return (
        callable(handler)
        and not inspect.iscoroutinefunction(handler)
        and not inspect.isasyncgenfunction(handler)
        and not inspect.isgeneratorfunction(handler)
    )


def _server_loop(session: Any) -> asyncio.AbstractEventLoop | None:
    return getattr(getattr(session, "connection", None), "loop", None)


def _hop(method: Callable[..., None]) -> Callable[..., None]:
    """``method(session, ...)`` on the server's loop when called off it."""

    @functools.wraps(method)
    def hop(self: Any, *args: Any) -> None:
        loop = _server_loop(self)
        if loop is not None and off_loop(loop):
            loop.call_soon_threadsafe(method, self, *args)
        else:
            method(self, *args)

    return hop


def install() -> bool:
    """Run plain handlers on workers from now on; True if in place."""
    global _pool
    try:
        from flet.controls.base_control import BaseControl
        from flet.messaging.session import Session
        from flet_web.fastapi.flet_app import FletApp  # type: ignore[import-untyped]
    except ImportError:  # no web server here (a built app)
        return False
    original = getattr(BaseControl, "_trigger_event", None)
    if getattr(original, _MARK, False):
        return True
    if original is None or not inspect.iscoroutinefunction(original):
        log.warning("Flet's event dispatch changed; handlers stay on the loop")
        return False
    from flet import TextField

    _pool = ThreadPoolExecutor(WORKERS, thread_name_prefix="companion-handler")
    pool = _pool

    async def trigger(
        self: Any, event_name: str, event_data: Any, e: Any = None
    ) -> None:
        handler = getattr(self, f"on_{event_name}", None)
        try:
            page = self.page
            session = getattr(page, "session", None)
        except RuntimeError:  # not on a page: Flet's own dispatch says so
            page = session = None
        loop = _server_loop(session)
        inline = session is None or isinstance(self, TextField) or off_loop(loop)
        if inline or not plain(handler):
            await original(self, event_name, event_data, e)
            return
        strand = getattr(session, _STRAND, None)
        if strand is None:
            strand = Strand(pool)
            setattr(session, _STRAND, strand)
        context = contextvars.copy_context()
        coro = original(self, event_name, event_data, e)
        run = functools.partial(context.run, run_here, coro)
        job = functools.partial(on_its_page, self, page, run)
        await asyncio.wrap_future(strand.submit(functools.partial(handled, job)))

    setattr(trigger, _MARK, True)
    BaseControl._trigger_event = trigger  # type: ignore[method-assign]
    Session.schedule_update = _hop(Session.schedule_update)  # type: ignore[method-assign]
    Session.schedule_effect = _hop(Session.schedule_effect)  # type: ignore[method-assign]
    FletApp.send_message = _hop_app(FletApp.send_message)
    return True


def _hop_app(method: Callable[..., None]) -> Callable[..., None]:
    """``FletApp.send_message`` on its loop when called from a worker."""

    @functools.wraps(method)
    def send(self: Any, *args: Any) -> None:
        loop: asyncio.AbstractEventLoop | None = getattr(self, "loop", None)
        if loop is not None and off_loop(loop):
            loop.call_soon_threadsafe(method, self, *args)
        else:
            method(self, *args)

    return send
