"""The page a device gets when it holds too many sessions (issue 25, bug 7).
Drawn instead of the app, with no session state, no game and no store
behind it (``companion/app/crowd.py`` says why there is a cap); its words
(:func:`companion.app.views.notices.crowded`) are in the server's default
language, as nothing is read from the device.
"""

from __future__ import annotations

import flet as ft

from companion.app.views.notices import crowded
from companion.ui.parts.full_notice import full_notice


@ft.component
def CrowdedScreen(cap: int) -> ft.Control:
    view = crowded(cap)
    return full_notice(ft.Icons.TAB, view.title, view.text)
