"""A light tap felt in the hand on the keys a player presses most (the card
keypad, Hit and Stay), where the device can give one.

Flet's ``HapticFeedback`` is a service: one per page, made on first use
inside the session. The call is sent without waiting for its answer, so a
tap is never slowed by it; a platform without haptics (a desktop browser,
which ignores it, or one that answers with an error) changes nothing, and
an error is logged, never raised into the tap.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Callable

import flet as ft

log = logging.getLogger(__name__)
_services: weakref.WeakKeyDictionary[ft.Page, ft.HapticFeedback] = (
    weakref.WeakKeyDictionary()
)


def tap() -> None:
    """A light impact on this session's device; nothing outside a session."""
    try:
        page = ft.context.page
    except RuntimeError:  # not in a session (a unit test)
        return
    try:
        service = _services.get(page)
        if service is None:
            service = _services[page] = ft.HapticFeedback()
        page.run_task(_impact, service)
    except Exception:  # noqa: BLE001 - a missing haptic must not break a tap
        log.debug("haptic feedback not sent", exc_info=True)


async def _impact(service: ft.HapticFeedback) -> None:
    try:
        await service.light_impact()  # type: ignore[no-untyped-call]
    except Exception:  # noqa: BLE001 - web without vibration, a closed tab
        log.debug("haptic feedback not given", exc_info=True)


def tapped(action: Callable[..., object], *args: object) -> object:
    """``action(*args)`` after a light tap: for a key's handler."""
    tap()
    return action(*args)
