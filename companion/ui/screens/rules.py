"""The rules screen: docs/rules.md (docs/rules.it.md, docs/rules.hu.md in
Italian and Hungarian), the same text players read online."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

import flet as ft

from companion.i18n import SOURCE, _, current
from companion.ui.guard import screen
from companion.ui.widgets import header

# assets/rules*.md link to docs/rules*.md, so a built app (which ships
# assets/ but not docs/) shows the same text.
ASSETS = Path(__file__).resolve().parents[2] / "assets"
RULES_FILE = ASSETS / "rules.md"


def rules_file(language: str = SOURCE) -> Path:
    """rules.md in English, rules.<language>.md otherwise."""
    return RULES_FILE if language == SOURCE else ASSETS / f"rules.{language}.md"


# Tables fit a 390 px phone: the default cell padding (16 px) and body size
# left about 100 px of text per column, so one card took up to eight lines.
COMPACT_TABLES = ft.MarkdownStyleSheet(
    table_cells_padding=ft.Padding.symmetric(horizontal=6, vertical=4),
    table_body_text_style=ft.TextStyle(size=13),
    table_head_text_style=ft.TextStyle(size=13, weight=ft.FontWeight.BOLD),
)


@cache
def _read(language: str) -> str | None:
    try:
        return rules_file(language).read_text(encoding="utf-8")
    except OSError:
        return None


def rules_text(language: str | None = None) -> str:
    """The rules in ``language`` (the session's by default); English when
    that translation is missing."""
    text = _read(language or current().language) or _read(SOURCE)
    if text is None:
        missing = _("The rules file is missing from this installation.")
        return f"# {_('Rules')}\n\n{missing}"
    return text


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
