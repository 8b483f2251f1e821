"""Start the app in the browser: the games folder, one tab, then the app.

Run by ``main.py`` in ``app.tar.gz`` (Flet's Python worker runs it). The
order matters: no store may open the folder before IndexedDB has given it
back, and only the tab holding the lock may open it at all.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft
import js  # type: ignore[import-not-found]

from companion.app.serving import STANDALONE
from companion.i18n import _
from companion.i18n.said import worded
from companion.server.settings import Settings
from companion.ui.app import make_main
from companion.ui.language import install as install_language
from companion.ui.screens.elsewhere import ElsewhereScreen
from companion.ui.theme import apply_theme

from . import tab
from .storage import Folder


def teller(page: ft.Page) -> Callable[[str, bool], None]:
    """How the games folder tells the player about saving, over any screen
    (it happens after a commit, not in one: see :mod:`.saving`): a refused
    write in a dialog that stays until read (one at a time, the latest
    words), the good news that follows in a passing bar."""
    shown: list[ft.AlertDialog] = []

    def tell(text: str, error: bool) -> None:
        words = ft.Text(worded(text))
        if not error:
            page.show_dialog(ft.SnackBar(words, duration=4000))
        elif shown and shown[-1].open:
            shown[-1].content = words
            shown[-1].update()
        else:
            ok = ft.TextButton(_("OK"), on_click=lambda _e: page.pop_dialog())
            shown[:] = [ft.AlertDialog(content=words, actions=[ok])]
            page.show_dialog(shown[-1])

    return tell


def mark(name: str) -> None:
    """A mark of the start for tests/bench/bench_phone_app.py (the worker's
    ``flip7Mark``; none in a worker of another shape)."""
    tell = getattr(js, "flip7Mark", None)
    if tell is not None:
        tell(name)


def run() -> None:
    settings = Settings()
    data_dir = settings.resolved_data_dir()

    async def main(page: ft.Page) -> None:
        mark("session")
        install_language(settings.language)
        if not await tab.hold():
            apply_theme(page)  # the app's fonts and colours, as everywhere
            page.render(ElsewhereScreen)
            await tab.hold(wait=True)  # until the other tab is closed
        moved = await Folder(data_dir, teller(page)).open()
        mark("folder-open")
        make_main(data_dir, STANDALONE, language=settings.language, warnings=moved)(
            page
        )
        mark("home-built")

    ft.run(main)
