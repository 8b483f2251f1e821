"""The root component and the Flet entry point."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import flet as ft

from .rules_view import RulesScreen
from .theme import apply_theme
from .title import TitleScreen


@ft.component
def App() -> ft.Control:
    screen, set_screen = ft.use_state("title")
    if screen == "rules":
        body = RulesScreen(on_back=lambda: set_screen("title"))
    else:
        body = TitleScreen(on_rules=lambda: set_screen("rules"))
    return ft.SafeArea(expand=True, content=body)


def make_main(data_dir: Path) -> Callable[[ft.Page], None]:
    """The per-session entry point Flet calls for every browser tab."""

    def main(page: ft.Page) -> None:
        apply_theme(page)
        page.render(App)

    return main
