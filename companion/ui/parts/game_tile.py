"""One stored game as a list tile (home screen and history): its heading
and its status line (worded by companion.app.views.games), then actions."""

from __future__ import annotations

import flet as ft


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
