"""Stop the server within a second of SIGTERM or Ctrl-C, whatever Flet does.

Why a supervising parent: Flet 1.0.5 (uvicorn inside) takes over SIGTERM
and SIGINT for a graceful stop that waits for every websocket, and one
malformed frame (a client event before it registered) leaves a websocket
that never ends, so the server then ignores SIGTERM for good (see
docs/flet-sigterm-bug.md). Here the app runs in a forked child; the parent
only waits. On SIGTERM/SIGINT it passes SIGTERM on, gives the child
:data:`GRACE` seconds for the graceful stop, then kills it. Nothing is lost:
every acknowledged change is already on disk (atomic writes; the index is a
cache rebuilt on the next start).

Where ``os.fork`` does not exist (Windows) the app runs in this process.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import time
import traceback
from collections.abc import Callable

GRACE = 0.6  # seconds of graceful stop before the child is killed
_SIGNALS = (signal.SIGTERM, signal.SIGINT)


class _Stop(Exception):
    pass


def _die_with_parent() -> None:
    """Linux: the child gets SIGTERM if the parent dies (even by SIGKILL)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _child(run: Callable[[], int]) -> None:
    for sig in _SIGNALS:
        signal.signal(sig, signal.SIG_DFL)
    _die_with_parent()
    code = 1
    try:
        code = run()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:  # noqa: BLE001 - print it, then leave
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _status(status: int) -> int:
    if os.WIFEXITED(status):
        return os.WEXITSTATUS(status)
    return 0  # ended by our own signal


def _stop(pid: int) -> int:
    """SIGTERM, then SIGKILL after GRACE seconds; the child's exit code."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + GRACE
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return _status(status)
        time.sleep(0.02)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    return 0


def supervise(run: Callable[[], int]) -> int:
    """Run ``run`` in a child process that SIGTERM/SIGINT end within a second."""
    if not hasattr(os, "fork"):
        return run()
    sys.stdout.flush()
    sys.stderr.flush()

    def stop(signum: int, frame: object) -> None:
        raise _Stop

    previous = {sig: signal.signal(sig, stop) for sig in _SIGNALS}
    try:
        pid = os.fork()
        if pid == 0:
            _child(run)
        try:
            _, status = os.waitpid(pid, 0)
            return _status(status)
        except _Stop:
            for sig in _SIGNALS:
                signal.signal(sig, signal.SIG_IGN)  # a second Ctrl-C changes nothing
            return _stop(pid)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
