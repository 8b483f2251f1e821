"""Free a web session whose tab dropped off while the server was sending.

Why: in Flet 1.0.5, ``FletApp.handle`` (flet_web/fastapi/flet_app.py) ends
a websocket with ``await send_loop_task`` and only then calls
``app_manager.disconnect_session``, which gives the session its expiry. When
the client closed its socket while the server still had frames to send (a
phone locked while the app pushes another tab's change to it, a tab closed
as Home arrives), the send loop raises ``WebSocketDisconnect``, ``handle``
raises before that call, and the session (page, controls, our ``AppState``
and its hold on a game) is kept for as long as the server runs: 600 such
tabs kept 22 sessions, 40 tabs closed as Home came kept all 40.

:func:`install` wraps ``FletApp.handle`` so that, when the original raises,
the session is still disconnected (it then expires after
FLET_SESSION_TIMEOUT like any closed tab, and Flet's "close" event lets our
state go). A client that went away is normal, so that error is logged at
debug level instead of as "Exception in ASGI application"; any other error
is raised on as before. The original's normal path is untouched, so a
session is never disconnected twice.

The wrapper reads three name-mangled private members of ``FletApp``
(``__session``, ``__get_unique_session_id``, ``__session_timeout_seconds``).
If a Flet upgrade renames them, :func:`install` logs a warning and leaves
Flet as it is, and a wrapper that finds them missing at run time does the
same: the server never fails because of this guard. Remove it once Flet
disconnects in a ``finally`` itself (tests/test_closed_sessions.py shows
when).
"""

from __future__ import annotations

import functools
import inspect
import logging
from typing import Any

log = logging.getLogger(__name__)

_MARK = "_companion_disconnect_guard"
# FletApp's private members, as Python mangles them.
_SESSION = "_FletApp__session"
_UNIQUE_ID = "_FletApp__get_unique_session_id"
_TIMEOUT = "_FletApp__session_timeout_seconds"


def install() -> bool:
    """Wrap ``FletApp.handle`` once; True if the guard is (now) in place."""
    try:
        from flet_web.fastapi.flet_app import FletApp  # type: ignore[import-untyped]
        from flet_web.fastapi.flet_app_manager import (  # type: ignore[import-untyped]
            app_manager,
        )
        from starlette.websockets import WebSocketDisconnect
    except ImportError:  # no web server here (a built app): nothing to guard
        log.debug("flet_web not importable; session guard not installed")
        return False
    original = getattr(FletApp, "handle", None)
    if getattr(original, _MARK, False):
        return True
    if (
        original is None
        or not inspect.iscoroutinefunction(original)
        or not callable(getattr(FletApp, _UNIQUE_ID, None))
        or not inspect.iscoroutinefunction(
            getattr(app_manager, "disconnect_session", None)
        )
    ):
        log.warning(
            "Flet's FletApp internals changed; closed-session guard not "
            "installed (a tab dropped mid-send may be kept until restart)"
        )
        return False
    gone: tuple[type[BaseException], ...] = (WebSocketDisconnect,)
    try:
        from starlette.websockets import WebSocketDisconnected

        gone += (WebSocketDisconnected,)
    except ImportError:  # older Starlette
        pass

    async def disconnect(app: Any) -> None:
        """What ``handle`` would have done last, if this is still its session."""
        try:
            session = getattr(app, _SESSION)
            if session is None or session.connection is not app:
                return  # never registered, or already disconnected
            unique_id = getattr(app, _UNIQUE_ID)(session.id)
            timeout = int(getattr(app, _TIMEOUT))
        except Exception:  # Flet changed: leave it as it was
            log.warning("closed-session guard could not read FletApp", exc_info=True)
            return
        await app_manager.disconnect_session(unique_id, timeout)

    @functools.wraps(original)
    async def handle(self: Any, websocket: Any) -> None:
        try:
            await original(self, websocket)
        except gone:
            await disconnect(self)
            log.debug("client left while the server was sending", exc_info=True)
        except Exception:
            await disconnect(self)
            raise

    setattr(handle, _MARK, True)
    FletApp.handle = handle
    return True
