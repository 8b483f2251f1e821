"""The whole suite runs the engine that ``uv run companion`` runs: the
compiled one (companion/native.py) when this machine can build it, built
here before any test imports the rules (about 30 s, once per change of the
sources), else the sources themselves. ``REQUIRE_NATIVE=1`` (.ci/run) makes
a machine that cannot build it an error instead of a quiet fallback."""

from __future__ import annotations

import os

import pytest

from companion import native

if not native.active() and not os.environ.get(native.PURE_ENV):
    if native.can_build():
        native.build()
        native.install()
    elif os.environ.get("REQUIRE_NATIVE"):
        raise pytest.UsageError(
            "REQUIRE_NATIVE=1, but mypyc, setuptools or a C compiler is missing"
        )
