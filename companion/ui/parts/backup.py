"""Back up every game to one file, and restore from one.

Why through Flet's FilePicker: ``save_file(src_bytes=…)`` is carried out by
the page's Flutter client, which turns the bytes into a download (a Blob
link clicked) in a served tab and in the phone app alike — on a phone the
browser hands it to Files or the share sheet; ``pick_files(with_data=True)``
reads the chosen file in the page and sends its bytes to Python (over the
session when served, to the web worker in the phone app), so nothing is
uploaded to a folder. The app layer (``GamesIntents``) makes the file and
merges it; a refused file changes nothing and its reason is the notice.
"""

from __future__ import annotations

import flet as ft

from companion.app.actions.games import GamesIntents
from companion.i18n import _
from companion.ui.screens.share import save_bytes
from companion.ui.widgets import flat, primary, secondary


async def back_up(intents: GamesIntents) -> None:
    """Download the backup of every game, then say so."""
    made = await intents.backup()
    if made is not None:
        await save_bytes(intents, made.name, made.data, made.ext, made.note)


async def restore(intents: GamesIntents) -> None:
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
    await intents.restore(files[0].bytes)


def back_up_button(
    intents: GamesIntents, text: str, *, main: bool = True
) -> ft.Control:
    async def tapped() -> None:
        await back_up(intents)

    kind = primary if main else secondary
    return kind(text, tapped, ft.Icons.SAVE_ALT)


def restore_button(intents: GamesIntents) -> ft.Control:
    async def tapped() -> None:
        await restore(intents)

    return secondary(_("Restore from a backup"), tapped, ft.Icons.RESTORE)


def undo_button(intents: GamesIntents) -> ft.Control:
    """Puts the games back as they were before the last restore."""

    async def tapped() -> None:
        await intents.undo_restore()

    return flat(_("Undo restore"), tapped, ft.Icons.UNDO)
