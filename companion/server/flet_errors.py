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


def install() -> bool:
    """Replace ``Session.error`` once; True if in place."""
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
