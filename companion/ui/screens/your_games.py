"""Your games on this phone (or computer): how many, the space they use,
whether the browser promised to keep them, the last backup; Back up,
Restore from a backup, and Undo restore."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.app.actions.games import GamesIntents
from companion.app.views.your_games import Fact, YourGamesView
from companion.i18n import _
from companion.ui.guard import screen
from companion.ui.parts.backup import back_up_button, restore_button, undo_button
from companion.ui.parts.set_aside import SetAsideFiles
from companion.ui.widgets import header, message, readable


def _fact(fact: Fact) -> ft.Control:
    return ft.Row(
        [
            ft.Text(fact.label, size=15, expand=True),
            ft.Container(
                expand=True,
                content=readable(
                    ft.Text(fact.value, size=15, weight=ft.FontWeight.BOLD)
                ),
            ),
        ],
        vertical_alignment=ft.CrossAxisAlignment.START,
    )


@screen
def YourGamesScreen(
    view: YourGamesView,
    intents: GamesIntents,
    on_back: Callable[[], None],
    on_looked: Callable[[], None],
) -> ft.Control:
    """``on_looked``: ask the browser again what it keeps (on opening, and
    after a backup or a restore changed the games or the last backup)."""
    games, last = view.facts[0].value, view.facts[-1].value
    ft.use_effect(on_looked, [games, last])
    controls: list[ft.Control] = [_fact(f) for f in view.facts]
    controls += [ft.Text(text, size=14) for text in view.advice]
    if view.can_back_up:
        controls.append(back_up_button(intents, _("Back up")))
    controls.append(restore_button(intents))
    if view.notice is not None:
        controls.append(message(view.notice.text, error=view.notice.error))
    if view.can_undo:
        controls.append(undo_button(intents))
    if view.aside:
        controls.append(SetAsideFiles(intents, view.aside))
    return ft.Column(
        [
            header(view.title, on_back),
            ft.ListView(controls=controls, padding=16, spacing=12, expand=True),
        ],
        expand=True,
        spacing=0,
    )
