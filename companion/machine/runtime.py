"""Where this copy of the app runs: served by ``companion`` on a computer,
or inside a phone's browser (Pyodide, the installed web app).

Why one module: the browser lacks threads, subprocesses, ``fcntl``, Pillow
and a compiler, and keeps files in memory unless they are mounted on
IndexedDB. Each place that must behave differently asks here, so "in a
browser" is decided once (and a test can pretend either way by patching
:data:`IN_BROWSER`), not by ``sys.platform`` checks spread over the code.
"""

from __future__ import annotations

import importlib.util
import sys
from functools import cache

IN_BROWSER = sys.platform == "emscripten"
# The BroadcastChannel on which the phone app's Python (in a web worker,
# where persist() does not exist) asks its page to call persist():
# companion/browser/keep.py and the page's script (publish/shell.py).
KEEP_CHANNEL = "flip7-keep"


@cache
def has_pillow() -> bool:
    """Pillow is installed (never in the browser: it has no Pyodide build
    on PyPI). Without it QR codes are drawn by pypng and saved without the
    caption band, and text widths are estimated."""
    return importlib.util.find_spec("PIL") is not None
