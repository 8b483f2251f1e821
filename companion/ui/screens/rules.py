"""The rules screen: the text :mod:`companion.app.views.rules` gives, as
Markdown, its tables compact enough for a phone."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.app.views.rules import rules_text
from companion.i18n import _
from companion.ui.guard import screen
from companion.ui.widgets import header

# Tables fit a 390 px phone: the default cell padding (16 px) and body size
# left about 100 px of text per column, so one card took up to eight lines.
COMPACT_TABLES = ft.MarkdownStyleSheet(
    table_cells_padding=ft.Padding.symmetric(horizontal=6, vertical=4),
    table_body_text_style=ft.TextStyle(size=13),
    table_head_text_style=ft.TextStyle(size=13, weight=ft.FontWeight.BOLD),
)


@screen
def RulesScreen(on_back: Callable[[], None]) -> ft.Control:
    return ft.Column(
        expand=True,
        controls=[
            header(_("Rules"), on_back),
            ft.Container(
                expand=True,
                padding=ft.Padding.symmetric(horizontal=16),
                content=ft.ListView(
                    expand=True,
                    controls=[
                        ft.Markdown(
                            rules_text(),
                            selectable=True,
                            extension_set=ft.MarkdownExtensionSet.GITHUB_WEB,
                            md_style_sheet=COMPACT_TABLES,
                        )
                    ],
                ),
            ),
        ],
    )
