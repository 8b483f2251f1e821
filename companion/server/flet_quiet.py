"""Flet's debug messages that nobody logs are not written out.

Why (issue 25, item 4): Flet 1.0.5's ``FletApp.send_message`` builds
``f"send_message: {message}"`` for its transport's debug log on every
message, whether or not anyone logs it, and a message's text is the
dataclass repr of its whole body: for a patch, every control in it, field
by field. At a live table's save every page is sent a new score sheet, and
that one string was about a tenth of the server's time. Here a message's
``str`` (what an f-string uses) is its action, or the whole repr while
Flet's transport log does keep debug lines; ``repr`` is left whole.

Installed by ``companion`` when it serves; ``Message`` is Flet's public
protocol class, and nothing else of Flet's is changed.
"""

from __future__ import annotations

import logging
from typing import Any

_MARK = "_companion_quiet"
TRANSPORT = logging.getLogger("flet_transport")


def install() -> bool:
    """Give Flet's ``Message`` a short ``str`` once; True if in place."""
    try:
        from flet.messaging.protocol import Message
    except ImportError:
        return False
    if getattr(Message.__str__, _MARK, False):
        return True

    def short(self: Any) -> str:
        if TRANSPORT.isEnabledFor(logging.DEBUG):
            return repr(self)
        return f"Message({getattr(self.action, 'name', self.action)})"

    setattr(short, _MARK, True)
    Message.__str__ = short  # type: ignore[method-assign]
    return True
