"""Import a game someone shared: paste its share code, or choose its share
file. A good code joins the history at once; a bad one says why (the
ShareCodeError message) and changes nothing.

Choosing a file uses ``FilePicker.pick_files(with_data=True)``: in a browser
the file is read by the client and its bytes come back over the session, so
nothing is uploaded to a folder on the server.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.app import AppState
from companion.app.views.import_game import ImportView, import_view
from companion.i18n import _
from companion.share.sharecode import MAX_INPUT
from companion.ui.guard import screen
from companion.ui.widgets import header, message, primary, secondary


@screen
def ImportScreen(
    state: AppState,
    on_back: Callable[[], None],
    on_history: Callable[[], None],
    on_open: Callable[[str], None],
) -> ft.Control:
    text, set_text = ft.use_state("")
    done, set_done = ft.use_state("")
    # A new field (new key) after an oversize paste: the huge text is never
    # sent back to the browser, and the field is empty for the next paste.
    field, set_field = ft.use_state(0)
    library = state.library

    def changed(value: str) -> None:
        refused = library.paste_refusal(value)
        if refused is None:
            return set_text(value)
        state.tell(refused, error=True)
        set_text("")
        set_done("")
        set_field(field + 1)

    async def paste() -> None:
        if await state.act(library.import_code, text) is None:
            set_text("")
            set_done(library.imported_id or "")

    async def choose() -> None:
        files = await ft.FilePicker().pick_files(
            dialog_title=_("Choose a Flip 7 share file"),
            with_data=True,
            file_type=ft.FilePickerFileType.ANY,
        )
        if not files:
            return  # cancelled
        if await state.act(library.import_file, files[0].bytes) is None:
            set_done(library.imported_id or "")

    view = import_view(state.notice, done)
    controls: list[ft.Control] = [
        *_paste_field(view.intro, text, field, changed),
        ft.Row(
            [
                primary(_("Import"), paste, ft.Icons.DOWNLOAD_DONE),
                secondary(_("Choose a share file"), choose, ft.Icons.UPLOAD_FILE),
            ],
            wrap=True,
        ),
    ]
    controls += _news(view, on_open, on_history)
    return ft.Column(
        [
            header(_("Import a game"), on_back),
            ft.ListView(controls=controls, padding=16, spacing=12, expand=True),
        ],
        expand=True,
        spacing=0,
    )


def _paste_field(
    intro: str, text: str, field: int, changed: Callable[[str], None]
) -> list[ft.Control]:
    """What to paste, and the field for the share code."""
    return [
        ft.Text(intro, size=15),
        ft.TextField(
            key=f"code-{field}",
            label=_("Share code"),
            # Cut a huge paste in the browser, one past the cap: the field
            # stays quick and the app still sees the paste is too large.
            max_length=MAX_INPUT + 1,
            counter="",
            hint_text="F7C1:…",
            value=text,
            multiline=True,
            min_lines=3,
            max_lines=6,
            on_change=lambda e: changed(e.control.value or ""),
        ),
    ]


def _news(
    view: ImportView, on_open: Callable[[str], None], on_history: Callable[[], None]
) -> list[ft.Control]:
    """The last try's notice and, once a game went in, where to go."""
    shown: list[ft.Control] = []
    if view.notice is not None:
        shown.append(message(view.notice.text, error=view.notice.error))
    if (imported := view.imported) is not None:
        shown.append(_imported(lambda: on_open(imported), on_history))
    return shown


def _imported(
    open_it: Callable[[], None], on_history: Callable[[], None]
) -> ft.Control:
    """Where to go once the game is in: the game itself, or History."""
    return ft.Row(
        [
            primary(_("Open the imported game"), open_it),
            secondary(_("History"), on_history, ft.Icons.HISTORY),
        ],
        wrap=True,
    )
