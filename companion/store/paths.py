"""Where the app keeps its games.

A built Flet app gets a writable folder in ``FLET_APP_STORAGE_DATA`` (on a
phone the user's home is not writable); a desktop run uses the platform's
user data folder; ``--data-dir`` or flet.toml's value beats both so tests and
portable installs can point anywhere.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "flip7-companion"
ENV_FLET_DATA = "FLET_APP_STORAGE_DATA"


def default_data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The data directory: explicit path, else the built app's, else the user's."""
    if explicit:
        return Path(explicit).expanduser()
    flet_dir = os.environ.get(ENV_FLET_DATA)
    if flet_dir:
        return Path(flet_dir)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
