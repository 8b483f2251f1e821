"""Start the app in the browser: the games folder, one tab, then the app.

Run by ``main.py`` in ``app.tar.gz`` (Flet's Python worker runs it). The
order matters: no store may open the folder before IndexedDB has given it
back, and only the tab holding the lock may open it at all.
"""

from __future__ import annotations

import flet as ft

from companion.app.serving import STANDALONE
from companion.server.settings import Settings
from companion.ui.app import make_main
from companion.ui.language import install as install_language
from companion.ui.screens.elsewhere import ElsewhereScreen
from companion.ui.theme import apply_theme

from . import tab
from .storage import Folder


def run() -> None:
    settings = Settings()
    data_dir = settings.resolved_data_dir()

    async def main(page: ft.Page) -> None:
        install_language(settings.language)
        if not await tab.hold():
            apply_theme(page)  # the app's fonts and colours, as everywhere
            page.render(ElsewhereScreen)
            await tab.hold(wait=True)  # until the other tab is closed
        await Folder(data_dir).open()
        make_main(data_dir, STANDALONE, language=settings.language)(page)

    ft.run(main)
