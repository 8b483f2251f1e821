"""One stored game as a list tile (home screen and history): its heading,
whether it is won or in progress, its rounds and its date, then actions."""

from __future__ import annotations

import flet as ft

from companion.i18n import _, names_list, ngettext
from companion.store.records import GameSummary


def game_status(game: GameSummary, day: str) -> str:
    if game.finished and game.winners:
        status = _("Won by {names}").format(names=names_list(game.winners))
    else:
        status = _("In progress")
    rounds = ngettext("{n} round", "{n} rounds", game.rounds).format(n=game.rounds)
    return f"{status} · {rounds} · {day}"


def game_tile(heading: str, status: str, actions: list[ft.Control]) -> ft.Control:
    # Not one semantic container: its actions keep their own names and Tab
    # stops (a merged card took the Delete button's focus under its text).
    return ft.Card(
        semantic_container=False,
        content=ft.Container(
            padding=ft.Padding.only(left=12, right=4, top=6, bottom=6),
            content=ft.Row(
                [
                    ft.Column(
                        [
                            ft.Text(
                                heading,
                                weight=ft.FontWeight.BOLD,
                                overflow=ft.TextOverflow.ELLIPSIS,
                            ),
                            ft.Text(status, size=12),
                        ],
                        spacing=2,
                        expand=True,
                    ),
                    *actions,
                ]
            ),
        ),
    )
