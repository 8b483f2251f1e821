"""``python tests/gated_server.py ARGS``: ``python -m companion ARGS`` whose
game files wait to be written while the file that
``COMPANION_TEST_WRITE_GATE`` names exists.

Why: a save that takes long (a slow disk, fsync on a loaded machine) must
not hold up any other session (issue 25, bug 5). A gate held open by the
test makes "long" as long as the test wants, without timing anything: the
test opens the gate only after checking what happened meanwhile. Test
code only; the app itself has no such hook.
"""

from __future__ import annotations

import os
import sys
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

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
