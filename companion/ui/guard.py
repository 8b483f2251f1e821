"""A screen whose render raises must not freeze the session.

Flet 1.0.5 re-renders components in one background task per session; an
exception there ends that task, so every later tap is ignored and a reload
shows the same frozen screen. :func:`screen` is ``ft.component`` with the
render guarded: the error is logged with its traceback and the screen shows
what happened, with the way back still working.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any, TypeVar

import flet as ft

from companion.i18n import _

from .theme import DANGER

log = logging.getLogger("companion.ui")
F = TypeVar("F", bound=Callable[..., Any])


def screen(fn: F) -> F:
    @functools.wraps(fn)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - shown, logged, session lives on
            log.exception("rendering %s failed", fn.__name__)
            return failed(exc)

    return ft.component(guarded)  # type: ignore[return-value]


def failed(exc: Exception) -> ft.Control:
    return ft.Container(
        padding=16,
        content=ft.Column(
            [
                ft.Text(_("This screen could not be shown."), size=18, color=DANGER),
                ft.Text(f"{type(exc).__name__}: {exc}", selectable=True),
                ft.Text(_("Go back, or reload the page; your games are saved.")),
            ]
        ),
    )
