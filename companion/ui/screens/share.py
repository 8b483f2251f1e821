"""The share screen: the result as a QR code any phone camera reads (with
the same text beside it), and the share code / share file for another copy
of the app.

Saving and copying work in a browser as on a desktop: "Save QR as PNG" and
"Download share file" go through Flet's FilePicker.save_file with the bytes
(in web mode the client turns that into a download; on a desktop it opens a
save dialog), and "Copy share code" is a client action
(ft.CopyToClipboard), so the browser writes the clipboard inside the click.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.app import ShareView
from companion.app.actions.share import ShareScreenView
from companion.app.intents import Intents
from companion.app.observable import Notice
from companion.i18n import _
from companion.ui.guard import screen
from companion.ui.parts.play_log import BGSPLAY, log_block, told_copied
from companion.ui.widgets import header, message, primary, readable, secondary, section

QR_SIDE = 340  # px on screen; fits a 390 px phone with the page padding


def qr_image(png: bytes, label: str, side: int = QR_SIDE) -> ft.Control:
    return ft.Container(
        bgcolor=ft.Colors.WHITE,  # the quiet zone stays white in the dark theme
        border_radius=8,
        content=ft.Image(
            src=png,
            width=side,
            height=side,
            fit=ft.BoxFit.CONTAIN,
            semantics_label=label,
        ),
    )


async def save_bytes(
    intents: Intents, name: str, data: bytes, ext: str, note: str = ""
) -> None:
    """Download (web) or save through a dialog (desktop), then say so
    (and ``note``: what the file holds)."""
    try:
        path = await ft.FilePicker().save_file(
            dialog_title=_("Save {name}").format(name=name),
            file_name=name,
            file_type=ft.FilePickerFileType.CUSTOM,
            allowed_extensions=[ext],
            src_bytes=data,
        )
    except Exception as exc:  # the platform said no: tell the table why
        await intents.tell(
            _("Could not save {name}: {reason}").format(name=name, reason=exc),
            error=True,
        )
        return
    if ft.context.page.web:
        said = _("Downloaded {name}.").format(name=name)
        await intents.tell(" ".join([said, note]).strip())
    elif path:
        await intents.tell(
            " ".join([_("Saved {path}.").format(path=path), note]).strip()
        )


def _said_here(notice: Notice | None, here: str, where: str) -> list[ft.Control]:
    """The message of the button just pressed, shown beside it: the screen
    is long, and a message at its top would be scrolled out of sight."""
    if notice is None or here != where:
        return []
    return [message(notice.text, error=notice.error)]


def _summary_block(
    view: ShareView,
    intents: Intents,
    notice: Notice | None,
    where: str,
    said: Callable[[str], None],
) -> ft.Control:
    async def save_png() -> None:
        said("summary")
        await save_bytes(intents, view.png_name, view.saved_png, "png")

    text = ft.Column(
        [
            readable(ft.Text(view.summary.text, selectable=True, size=15)),
            ft.Text(
                _(
                    "QR version {version}, error correction {ecc}: any phone "
                    "camera shows this text."
                ).format(version=view.summary.version, ecc=view.summary.ecc.value),
                size=12,
                color=ft.Colors.ON_SURFACE_VARIANT,
            ),
            primary(_("Save QR as PNG"), save_png, ft.Icons.DOWNLOAD),
            *_said_here(notice, "summary", where),
        ],
        spacing=10,
    )
    return ft.ResponsiveRow(
        [
            ft.Container(
                col={"xs": 12, "md": 6},
                alignment=ft.Alignment.TOP_CENTER,
                content=qr_image(view.summary_png, _("QR code of the game summary")),
            ),
            ft.Container(col={"xs": 12, "md": 6}, content=text),
        ],
        spacing=16,
        run_spacing=12,
    )


def _code_block(
    view: ShareView,
    intents: Intents,
    notice: Notice | None,
    where: str,
    said: Callable[[str], None],
) -> ft.Control:
    async def download() -> None:
        said("code")
        await save_bytes(intents, view.file_name, view.file_bytes, "f7c")

    async def copied() -> None:
        said("code")
        text = _("Share code copied. Paste it into the other app's Import screen.")
        await intents.tell(text)
        # at the bottom edge of the screen, where the finger is, for a moment
        ft.context.page.show_dialog(ft.SnackBar(ft.Text(text), duration=4000))

    controls: list[ft.Control] = [
        section(_("Share code (for another copy of the app)")),
        ft.Text(
            _(
                "On the other device, open the app's Import a game screen and "
                "paste this code or choose the share file."
            ),
            size=14,
        ),
        _code_text(view.code),
        ft.Row(
            [
                ft.Button(
                    _("Copy share code"),
                    icon=ft.Icons.COPY,
                    height=48,
                    action=ft.CopyToClipboard(view.code),
                    on_click=copied,
                ),
                secondary(_("Download share file"), download, ft.Icons.FILE_DOWNLOAD),
            ],
            wrap=True,
        ),
        *_said_here(notice, "code", where),
    ]
    controls += _qr_or_why_not(view)
    return ft.Column(controls, spacing=10)


def _code_text(code: str) -> ft.Control:
    """The share code itself, selectable and read out."""
    return ft.Container(
        padding=10,
        border_radius=8,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        content=readable(
            ft.Text(
                code,
                selectable=True,
                size=12,
                max_lines=6,
                overflow=ft.TextOverflow.ELLIPSIS,
            )
        ),
    )


def _qr_or_why_not(view: ShareView) -> list[ft.Control]:
    if view.code_png is None:
        return [
            message(
                _(
                    "This game is too large for one QR code: send the share "
                    "code or the share file instead."
                )
            )
        ]
    return [
        ft.Text(
            _(
                "The same code as a QR code: a phone camera shows the code as "
                "text, to copy and paste into Import."
            ),
            size=14,
        ),
        ft.Container(
            alignment=ft.Alignment.TOP_CENTER,
            content=qr_image(view.code_png, _("QR code of the share code")),
        ),
    ]


def _log_block(
    view: ShareView,
    intents: Intents,
    notice: Notice | None,
    where: str,
    said: Callable[[str], None],
) -> ft.Control:
    log = view.log

    async def download() -> None:
        said("log")
        if not isinstance(log, str):
            await save_bytes(intents, log.file_name, log.file_bytes, BGSPLAY)

    async def copied() -> None:
        said("log")
        await told_copied(intents.tell)

    return log_block(log, download, copied, _said_here(notice, "log", where))


@screen
def ShareScreen(
    screen_view: ShareScreenView, intents: Intents, on_back: Callable[[], None]
) -> ft.Control:
    view, notice = screen_view.share, screen_view.notice
    where, said = ft.use_state("")  # which block's button spoke last
    controls: list[ft.Control] = []
    if notice is not None and not where:
        controls.append(message(notice.text, error=notice.error))
    if isinstance(view, str):
        # the library hands some refusals over in English: worded here
        controls += [message(_(view), error=True), secondary(_("Back"), on_back)]
    else:
        controls += [
            ft.Text(view.heading, size=22, weight=ft.FontWeight.BOLD),
            _summary_block(view, intents, notice, where, said),
            ft.Divider(),
            _log_block(view, intents, notice, where, said),
            ft.Divider(),
            _code_block(view, intents, notice, where, said),
        ]
    return ft.Column(
        [
            header(_("Share"), on_back),
            ft.ListView(controls=controls, padding=16, spacing=12, expand=True),
        ],
        expand=True,
        spacing=0,
    )
