"""The whole suite runs the engine that ``uv run companion`` runs: the
compiled one (companion/machine/native.py) when this machine can build it, built
here before any test imports the rules (about 30 s, once per change of the
sources), else the sources themselves (also when the build fails: said,
and not retried on every run). ``REQUIRE_NATIVE=1`` (.ci/run) makes a
machine that cannot build it an error instead of a quiet fallback.

Compiled by default because the advisor and hard-bot tests take over three
times as long plain (issue 24: CI would overrun its budget); the plain
sources, which phones run, are proven equal by the fingerprint digests that
tests/test_native.py checks from them in a subprocess (companion/machine/native.py
says more). ``COMPANION_PURE_PYTHON=1`` runs the whole suite plain."""

from __future__ import annotations

import os
import sys
import time
from typing import Any

import pytest

from companion.machine import native

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


# --- the run's breakdown (docs/benchmarks.md, "CI") -----------------------------
# Each test's seconds (setup, call and teardown, as every process reports
# them to this one) summed by kind, the wall time and the machine's load, so
# every run of `.ci/run` prints where its minutes went.
_SECONDS: dict[str, float] = {}
_COUNT: dict[str, int] = {}
_EACH: dict[str, float] = {}  # a test's seconds (a module fixture's in its first)
SLOWEST = 12  # printed: where the next cut of CI's time should look
_STARTED: list[float] = []


def _kind(nodeid: str) -> str:
    if "test_crawl.py" in nodeid:
        return "crawl"
    if nodeid.startswith("tests/browser/"):
        return "browser"
    if nodeid.startswith("tests/bench/"):
        return "benches"
    return "unit"


def pytest_sessionstart(session: pytest.Session) -> None:
    _STARTED[:] = [time.monotonic(), os.getloadavg()[0]]


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    kind = _kind(report.nodeid)
    _SECONDS[kind] = _SECONDS.get(kind, 0.0) + report.duration
    _EACH[report.nodeid] = _EACH.get(report.nodeid, 0.0) + report.duration
    if report.when == "call" or (report.when == "setup" and report.skipped):
        _COUNT[kind] = _COUNT.get(kind, 0) + 1


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not _STARTED or not _SECONDS:
        return
    wall = time.monotonic() - _STARTED[0]
    loads = os.getloadavg()
    write = terminalreporter.write_line
    terminalreporter.section("where the time went")
    write(f"{'kind':<9}{'tests':>7}{'test seconds':>14}")
    for kind in ("unit", "browser", "crawl", "benches"):
        if kind in _COUNT:
            write(f"{kind:<9}{_COUNT[kind]:>7}{_SECONDS.get(kind, 0.0):>14.1f}")
    write(
        f"wall {wall:.1f} s; load average {_STARTED[1]:.2f} at the start, "
        f"{loads[0]:.2f} (1 min) / {loads[2]:.2f} (15 min) at the end"
    )
    slowest = sorted(_EACH.items(), key=lambda item: -item[1])[:SLOWEST]
    if len(_EACH) > SLOWEST:
        write(f"the {SLOWEST} slowest tests (seconds, setup and teardown included):")
        for nodeid, seconds in slowest:
            write(f"{seconds:9.1f}  {nodeid}")


@pytest.fixture(autouse=True)
def _no_foreign_running_loop(request: pytest.FixtureRequest) -> Any:
    """A unit test runs as it does alone: in the whole suite, a test process
    that ran a browser test keeps Playwright's event loop marked running on
    its main thread (tests/own_loop.py), and the app's async code, asking
    for the running loop, would put its tasks there, where nothing drives
    them (a seat let go of, the table's odds worked out, never ran)."""
    if "browser" in request.path.parts:
        yield
        return
    import asyncio

    foreign = asyncio.events._get_running_loop()
    asyncio.events._set_running_loop(None)
    try:
        yield
    finally:
        asyncio.events._set_running_loop(foreign)
