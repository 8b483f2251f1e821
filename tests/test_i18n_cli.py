"""``python -m companion.i18n`` (README: how translations are made): the
command a translator runs must start, and refuse a word it does not know."""

from __future__ import annotations

import subprocess
import sys


def test_the_translation_command_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "companion.i18n", "translate-everything"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert "usage: python -m companion.i18n [extract|update|compile]" in done.stdout
