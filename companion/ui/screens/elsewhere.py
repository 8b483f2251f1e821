"""The page a second tab of the phone app gets (companion/browser/tab.py).

Drawn instead of the app, with no store behind it: the games belong to the
tab that has them, and this one must not write its older copy over them.
"Try again" asks for them once more (after the other tab is closed).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from companion.i18n import _
from companion.ui.parts.full_notice import full_notice


@ft.component
def ElsewhereScreen(retry: Callable[[], Awaitable[None]]) -> ft.Control:
    async def again(_e: ft.Event[ft.Button]) -> None:
        await retry()

    return full_notice(
        ft.Icons.TAB,
        _("Open in another tab"),
        _(
            "Flip 7 Companion is already open in another "
            "tab or window on this phone, and your games "
            "are there. Close it, then tap Try again."
        ),
        ft.FilledButton(_("Try again"), on_click=again),
    )
