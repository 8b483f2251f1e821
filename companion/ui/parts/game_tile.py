"""One stored game as a list tile (home screen and history): its heading,
whether it is won or in progress, its rounds and its date, then actions."""

from __future__ import annotations

import flet as ft

from companion.store.records import GameSummary


def game_status(game: GameSummary, day: str) -> str:
    if game.finished and game.winners:
        status = f"Won by {' and '.join(game.winners)}"
    else:
        status = "In progress"
    rounds = f"{game.rounds} round{'s' if game.rounds != 1 else ''}"
    return f"{status} · {rounds} · {day}"


def game_tile(heading: str, status: str, actions: list[ft.Control]) -> ft.Control:
    return ft.Card(
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
        )
    )
