"""The page a device gets when it holds too many sessions (issue 25, bug 7).

Drawn instead of the app, with no session state, no game and no store
behind it (``companion/app/crowd.py`` says why there is a cap); its words
are in the server's default language, as nothing is read from the device.
"""

from __future__ import annotations

import flet as ft

from companion.i18n import _
from companion.ui.parts.full_notice import full_notice


@ft.component
def CrowdedScreen(cap: int) -> ft.Control:
    return full_notice(
        ft.Icons.TAB,
        _("Too many pages open"),
        _(
            "This device has too many pages of the app "
            "open ({n}). Close the ones you no longer "
            "need; the server lets a closed page go ten "
            "minutes later. Then reload this page."
        ).format(n=cap),
    )
