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
    copied: Callable[[], Awaitable[None]],
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
                copy_button(log.bgg_text, copied),
            ],
            wrap=True,
        ),
        *said,
        text_box(log.bgg_text),
    ]
    return ft.Column(controls, spacing=10)


def copy_button(text: str, copied: Callable[[], Awaitable[None]]) -> ft.Control:
    """Copies ``text`` in the tap itself (a client action: the browser
    allows a clipboard write only there); ``copied`` then says so."""
    return ft.Button(
        _("Copy BGG play text"),
        icon=ft.Icons.COPY,
        height=48,
        action=ft.CopyToClipboard(text),
        on_click=copied,
    )


def text_box(text: str) -> ft.Control:
    """The BoardGameGeek play text, selectable."""
    return ft.Container(
        padding=10,
        border_radius=8,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        content=readable(ft.Text(text, selectable=True, size=13)),
    )


async def told_copied(tell: Callable[[str], Awaitable[None]]) -> None:
    """Say the text is on the clipboard, beside the button and at the
    bottom edge of the screen, where the finger is."""
    text = _("Play text copied. Paste it into BoardGameGeek's Log play.")
    await tell(text)
    ft.context.page.show_dialog(ft.SnackBar(ft.Text(text), duration=4000))
