"""No server error reaches a client: Flet's SESSION_CRASHED is not sent.

Why (issue 25, bug 6): Flet 1.0.5 answers an error in an event handler, an
effect or the session's start with a SESSION_CRASHED message holding the
whole traceback (the install's, the virtual environment's and Python's
paths, our source lines). Any client on the LAN, a locked one too, could
provoke one with a malformed event (a ``size_change`` with no data). The
error is still logged in full on the server (Flet logs it with its
traceback before it sends); the client is sent nothing, so a page that sent
nonsense just sees nothing happen. Errors while drawing a screen are shown
by ``ui/guard.py`` in the app's own words.

Installed by ``companion`` when it serves; ``Session.error`` is public, so
nothing here reads Flet's private members.
"""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)
_MARK = "_companion_quiet_errors"


class OneLine(logging.Filter):
    """Flet's "Receive loop error" (a frame it could not read: not msgpack,
    an unknown action, a body of the wrong shape) as one line: what the
    client sent, not where in Flet it failed. Any client on the table's
    Wi-Fi can send such frames, and each wrote a whole traceback to the
    server's log (issue 37). Kept whole while Flet's log is at DEBUG."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info is None or not record.getMessage().startswith(
            "Receive loop error"
        ):
            return True
        if logging.getLogger(record.name).isEnabledFor(logging.DEBUG):
            return True
        kind, error = record.exc_info[0], record.exc_info[1]
        name = kind.__name__ if kind is not None else "error"
        said = str(error).strip().splitlines()[:1]
        record.msg = "Receive loop error: the client sent a frame Flet could not "
        record.msg += f"read ({name}{': ' + said[0] if said else ''}); its "
        record.msg += "connection was closed"
        record.args = ()
        record.exc_info = None
        record.exc_text = None
        return True


_ONE_LINE = OneLine()


def install() -> bool:
    """Replace ``Session.error`` once and make Flet's receive errors one
    line; True if in place."""
    flet_log = logging.getLogger("flet_web.fastapi")
    if _ONE_LINE not in flet_log.filters:
        flet_log.addFilter(_ONE_LINE)
    try:
        from flet.messaging.session import Session
    except ImportError:
        return False
    if getattr(Session.error, _MARK, False):
        return True

    def error(self: Any, message: str) -> None:
        first = message.strip().splitlines()[:1]
        log.warning(
            "session %s: error not sent to its client: %s",
            getattr(self, "id", "?"),
            first[0] if first else "",
        )

    setattr(error, _MARK, True)
    Session.error = error  # type: ignore[method-assign]
    return True
