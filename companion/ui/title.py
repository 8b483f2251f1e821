"""The title screen: what the app is and where to start."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from .theme import ACCENT, TAP, TITLE_SIZE


@ft.component
def TitleScreen(on_rules: Callable[[], None]) -> ft.Control:
    return ft.Container(
        padding=24,
        alignment=ft.Alignment.CENTER,
        expand=True,
        content=ft.Column(
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            alignment=ft.MainAxisAlignment.CENTER,
            spacing=16,
            controls=[
                ft.Image(src="icon.png", width=120, height=120),
                ft.Text(
                    "Flip 7 Companion",
                    size=TITLE_SIZE,
                    weight=ft.FontWeight.BOLD,
                    text_align=ft.TextAlign.CENTER,
                ),
                ft.Text(
                    "Scoring, dealing and sharing for Flip 7: With a Vengeance",
                    size=16,
                    text_align=ft.TextAlign.CENTER,
                ),
                ft.Button(
                    "Rules",
                    icon=ft.Icons.MENU_BOOK,
                    height=TAP,
                    bgcolor=ACCENT,
                    color=ft.Colors.WHITE,
                    on_click=lambda: on_rules(),
                ),
            ],
        ),
    )
