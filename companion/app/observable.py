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
    :meth:`_done` (success, with an optional message) or :meth:`_refuse`.
    Beside the notice, the alerts: what went wrong on its own (damaged
    files, a game deleted elsewhere), shown until the table dismisses them."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []
        self.notice: Notice | None = None
        self._alerts: list[str] = []

    @property
    def alerts(self) -> list[str]:
        """The alerts in this session's language."""
        return [worded(alert) for alert in self._alerts]

    @alerts.setter
    def alerts(self, value: list[str]) -> None:
        self._alerts = list(value)

    def alert(self, *said: str) -> None:
        self._alerts = [*self._alerts, *said]

    def dismiss(self) -> None:
        """Clear the notice and the alerts after the table has seen them."""
        self.notice = None
        self._alerts = []
        self.notify()

    def dismiss_refusal(self) -> None:
        """Clear the notice if it is a refusal (a reload starts afresh)."""
        if self.notice is not None and self.notice.error:
            self.dismiss()

    def tell(self, text: str, *, error: bool = False) -> None:
        """Show a message from the view (a copy or a download it did itself)."""
        if error:
            self._refuse(text)
        else:
            self._done(text)

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
