"""Back up every game to one file, and restore from one.

Why through Flet's FilePicker: ``save_file(src_bytes=…)`` is carried out by
the page's Flutter client, which turns the bytes into a download (a Blob
link clicked) in a served tab and in the phone app alike — on a phone the
browser hands it to Files or the share sheet; ``pick_files(with_data=True)``
reads the chosen file in the page and sends its bytes to Python (over the
session when served, to the web worker in the phone app), so nothing is
uploaded to a folder. The app layer (``state.backups``) makes the file and
merges it; a refused file changes nothing and its reason is the notice.
"""

from __future__ import annotations

import flet as ft

from companion.app import AppState
from companion.app.refusal import Refusal
from companion.i18n import _, ngettext
from companion.ui.screens.share import save_bytes
from companion.ui.widgets import bind, flat, primary, secondary

BACKUP_EXTENSION = "json"


async def back_up(state: AppState) -> None:
    """Download the backup of every game, then say so."""
    try:
        made = state.backups.export()
    except Refusal as exc:
        state.tell(exc.message, error=True)
        return
    held = ngettext("It holds {n} game.", "It holds {n} games.", made.games)
    await save_bytes(
        state, made.name, made.data, BACKUP_EXTENSION, held.format(n=made.games)
    )


async def restore(state: AppState) -> None:
    """Choose a backup file and merge it in; the summary (or the reason it
    was refused) is the notice."""
    files = await ft.FilePicker().pick_files(
        dialog_title=_("Choose a Flip 7 backup file"),
        with_data=True,
        file_type=ft.FilePickerFileType.ANY,
    )
    if not files:
        return  # cancelled
    # no bytes (a browser that gave none): the restore refuses and says so
    await state.act(state.backups.restore, files[0].bytes)


def back_up_button(state: AppState, text: str, *, main: bool = True) -> ft.Control:
    async def tapped() -> None:
        await back_up(state)

    kind = primary if main else secondary
    return kind(text, tapped, ft.Icons.SAVE_ALT)


def restore_button(state: AppState) -> ft.Control:
    async def tapped() -> None:
        await restore(state)

    return secondary(_("Restore from a backup"), tapped, ft.Icons.RESTORE)


def undo_button(state: AppState) -> ft.Control:
    """Puts the games back as they were before the last restore."""
    return flat(_("Undo restore"), bind(state.act, state.backups.undo), ft.Icons.UNDO)
