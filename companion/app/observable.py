"""What every part of the app state shares: subscribers and the notice.

:class:`~companion.app.session.AppState` is the one observable: the owners
of the intents (the round entry, the digital table, the library…) raise a
refusal, and the session turns it into this notice and tells its screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.i18n.said import worded

Listener = Callable[[], None]


@dataclass(frozen=True, slots=True)
class Notice:
    """A message for the table; ``error`` ones are shown in red. ``said``
    may be a :class:`~companion.i18n.said.Said`: :attr:`text` words it in the
    language of the screen reading it, so a notice made before the person
    switched language ("Bob deals next.") follows the switch."""

    said: str
    error: bool = False

    @property
    def text(self) -> str:
        return worded(self.said)


class Observable:
    """Subscribers are called after every change; intents end with
    :meth:`_done` (success, with an optional message) or :meth:`_refuse`."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []
        self.notice: Notice | None = None

    def subscribe(self, callback: Listener) -> Callable[[], None]:
        """Call ``callback`` after every change; returns an unsubscribe."""
        self._listeners.append(callback)
        return lambda: self._listeners.remove(callback)

    def notify(self) -> None:
        for callback in list(self._listeners):
            callback()

    def _done(self, info: str | None = None) -> None:
        self.notice = Notice(info) if info else None
        self.notify()

    def _refuse(self, message: str) -> str:
        message = worded(message)  # a Said made elsewhere, in this session's words
        self.notice = Notice(message, error=True)
        self.notify()
        return message
