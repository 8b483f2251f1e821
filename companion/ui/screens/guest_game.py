"""The score sheet on a joined phone: the live sheet, whose round it is, and
the way to tap in this phone's own line or play at the digital table.

No Home, History, corrections or deletion here: those stay on the host's
screen (the app layer refuses them from a guest anyway); the sheet updates
live as the other phones and the host tap.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from companion.app import AppState
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
    state: AppState,
    on_enter: Callable[[], None],
    on_table: Callable[[], None],
    on_seat: Callable[[], None],
    phone: ThisPhone | None = None,
) -> ft.Control:
    sheet, draft = state.sheet, state.draft
    if sheet is None or draft is None:
        return ft.Text(_("No game is open."))
    mine = state.my_seat
    names = sheet.names()
    if mine in names:
        who = _("You are {name}").format(name=names[mine])
    else:
        who = _("You are watching")
    controls: list[ft.Control] = []
    if state.notice is not None:
        controls.append(message(state.notice.text, error=state.notice.error))
    banner = state.banner()
    if banner:
        controls.append(
            ft.Text(banner, size=22, weight=ft.FontWeight.BOLD, color=ACCENT)
        )
    controls.append(ft.Text(who, size=18, weight=ft.FontWeight.BOLD))
    if not sheet.over:
        controls += _round(state, on_enter, on_table)
    controls.append(score_table(sheet, None))
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
    state: AppState, on_enter: Callable[[], None], on_table: Callable[[], None]
) -> list[ft.Control]:
    """The round being played: who deals, who is in, and this phone's step."""
    assert state.sheet is not None and state.draft is not None
    sheet, draft = state.sheet, state.draft
    number = len(sheet.rounds) + 1
    dealer = state.next_dealer().name
    title = _("Round {number} · {dealer} deals").format(number=number, dealer=dealer)
    out: list[ft.Control] = [ft.Text(title, size=22, weight=ft.FontWeight.BOLD)]
    if state.digital_in_progress:
        table = _("Digital round {number}: to the table").format(number=number)
        out.append(primary(table, on_table))
        return out
    waiting = state.waiting_for()
    if state.half_entered or draft.done:
        text = (
            _("Waiting for {names}").format(names=", ".join(waiting))
            if waiting
            else _("Every line is in.")
        )
        out.append(ft.Text(text, size=16))
    mine = state.my_seat
    if mine is not None and mine in draft.players:
        label = (
            _("My line is in: check it") if draft.is_in(mine) else _("Enter my line")
        )
        out.append(primary(label, on_enter, ft.Icons.EDIT_NOTE))
    elif state.seat.scorer:
        enter = _("Enter round {number}").format(number=number)
        out.append(secondary(enter, on_enter, ft.Icons.EDIT_NOTE))
    return out
