"""The device's storage as the screens see it: on the phone app, what the
browser says it keeps (asked once a game has a saved round); on the served
app nothing to ask (the games are files in the data folder).

Why a hook at the root: Home's reminder and "Your games on this phone"
both read the browser's answer, and the browser is asked once per start,
whichever screen the round was saved on. Home's "Not now" is remembered
per device (the browser's storage), like the theme.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.app import AppState
from companion.app.device import Keeper, Space
from companion.machine import runtime

DISMISSED_KEY = "flip7.reminder"  # the reminder's key the person dismissed
log = logging.getLogger(__name__)


def keeper() -> Keeper | None:
    """The browser's keeper on the phone app; None when served."""
    if not runtime.IN_BROWSER:
        return None
    from companion.browser.keep import KEEPER  # only inside Pyodide

    return KEEPER


@dataclass(frozen=True)
class Device:
    """``space``: the browser's answers (None when served; on the phone
    app empty until it answers);
    ``refresh``: ask it again (the panel does on opening);
    ``dismissed``: the reminder the person put away, and how to."""

    space: Space | None
    refresh: Callable[[], None]
    dismissed: str
    dismiss: Callable[[str], None]


def _played(state: AppState) -> bool:
    """A game has a saved round (the open one, or any stored)."""
    sheet = state.sheet
    if sheet is not None and sheet.rounds:
        return True
    return any(game.rounds for game in state.library.games())


def use_device(page: ft.Page, state: AppState, moment: str) -> Device:
    """The device's storage; ``moment`` changes when a round may have been
    saved (the open game's rounds, the route), when the browser is asked
    to keep the games if it was not yet."""
    keep = keeper()
    # the phone app: nothing said until the browser answers
    first: Space | None = None if keep is None else Space()
    space, set_space = ft.use_state(first)
    dismissed, set_dismissed = ft.use_state("")

    async def look() -> None:
        if keep is not None:
            set_space(await keep.space())

    async def ask() -> None:
        if keep is not None and not keep.asked and _played(state):
            await keep.keep()
            await look()

    async def remembered() -> None:
        try:
            stored = await ft.SharedPreferences().get(DISMISSED_KEY)
        except Exception:  # tab gone, or no storage: the reminder may show
            log.debug("reminder choice not read", exc_info=True)
            return
        if isinstance(stored, str):
            set_dismissed(stored)

    def start() -> None:
        page.run_task(remembered)
        page.run_task(look)

    ft.use_effect(start, [])
    ft.use_effect(lambda: _run(page, ask) if keep is not None else None, [moment])

    def dismiss(key: str) -> None:
        set_dismissed(key)
        page.run_task(ft.SharedPreferences().set, DISMISSED_KEY, key)

    return Device(space, lambda: _run(page, look), dismissed, dismiss)


def _run(page: ft.Page, work: Callable[[], Any]) -> None:
    page.run_task(work)
