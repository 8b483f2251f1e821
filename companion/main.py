"""Entry point for `flet build` (pyproject: [tool.flet.app] path = "companion").

`flet build` packs the folder `companion/` as the app's root, so inside a
built app this file runs as a top-level script and the folder is not on the
path as a package. Register it as the package ``companion`` first, then start
the app the same way `uv run companion` does, with the built app's storage.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path


def _ensure_package() -> None:
    if "companion" in sys.modules:
        return
    here = Path(__file__).resolve().parent
    spec = importlib.util.spec_from_file_location(
        "companion", here / "__init__.py", submodule_search_locations=[str(here)]
    )
    if spec is None or spec.loader is None:  # pragma: no cover - broken install
        raise ImportError(f"cannot load the companion package from {here}")
    module = importlib.util.module_from_spec(spec)
    sys.modules["companion"] = module
    spec.loader.exec_module(module)


if __name__ == "__main__":
    _ensure_package()
    from companion.app_entry import run_built

    run_built()
