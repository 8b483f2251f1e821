"""Start the app inside a `flet build` package (desktop, phone or web).

The built app brings its own Flet client, so no web server is started here;
games go to the app's storage folder (FLET_APP_STORAGE_DATA).

Like ``companion``, a second copy on the same folder (a desktop app opened
twice) does not open the games: it shows why in its window and stays
empty, since there is no terminal to print to (:mod:`companion.store.lock`).
Where no lock can be made (Pyodide in a browser) the app runs as before.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import flet as ft

from .server.gc_tuning import Sweep
from .server.settings import Settings
from .store.lock import FolderInUse, lock_folder


def run_built() -> None:
    data_dir = Settings().resolved_data_dir()
    try:
        held = lock_folder(data_dir)
    except FolderInUse as exc:
        print(f"companion: {exc}", file=sys.stderr)
        ft.run(_refusal(str(exc)))
        return
    from .ui.app import make_main  # only once the folder is ours

    try:
        main = make_main(data_dir, language=Settings().language, expired=Sweep().closed)
        ft.run(main, assets_dir="assets")
    finally:
        if held is not None:
            held.release()


def _refusal(message: str) -> Callable[[ft.Page], None]:
    def main(page: ft.Page) -> None:
        page.title = "Flip 7 Companion"
        page.add(ft.Text(message, selectable=True))

    return main
