"""The page a second tab of the phone app gets (companion/browser/tab.py).
Drawn instead of the app, with no store behind it: the games belong to the
tab that has them, and this one must not write its older copy over them.
The tab waits for them and opens by itself once the other tab is closed.
"""

from __future__ import annotations

import flet as ft

from companion.app.views.notices import elsewhere
from companion.ui.parts.full_notice import full_notice


@ft.component
def ElsewhereScreen() -> ft.Control:
    view = elsewhere()
    return full_notice(
        ft.Icons.TAB,
        view.title,
        view.text,
        ft.ProgressRing(width=24, height=24, semantics_label=view.waiting),
    )
