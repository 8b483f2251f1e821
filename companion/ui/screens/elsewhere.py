"""The page a second tab of the phone app gets (companion/browser/tab.py).
Drawn instead of the app, with no store behind it: the games belong to the
tab that has them, and this one must not write its older copy over them.
The tab waits for them and opens by itself once the other tab is closed.

It is the page's root, drawn before the app's: it takes the page's language
itself (the one chosen on Home and kept on the phone, else the phone's), or
it was English on every phone (issue 37, bug 3).
"""

from __future__ import annotations

import flet as ft

from companion.app.views.notices import elsewhere
from companion.ui.language import use_language
from companion.ui.parts.full_notice import full_notice


@ft.component
def ElsewhereScreen() -> ft.Control:
    use_language(ft.context.page)
    view = elsewhere()
    return full_notice(
        ft.Icons.TAB,
        view.title,
        view.text,
        ft.ProgressRing(width=24, height=24, semantics_label=view.waiting),
    )
