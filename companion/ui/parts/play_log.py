"""The share screen's "Log this play" block: the BG Stats play file to
download and the BoardGameGeek play text to copy (both made in
``companion.app.playlog``; this only draws them)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from companion.app import PlayLogView
from companion.i18n import _
from companion.ui.widgets import message, readable, secondary, section

BGSPLAY = "bgsplay"  # the file's extension, offered to the save dialog


def log_texts() -> list[ft.Control]:
    """The block's heading and what it is for."""
    return [
        section(_("Log this play")),
        ft.Text(
            _(
                "Keep this game where you keep all your plays: the BG Stats "
                "app opens the play file (download it, then open or share it "
                "with BG Stats), and the play text pastes into "
                "BoardGameGeek's Log play."
            ),
            size=14,
        ),
    ]


def log_block(
    log: PlayLogView | str,
    download: Callable[[], Awaitable[None]],
    copied: Callable[[], None],
    said: list[ft.Control],
) -> ft.Control:
    """``log`` is the play to log, or why the game cannot be logged yet;
    ``said`` is the message of this block's last button, shown beside it."""
    controls = log_texts()
    if isinstance(log, str):
        return ft.Column([*controls, message(log)], spacing=10)
    controls += [
        ft.Row(
            [
                secondary(_("Log this play"), download, ft.Icons.EVENT_NOTE),
                ft.Button(
                    _("Copy BGG play text"),
                    icon=ft.Icons.COPY,
                    height=48,
                    action=ft.CopyToClipboard(log.bgg_text),
                    on_click=copied,
                ),
            ],
            wrap=True,
        ),
        *said,
        ft.Container(
            padding=10,
            border_radius=8,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            content=readable(ft.Text(log.bgg_text, selectable=True, size=13)),
        ),
    ]
    return ft.Column(controls, spacing=10)
