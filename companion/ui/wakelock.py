"""Keep the screen awake while a game is open (a phone on the table must
not lock mid-round), released on every other screen.

The person's choice ("Keep screen awake", on by default) is remembered per
device in the browser's storage, like the theme. A platform without a wake
lock (an old browser, a desktop without one) just says no: the failure is
logged and shown as a hint beside the switch, never raised.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

AWAKE_KEY = "flip7.awake"  # "on" / "off", per device
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Awake:
    """The switch: whether the person wants the screen kept awake, how to
    change that, and whether this device refused the wake lock."""

    on: bool
    set: Callable[[bool], None]
    unavailable: bool = False


def use_wakelock(page: ft.Page, in_game: bool) -> Awake:
    """Hold the wake lock while ``in_game`` and the switch is on."""
    on, set_on = ft.use_state(True)
    unavailable, set_unavailable = ft.use_state(False)
    lock: Any = ft.use_ref(None)  # one Wakelock service per session
    held: Any = ft.use_ref(False)

    def remembered() -> None:
        async def read() -> None:
            try:
                stored = await ft.SharedPreferences().get(AWAKE_KEY)
            except Exception:  # tab gone, or no storage: keep the default
                log.debug("wake lock choice not read", exc_info=True)
                return
            if stored == "off":
                set_on(False)

        page.run_task(read)

    ft.use_effect(remembered, [])
    keep = in_game and on

    def apply() -> None:
        if keep == held.current:
            return  # nothing held at the start: nothing to release
        held.current = keep

        async def switch() -> None:
            try:
                if lock.current is None:
                    lock.current = ft.Wakelock()
                await (lock.current.enable() if keep else lock.current.disable())
            except Exception:  # the platform has no wake lock: say so, go on
                log.info("wake lock not available", exc_info=True)
                if keep:
                    set_unavailable(True)

        page.run_task(switch)

    ft.use_effect(apply, [keep])

    def choose(value: bool) -> None:
        set_on(value)
        page.run_task(ft.SharedPreferences().set, AWAKE_KEY, "on" if value else "off")

    return Awake(on, choose, unavailable)
