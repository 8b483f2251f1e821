"""What the two pages drawn instead of the app say: too many pages open on
one device (issue 25, bug 7; ``app/crowd.py`` says why there is a cap),
and a second tab of the phone app (``browser/tab.py``: the games belong to
the tab that has them). Values, so their words are tested in every
language without a browser."""

from __future__ import annotations

from dataclasses import dataclass

from companion.i18n import _


@dataclass(frozen=True, slots=True)
class FullNotice:
    title: str
    text: str
    action: str | None = None  # the one button's words, if it has one
    waiting: str | None = None  # what the page waits for, if it waits


def crowded(cap: int) -> FullNotice:
    return FullNotice(
        _("Too many pages open"),
        _(
            "This device has too many pages of the app "
            "open ({n}). Close the ones you no longer "
            "need; the server lets a closed page go ten "
            "minutes later. Then reload this page."
        ).format(n=cap),
    )


def elsewhere() -> FullNotice:
    """No button: the tab waits for the games and opens by itself (a "Try
    again" did nothing visible while the other tab was open)."""
    return FullNotice(
        _("Open in another tab"),
        _(
            "Flip 7 Companion is already open in another "
            "tab or window on this phone, and your games "
            "are there. Close it there: the app then opens here by itself."
        ),
        None,
        _("Waiting for the other tab to close"),
    )
