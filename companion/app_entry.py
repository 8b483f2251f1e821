"""Start the app inside a `flet build` package (desktop, phone or web).

The built app brings its own Flet client, so no web server is started here;
games go to the app's storage folder (FLET_APP_STORAGE_DATA).
"""

from __future__ import annotations

import flet as ft

from .settings import Settings
from .ui.app import make_main


def run_built() -> None:
    ft.run(make_main(Settings().resolved_data_dir()), assets_dir="assets")
