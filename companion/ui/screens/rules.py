"""The rules screen: docs/rules.md, the same text players read online."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

import flet as ft

from companion.ui.guard import screen
from companion.ui.widgets import header

# assets/rules.md links to docs/rules.md, so a built app (which ships assets/
# but not docs/) shows the same text.
RULES_FILE = Path(__file__).resolve().parents[2] / "assets" / "rules.md"


# Tables fit a 390 px phone: the default cell padding (16 px) and body size
# left about 100 px of text per column, so one card took up to eight lines.
COMPACT_TABLES = ft.MarkdownStyleSheet(
    table_cells_padding=ft.Padding.symmetric(horizontal=6, vertical=4),
    table_body_text_style=ft.TextStyle(size=13),
    table_head_text_style=ft.TextStyle(size=13, weight=ft.FontWeight.BOLD),
)


@cache
def rules_text() -> str:
    try:
        return RULES_FILE.read_text(encoding="utf-8")
    except OSError:
        return "# Rules\n\nThe rules file is missing from this installation."


@screen
def RulesScreen(on_back: Callable[[], None]) -> ft.Control:
    return ft.Column(
        expand=True,
        controls=[
            header("Rules", on_back),
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
