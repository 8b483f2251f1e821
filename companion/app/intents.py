"""The one door from a screen's intents to the session's wrapper.

Why one function: every intent object a screen is given (``app/intents/``
and its neighbours) carries its action out through :func:`perform`, so the
session's :meth:`~companion.app.session.AppState.act` (a refusal becomes
the notice, a success its message, the screen re-renders) is called from
one place. The intents are ``async`` already, as the screens' handlers
that await them: when ``act`` itself becomes a coroutine (issue 36, one
event loop), this is the one line that changes, to ``await state.act``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ParamSpec

if TYPE_CHECKING:
    from .session import AppState, Result

P = ParamSpec("P")


async def perform(
    state: AppState,
    fn: Callable[P, str | None],
    /,
    *args: P.args,
    **kw: P.kwargs,
) -> Result:
    """Carry out ``fn(*args, **kw)`` as one of this session's intents; its
    refusal's words (``None`` when done)."""
    return state.act(fn, *args, **kw)
