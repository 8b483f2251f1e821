"""A page that stands instead of the app and says why, in a few words.

Shared by the page a device gets when it holds too many sessions
(screens/crowded.py) and the one a second tab of the phone app gets
(screens/elsewhere.py): the app's header, an icon, a title, the reason,
and what the person can do (a button, when there is one).
"""

from __future__ import annotations

import flet as ft

from companion.i18n import _
from companion.ui.widgets import header


def full_notice(
    icon: ft.IconData, title: str, text: str, action: ft.Control | None = None
) -> ft.Control:
    body: list[ft.Control] = [
        ft.Icon(icon, size=64),
        ft.Text(title, size=26, weight=ft.FontWeight.BOLD),
        ft.Text(text, size=16),
    ]
    if action is not None:
        body.append(action)
    return ft.SafeArea(
        expand=True,
        content=ft.Column(
            [
                header(_("Flip 7 Companion")),
                ft.Container(padding=16, content=ft.Column(body, spacing=12)),
            ]
        ),
    )
