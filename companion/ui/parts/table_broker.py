"""The phone app's Invite: the game shared through a broker (issue 39), and
the "Table broker" setting, remembered on this device (its default is the
one the phone app was published with, ``companion/published.json``).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import flet as ft

from companion.app.actions.invite import InviteIntents
from companion.app.refusal import Refusal
from companion.app.table_invite import default_broker
from companion.i18n import _
from companion.machine import runtime
from companion.ui.table_join import app_address
from companion.ui.widgets import TextInput, no_event, secondary

BROKER_KEY = "flip7.broker"  # per device: the "Table broker" address
log = logging.getLogger(__name__)


def app_url() -> str:
    """The phone app's own address (the links are made under it)."""
    return app_address().rstrip("/")


async def kept_broker() -> str:
    try:
        kept = await ft.SharedPreferences().get(BROKER_KEY)
    except (RuntimeError, TimeoutError):  # the tab went away meanwhile
        log.debug("broker not read", exc_info=True)
        return default_broker()
    return kept if isinstance(kept, str) else default_broker()


def use_table_share(page: ft.Page, intents: InviteIntents, field: TextInput) -> None:
    """In the phone app, share the game on the broker kept (or published)."""

    def start() -> None:
        if not runtime.IN_BROWSER:
            return

        async def share() -> None:
            broker = await kept_broker()
            field.reset(broker)
            if broker:
                await intents.share_table(broker, app_url())

        page.run_task(share)

    ft.use_effect(start, [])


def use_table_resume(
    page: ft.Page, resume: Callable[[str], Awaitable[None]], game_id: str | None
) -> None:
    """In the phone app, a game this phone shared before is shared again as
    soon as it is open (the app was closed or reloaded): the guests' phones
    follow on without anyone opening Invite."""

    def start() -> None:
        if not runtime.IN_BROWSER or game_id is None:
            return

        async def again() -> None:
            try:
                await resume(app_url())
            except (Refusal, RuntimeError, TimeoutError):  # not this session's
                log.debug("table not shared again", exc_info=True)

        page.run_task(again)

    ft.use_effect(start, [game_id])


def broker_setting(
    page: ft.Page, intents: InviteIntents, field: TextInput
) -> list[ft.Control]:
    """ "Table broker": the address phones meet at; "Use this broker"."""
    if not runtime.IN_BROWSER:
        return []

    async def use() -> None:
        text = field.text.strip()
        if await intents.share_table(text, app_url()) is None:
            await ft.SharedPreferences().set(BROKER_KEY, text)

    return [
        ft.TextField(
            key=field.key("broker"),
            value=field.text,
            label=_("Table broker"),
            hint_text="wss://table.example.org:8443",
            on_change=field.change,
            on_submit=no_event(use),
        ),
        ft.Text(
            _(
                "Phones at the table meet through this broker; nothing it "
                "carries can be read by it."
            ),
            size=13,
        ),
        secondary(_("Use this broker"), use, ft.Icons.HUB),
    ]
