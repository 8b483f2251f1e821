"""Every patch of Flet's internals the served app makes, in one list, with
the private names each one reaches, checked before any is installed.

Why: Flet's private names change between releases. A patch that reaches a
renamed one used to fail in its own way (a warning in one, an exception in
``install()`` in another, a broken event at run time in a third). Here each
patch names what it reaches; :func:`problems` says, in one sentence per
name, what this Flet lacks, the server logs it at start, and
tests/test_flet_patches.py fails on a Flet that changed.

Issue 36 removed the thread layer (``flet_workers``: ``BaseControl._trigger_event``
replaced, ``control._parent`` written, ``Session.schedule_update``,
``Session.schedule_effect`` and ``FletApp.send_message`` hopped onto the
loop): Flet's own loop now runs every handler.
"""

from __future__ import annotations

import importlib
import inspect
import logging
from collections.abc import Callable
from dataclasses import dataclass

log = logging.getLogger(__name__)

FLET_APP = "flet_web.fastapi.flet_app.FletApp"


@dataclass(frozen=True, slots=True)
class Patch:
    """One patch: its module, what it is for, and the names it reaches
    (``module.Class.attr``; ``module.Class#attr`` for an attribute its
    instances set on themselves, found in the class's source)."""

    module: str
    why: str
    reaches: tuple[str, ...]


PATCHES: tuple[Patch, ...] = (
    Patch(
        "flet_guard",
        "a tab closed mid-send is freed (a Flet bug: docs/flet-session-leak.md)",
        (
            f"{FLET_APP}.handle",
            f"{FLET_APP}._FletApp__get_unique_session_id",
            f"{FLET_APP}#_FletApp__session",
            f"{FLET_APP}#_FletApp__session_timeout_seconds",
            "flet_web.fastapi.flet_app_manager.app_manager.disconnect_session",
        ),
    ),
    Patch(
        "flet_limits",
        "a flood of events from one page is dropped unread",
        (f"{FLET_APP}._FletApp__on_message", f"{FLET_APP}#_FletApp__client_ip"),
    ),
    Patch(
        "flet_errors",
        "no traceback is sent to a browser",
        ("flet.messaging.session.Session.error",),
    ),
    Patch(
        "flet_quiet",
        "no message formatted for an unkept log (Flet bug: docs/flet-debug-format.md)",
        ("flet.messaging.protocol.Message.__str__",),
    ),
    Patch(
        "flet_relay",
        "a trusted proxy's clients are told apart by their own address",
        (f"{FLET_APP}.handle",),
    ),
)


def _resolve(dotted: str) -> object:
    """The object a dotted name names (importing its module); raises
    LookupError when there is none."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            value: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            if not hasattr(value, name):
                raise LookupError(dotted)
            value = getattr(value, name)
        return value
    raise LookupError(dotted)


def reaches(name: str) -> bool:
    """Whether this Flet has ``name`` (see :class:`Patch`)."""
    owner, _, member = name.partition("#")
    try:
        value = _resolve(owner)
    except LookupError:
        return False
    if not member:
        return True
    try:
        source = inspect.getsource(value)  # type: ignore[arg-type]
    except (OSError, TypeError):
        return False
    plain = member.split("__", 1)[1] if member.startswith("_") else member
    return f"self.__{plain}" in source or f"self.{member}" in source


def problems() -> list[str]:
    """One sentence per name a patch reaches that this Flet lacks."""
    return [
        f"companion.server.{p.module}: Flet has no {name}; not patched ({p.why})"
        for p in PATCHES
        for name in p.reaches
        if not reaches(name)
    ]


def check(log_to: Callable[[str], None] = log.warning) -> bool:
    """Log what this Flet lacks (clearly, once, at start); True when none."""
    found = problems()
    for problem in found:
        log_to(problem)
    return not found
