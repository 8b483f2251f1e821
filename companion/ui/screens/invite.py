"""The host's Invite: a QR code phones at the table scan to join the game.

Shows the join link (``/join/<game>?t=<token>``) as a QR code and as text,
lets the host pick the address when the computer has several (Wi-Fi and a
cable, a VPN...), offers the read-only board for a TV, and "New invite",
which revokes every link given so far (asked first). When phones cannot
join at all (the server listens on this computer only, or it has no
network address) it says so and how to fix it, instead of a QR that cannot
work. The "Keep screen awake" switch is here too (remembered per device).
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.app.actions.invite import InviteIntents
from companion.app.views.invite import InviteView, Link
from companion.i18n import _
from companion.ui.guard import screen
from companion.ui.parts.phones import phones_panel
from companion.ui.parts.table_broker import broker_setting, use_table_share
from companion.ui.screens.share import qr_image
from companion.ui.wakelock import Awake
from companion.ui.widgets import (
    bind,
    choice,
    flat,
    header,
    message,
    primary,
    readable,
    secondary,
    section,
    switch_row,
    use_text_input,
)

QR_SIDE = 300  # px: one QR fits a 390 px phone with the page padding
BOARD_SIDE = 200


def _link(intents: InviteIntents, url: str, label: str, done: str) -> ft.Control:
    """The link as selectable text (read out as it is), and a copy button
    (``label``) that says ``done`` once pressed."""
    return ft.Column(
        [
            ft.Container(
                padding=10,
                border_radius=8,
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                content=readable(ft.Text(url, selectable=True, size=14)),
            ),
            ft.Button(
                label,
                icon=ft.Icons.COPY,
                height=48,
                action=ft.CopyToClipboard(url),
                on_click=bind(intents.tell, done),
            ),
        ],
        spacing=8,
    )


def _addresses(view: InviteView, pick: Callable[[str], None]) -> list[ft.Control]:
    """The host picks the network the phones are on (only when there is a choice)."""
    if len(view.addresses) < 2:
        return []
    return [
        ft.Text(
            _(
                "This computer has several addresses: pick the one on the "
                "phones' Wi-Fi (usually 192.168…)."
            ),
            size=14,
        ),
        ft.Row(
            [choice(a, a == view.address, bind(pick, a)) for a in view.addresses],
            wrap=True,
        ),
    ]


def _join(
    intents: InviteIntents, view: InviteView, join: Link, pick: Callable[[str], None]
) -> list[ft.Control]:
    return [
        ft.Text(
            _("Phones on the same Wi-Fi scan this with the camera to join the game:"),
            size=15,
        ),
        ft.Container(
            alignment=ft.Alignment.TOP_CENTER,
            content=qr_image(join.png, _("QR code of the join link"), QR_SIDE),
        ),
        _link(intents, join.url, _("Copy join link"), _("Join link copied.")),
        *_addresses(view, pick),
    ]


def _board(intents: InviteIntents, board: Link) -> list[ft.Control]:
    return [
        section(_("Board for a TV or tablet")),
        ft.Text(
            _(
                "Read-only, in large type: the totals, the round being entered "
                "and the leader."
            ),
            size=14,
        ),
        ft.Container(
            alignment=ft.Alignment.TOP_CENTER,
            content=qr_image(board.png, _("QR code of the board link"), BOARD_SIDE),
        ),
        _link(intents, board.url, _("Copy board link"), _("Board link copied.")),
    ]


def _renew(
    intents: InviteIntents, asking: bool, ask: Callable[[bool], None]
) -> ft.Control:
    """ "New invite", asked first: every phone's link stops working."""
    if not asking:
        return secondary(_("New invite"), lambda: ask(True), ft.Icons.AUTORENEW)

    async def renew() -> None:
        ask(False)
        await intents.renew()

    return ft.Container(
        padding=12,
        border_radius=8,
        border=ft.Border.all(1, ft.Colors.OUTLINE),
        content=ft.Column(
            [
                ft.Text(
                    _(
                        "Make a new invite? The links and QR codes given so far "
                        "stop working: phones must scan the new one."
                    )
                ),
                ft.Row(
                    [
                        primary(_("Make a new invite"), renew, ft.Icons.AUTORENEW),
                        flat(_("Cancel"), lambda: ask(False)),
                    ],
                    wrap=True,
                ),
            ]
        ),
    )


def _awake(awake: Awake) -> ft.Control:
    hint = (
        _(
            "This browser cannot keep the screen awake: lengthen the screen "
            "timeout in the device's settings instead."
        )
        if awake.unavailable
        else _("While a game is open, this device's screen stays on.")
    )
    return switch_row(_("Keep screen awake"), awake.on, awake.set, hint)


@screen
def InviteScreen(
    intents: InviteIntents, awake: Awake, on_back: Callable[[], None]
) -> ft.Control:
    address, pick = ft.use_state("")
    asking, ask = ft.use_state(False)
    broker = use_text_input()
    page = ft.context.page
    use_table_share(page, intents, broker)  # the phone app: through a broker
    screen_view = intents.view(address)  # the address picked is the screen's
    view, notice = screen_view.invite, screen_view.notice
    controls: list[ft.Control] = []
    if notice is not None:
        controls.append(message(notice.text, error=notice.error))
    if not isinstance(view, str) and view.status:
        controls.append(message(view.status, error=True))
    if isinstance(view, str):  # the invite's HOST_ONLY comes in English
        controls.append(message(_(view), error=True))
    elif view.join is not None and view.board is not None:
        controls += _join(intents, view, view.join, pick)
        controls.append(_renew(intents, asking, ask))
        controls.append(ft.Divider())
        controls += _board(intents, view.board)
        controls += phones_panel(screen_view.phones, intents)
    else:  # no links: the view says why phones can't join
        controls.append(message(view.problem or "", error=True))
    controls += broker_setting(page, intents, broker)
    controls += [ft.Divider(), _awake(awake)]
    return ft.Column(
        [
            header(_("Invite phones"), on_back),
            ft.ListView(controls=controls, padding=16, spacing=12, expand=True),
        ],
        expand=True,
        spacing=0,
    )
