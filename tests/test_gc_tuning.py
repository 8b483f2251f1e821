"""The server's garbage-collector settings (companion.server.gc_tuning)."""

from __future__ import annotations

import gc

from companion.server.gc_tuning import OLD, YOUNG, tune


def test_tune_freezes_what_exists_and_raises_the_young_threshold() -> None:
    before = gc.get_threshold()
    try:
        tune()
        assert gc.get_threshold() == (YOUNG, 20, OLD)
        assert gc.get_freeze_count() > 1000  # the modules loaded so far
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
