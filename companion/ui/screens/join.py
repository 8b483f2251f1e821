"""A phone at a live table: "Scan the host's invite", and "Who are you?".

A phone that is not the host's sees nothing of any game until it opens the
host's invite link; then it picks its seat (or just watches, or joins as a
late player when the host allows). The seat is remembered on the device, so
a phone that reloads or comes back after its session expired takes the same
seat again without asking.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import flet as ft

from companion.app.actions.join import JoinIntents
from companion.app.refusal import GAME_GONE
from companion.app.views.join import JoinView
from companion.i18n import _
from companion.ui.guard import screen
from companion.ui.widgets import (
    TextInput,
    bind,
    header,
    message,
    no_event,
    primary,
    secondary,
    use_text_input,
)

SEAT_KEY = "flip7.seat."  # + game id: the player this device was


@screen
def LockedScreen(reason: str = "") -> ft.Control:
    return ft.Column(
        [
            header(_("Flip 7 Companion")),
            ft.Container(
                padding=16,
                content=ft.Column(
                    [
                        ft.Icon(ft.Icons.QR_CODE_SCANNER, size=64),
                        ft.Text(
                            _("Scan the host's invite"),
                            size=26,
                            weight=ft.FontWeight.BOLD,
                        ),
                        ft.Text(
                            _(
                                "This phone is not the host's. To join the game "
                                "at your table, scan the Invite code on the "
                                "host's score sheet (or open the link the host "
                                "sends you)."
                            ),
                            size=16,
                        ),
                        *([message(_(reason), error=True)] if reason else []),
                    ],
                    spacing=12,
                ),
            ),
        ]
    )


@screen
def JoiningScreen(words: str, problem: str = "") -> ft.Control:
    """A phones-only invite opened: the host's game is on its way."""
    return ft.Column(
        [
            header(_("Join the game")),
            ft.Container(
                padding=16,
                content=ft.Column(
                    [
                        ft.Icon(ft.Icons.WIFI_TETHERING, size=64),
                        *([ft.Text(words, size=22)] if words else []),
                        *([message(problem, error=True)] if problem else []),
                    ],
                    spacing=12,
                ),
            ),
        ]
    )


@screen
def JoinScreen(intents: JoinIntents, on_seated: Callable[[], None]) -> ft.Control:
    name_input = use_text_input()
    shown = intents.view()
    if shown is None:
        return LockedScreen(_(GAME_GONE))
    view, notice = shown.join, shown.notice

    async def claim(pid: str) -> None:
        if await intents.claim(pid) is None:
            on_seated()

    async def watch() -> None:
        await intents.watch()
        on_seated()

    async def join_late() -> None:
        if await intents.join_late(name_input.text) is None:
            name_input.reset()
            on_seated()

    rows = _seats(view, claim)
    return ft.Column(
        [
            header(_("Join the game")),
            ft.ListView(
                padding=16,
                spacing=10,
                expand=True,
                controls=[
                    *([message(notice.text, error=notice.error)] if notice else []),
                    ft.Text(_("Who are you?"), size=24, weight=ft.FontWeight.BOLD),
                    ft.Text(
                        _(
                            "You will tap in your own cards on this phone; "
                            "everyone sees the whole table."
                        ),
                        size=14,
                    ),
                    *rows,
                    secondary(_("Just watch"), watch, ft.Icons.VISIBILITY),
                    *_late(view, name_input.key("late"), name_input, join_late),
                ],
            ),
        ],
        expand=True,
        spacing=0,
    )


def _seats(view: JoinView, claim: Callable[[str], Awaitable[None]]) -> list[ft.Control]:
    """A button "I am Ann" per free seat; a seat another phone holds says so."""
    rows: list[ft.Control] = []
    for seat in view.seats:
        if seat.taken:
            rows.append(
                ft.Text(_("{name}: on another phone").format(name=seat.name), size=16)
            )
        else:
            mine = _("I am {name}").format(name=seat.name)
            rows.append(primary(mine, bind(claim, seat.pid), ft.Icons.PERSON))
    return rows


def _late(
    view: JoinView,
    key: str,
    name_input: TextInput,
    join: Callable[[], Awaitable[None]],
) -> list[ft.Control]:
    """A newcomer adds themselves, when the host opened the table."""
    if not view.late_joins:
        return []
    return [
        ft.Text(_("New at the table?"), size=18, weight=ft.FontWeight.BOLD),
        ft.TextField(
            key=key,
            label=_("Your name"),
            on_change=name_input.change,
            on_submit=no_event(join),
        ),
        secondary(_("Join as a new player"), join, ft.Icons.PERSON_ADD),
    ]


def remember_seat(page: ft.Page, intents: JoinIntents) -> None:
    """After a seat is taken, remember it on this device; on a fresh
    session of a guest with no seat yet, take the remembered one back."""
    now = intents.seat()
    gid = now.game_id
    if not now.guest or not gid:
        return

    async def sync() -> None:
        prefs = ft.SharedPreferences()
        try:
            mine = intents.seat().mine
            if mine is not None:
                await prefs.set(SEAT_KEY + gid, mine)
                return
            pid = await prefs.get(SEAT_KEY + gid)
        except (RuntimeError, TimeoutError):  # the tab went away meanwhile
            logging.getLogger(__name__).debug("seat not remembered", exc_info=True)
            return
        now = intents.seat()  # as it is after the wait
        if isinstance(pid, str) and now.mine is None and not now.watching:
            await intents.claim(pid)

    page.run_task(sync)
