"""The one door from a screen's intents to the session's wrapper.

Why one function: every intents object a screen is given
(``companion/app/actions/``) carries its action out through
:func:`perform`, so the session's
:meth:`~companion.app.session.AppState.act` (a refusal becomes the notice,
a success its message, the screen re-renders) is called from one place.
The intents are ``async``, as the screens' handlers that await them, and
``act`` is a coroutine on Flet's one loop (issue 36).
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, ParamSpec, TypeVar

from companion.i18n import _

from .refusal import NO_GAME

if TYPE_CHECKING:
    from .session import AppState

P = ParamSpec("P")
T = TypeVar("T")
Owner = TypeVar("Owner")  # i18n: not shown (RoundEntry, Corrections, DigitalTable…)
Result = str | None  # an intent's answer: None when done, else the refusal


async def perform(
    state: AppState,
    fn: Callable[P, Awaitable[str | None] | str | None],
    /,
    *args: P.args,
    **kw: P.kwargs,
) -> Result:
    """Carry out ``fn(*args, **kw)`` as one of this session's intents; its
    refusal's words (``None`` when done)."""
    return await state.act(fn, *args, **kw)


async def settled(answer: T | Awaitable[T]) -> T:
    """A session method's answer, awaited if it is a coroutine: the same
    intents work whether the session's wrapper is sync or ``async``."""
    if inspect.isawaitable(answer):
        return await answer
    return answer


class Intents:
    """What every screen's intents share: the session they act on (never
    handed to the screen) and :meth:`tell`, for what the screen did itself
    (a copy, a download). Each screen's own intents, in
    ``companion/app/actions/``, add the actions it may take."""

    def __init__(self, state: AppState) -> None:
        self._state = state

    async def _do(
        self,
        fn: Callable[P, Awaitable[str | None] | str | None],
        /,
        *args: P.args,
        **kw: P.kwargs,
    ) -> Result:
        return await perform(self._state, fn, *args, **kw)

    async def _on(
        self,
        owner: Owner | None,
        method: Callable[[Owner], Callable[P, Awaitable[str | None] | str | None]],
        /,
        *args: P.args,
        **kw: P.kwargs,
    ) -> Result:
        """``method(owner)(*args, **kw)`` as an intent; with no ``owner``
        (the game was closed, or deleted on another screen, since this
        screen was drawn) nothing changes and the answer says why."""
        if owner is None:
            return _(NO_GAME)
        return await self._do(method(owner), *args, **kw)

    async def tell(self, text: str, *, error: bool = False) -> None:
        """Show a message the screen made (in red when ``error``)."""
        self._state.tell(text, error=error)
