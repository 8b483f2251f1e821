"""A budget of events per session: a flood from one client is dropped unread.

Why (issue 25, bug 5): an invited phone that sent 1,000 click events in
0.04 s had every one handled and re-rendered, and the server opened no
other session for over a minute. A person taps a few times a second and
types a dozen keys a second at most; a page that sends more is broken or
hostile. So each websocket connection gets a token bucket: :data:`BURST`
events at once, then :data:`RATE` a second. A control event beyond it is
dropped where Flet's receive loop hands it on (``FletApp.__on_message``),
before any task, handler or render is made for it: dropping costs one
msgpack decode. Everything else (registering, the page's property
updates, answers to the server's calls) is never dropped.

Like :mod:`companion.server.flet_guard`, it reads a name-mangled member of Flet's
``FletApp``; if an upgrade renames it, :func:`install` logs a warning and
leaves Flet as it is.
"""

from __future__ import annotations

import functools
import inspect
import logging
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

BURST = 30  # events at once: a quick person's taps and keystrokes
RATE = 15.0  # events a second after the burst
CONTROL_EVENT = 3  # Flet's MessageAction.CONTROL_EVENT
_ON_MESSAGE = "_FletApp__on_message"
_CLIENT_IP = "_FletApp__client_ip"
_MARK = "_companion_event_budget"


class Budget:
    """A token bucket: :meth:`take` is True while the client is within it."""

    def __init__(
        self,
        burst: int = BURST,
        rate: float = RATE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.burst, self.rate, self._clock = burst, rate, clock
        self._tokens = float(burst)
        self._at = clock()
        self.dropped = 0

    def take(self) -> bool:
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        self.dropped += 1
        return False


def admitted(app: Any, message: Any) -> bool:
    """Whether Flet should handle ``message`` from ``app``'s client."""
    action = message[0] if isinstance(message, (list, tuple)) and message else None
    if action != CONTROL_EVENT:
        return True  # registering, property updates, answers: always handled
    budget = getattr(app, _MARK, None)
    if budget is None:
        budget = Budget()
        setattr(app, _MARK, budget)
    if budget.take():
        return True
    if budget.dropped == 1:  # once per connection: the log is not flooded either
        log.warning(
            "dropping events from %s: more than %d at once or %g a second",
            getattr(app, _CLIENT_IP, "?"),
            BURST,
            RATE,
        )
    return False


def install() -> bool:
    """Wrap ``FletApp.__on_message`` once; True if the budget is in place."""
    try:
        from flet_web.fastapi.flet_app import FletApp  # type: ignore[import-untyped]
    except ImportError:  # no web server here (a built app)
        return False
    original = getattr(FletApp, _ON_MESSAGE, None)
    if getattr(original, _MARK, False):
        return True
    if original is None or not inspect.iscoroutinefunction(original):
        log.warning("Flet's FletApp changed; no event budget per session")
        return False

    @functools.wraps(original)
    async def on_message(self: Any, data: Any) -> None:
        if admitted(self, data):
            await original(self, data)

    setattr(on_message, _MARK, True)
    setattr(FletApp, _ON_MESSAGE, on_message)
    return True
