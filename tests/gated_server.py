"""``python tests/gated_server.py ARGS``: ``python -m companion ARGS`` whose
game files wait to be written while the file that
``COMPANION_TEST_WRITE_GATE`` names exists.

Why: a save that takes long (a slow disk, fsync on a loaded machine) must
not hold up any other session (issue 25, bug 5). A gate held open by the
test makes "long" as long as the test wants, without timing anything: the
test opens the gate only after checking what happened meanwhile. Test
code only; the app itself has no such hook.

SIGUSR2 makes it collect garbage and log how many Flet pages are still in
memory, per client address ("live pages: {...}"): what a closed and
expired session kept (issue 25, bug 7).
"""

from __future__ import annotations

import collections
import gc
import os
import signal
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.__main__ import main  # noqa: E402
from companion.store import storage  # noqa: E402

GATE = Path(os.environ["COMPANION_TEST_WRITE_GATE"])
_write = storage.atomic_write_text


def gated_write(path: Path, text: str) -> None:
    while GATE.exists():
        time.sleep(0.01)
    _write(path, text)


storage.atomic_write_text = gated_write


def count_pages(*_: object) -> None:
    def count() -> None:
        from flet.controls.page import Page

        gc.collect()
        live = collections.Counter(
            str(o.client_ip) for o in gc.get_objects() if type(o) is Page
        )
        print(f"live pages: {dict(live)}", flush=True)

    threading.Thread(target=count).start()


signal.signal(signal.SIGUSR2, count_pages)

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
