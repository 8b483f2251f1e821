"""The score sheet on a joined phone: the live sheet, whose round it is, and
the way to tap in this phone's own line or play at the digital table
(a :class:`~companion.app.views.guest_game.GuestGameView`).

No Home, History, corrections or deletion here: those stay on the host's
screen (the app layer refuses them from a guest anyway); the sheet updates
live as the other phones and the host tap.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from companion.app.actions.game import GuestScreenView
from companion.app.refusal import NO_GAME
from companion.app.views.guest_game import GuestRound
from companion.i18n import _
from companion.ui.guard import screen
from companion.ui.language import language_picker
from companion.ui.parts.score_table import score_table
from companion.ui.theme import ACCENT
from companion.ui.theme_choice import contrast_switch
from companion.ui.widgets import flat, header, message, primary, secondary


@dataclass(frozen=True)
class ThisPhone:
    """This phone's own settings (a guest has no Home to change them on)."""

    dark: bool
    on_theme: Callable[[], None]
    high: bool = False
    on_contrast: Callable[[], None] | None = None


def _this_phone(phone: ThisPhone) -> list[ft.Control]:
    theme = _("Light theme") if phone.dark else _("Dark theme")
    icon = ft.Icons.LIGHT_MODE if phone.dark else ft.Icons.DARK_MODE
    return [
        ft.Divider(),
        ft.Text(_("This phone"), size=16, weight=ft.FontWeight.BOLD),
        flat(theme, phone.on_theme, icon),
        *contrast_switch(phone.high, phone.on_contrast),
        language_picker(),
    ]


@screen
def GuestGameScreen(
    screen_view: GuestScreenView | None,
    on_enter: Callable[[], None],
    on_table: Callable[[], None],
    on_seat: Callable[[], None],
    phone: ThisPhone | None = None,
) -> ft.Control:
    if screen_view is None:
        return ft.Text(_(NO_GAME))
    view, notice = screen_view.game, screen_view.notice
    if view.me is not None:
        who = _("You are {name}").format(name=view.me)
    else:
        who = _("You are watching")
    controls: list[ft.Control] = []
    if notice is not None:
        controls.append(message(notice.text, error=notice.error))
    if view.banner:
        controls.append(
            ft.Text(view.banner, size=22, weight=ft.FontWeight.BOLD, color=ACCENT)
        )
    controls.append(ft.Text(who, size=18, weight=ft.FontWeight.BOLD))
    if view.round is not None:
        controls += _round(view.round, on_enter, on_table)
    controls.append(score_table(view.sheet, None))
    controls.append(flat(_("Change seat"), on_seat, ft.Icons.PERSON_SEARCH))
    if phone is not None:
        controls += _this_phone(phone)
    return ft.Column(
        [
            header(_("Score sheet")),
            ft.ListView(controls=controls, padding=16, spacing=10, expand=True),
        ],
        expand=True,
        spacing=0,
    )


def _round(
    rnd: GuestRound, on_enter: Callable[[], None], on_table: Callable[[], None]
) -> list[ft.Control]:
    """The round being played: who deals, who is in, and this phone's step."""
    number = rnd.number
    title = _("Round {number} · {dealer} deals").format(
        number=number, dealer=rnd.dealer
    )
    out: list[ft.Control] = [ft.Text(title, size=22, weight=ft.FontWeight.BOLD)]
    if rnd.digital:
        table = _("Digital round {number}: to the table").format(number=number)
        out.append(primary(table, on_table))
        return out
    if rnd.under_way:
        text = (
            _("Waiting for {names}").format(names=", ".join(rnd.waiting))
            if rnd.waiting
            else _("Every line is in.")
        )
        out.append(ft.Text(text, size=16))
    if rnd.my_line is not None:
        label = _("My line is in: check it") if rnd.my_line else _("Enter my line")
        out.append(primary(label, on_enter, ft.Icons.EDIT_NOTE))
    elif rnd.scorer:
        enter = _("Enter round {number}").format(number=number)
        out.append(secondary(enter, on_enter, ft.Icons.EDIT_NOTE))
    return out
