"""The whole suite runs the engine that ``uv run companion`` runs: the
compiled one (companion/native.py) when this machine can build it, built
here before any test imports the rules (about 30 s, once per change of the
sources), else the sources themselves (also when the build fails: said,
and not retried on every run). ``REQUIRE_NATIVE=1`` (.ci/run) makes a
machine that cannot build it an error instead of a quiet fallback."""

from __future__ import annotations

import os
import sys

import pytest

from companion import native

REQUIRED = bool(os.environ.get("REQUIRE_NATIVE"))

if not native.active() and not os.environ.get(native.PURE_ENV):
    if native.can_build() and (REQUIRED or not native.failed_before()):
        try:
            native.build()
        except native.BuildError as exc:
            if REQUIRED:
                raise pytest.UsageError(str(exc)) from None
            print(f"Testing the plain sources: {exc}", file=sys.stderr)
        native.install()
    elif REQUIRED:
        raise pytest.UsageError(
            "REQUIRE_NATIVE=1, but mypyc, setuptools or a C compiler is missing"
        )


# The longest tests first, so that both test processes (pytest-xdist,
# pyproject.toml) finish together instead of one waiting on a crawl picked
# up last: the crawls, then the rest of the browser and the bench smoke
# tests (a server and Chromium each), then the unit tests, short and many,
# which fill the gaps at the end. Collection order is kept within each.
def _weight(item: pytest.Item) -> int:
    path = item.nodeid
    if "test_crawl.py" in path:
        return 0
    if "tests/browser/" in path or "tests/bench/" in path:
        return 1
    if "test_live_security.py" in path or "test_bots.py" in path:
        return 2
    return 3


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_weight)
