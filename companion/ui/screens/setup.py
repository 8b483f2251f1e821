"""New game: players (with names from earlier games suggested), seat order,
first dealer, Brutal mode, target and the two house rules of RULES.md."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial

import flet as ft

from companion.app.actions.setup import SetupIntents, SetupScreenView
from companion.app.intents import settled
from companion.app.views.setup import Seat, SetupView
from companion.i18n import _
from companion.ui.guard import screen
from companion.ui.theme import ACCENT
from companion.ui.widgets import (
    TextInput,
    bind,
    bottom_bar,
    flat,
    header,
    icon_action,
    near_buttons,
    no_event,
    primary,
    secondary,
    section,
    switch_row,
    use_text_input,
)


def _player_row(intents: SetupIntents, seat: Seat) -> ft.Control:
    i, name = seat.index, seat.name
    return ft.Container(
        border_radius=8,
        padding=ft.Padding.only(left=8, bottom=4),
        bgcolor=ft.Colors.with_opacity(0.08, ACCENT) if seat.dealer else None,
        content=ft.Column(
            [
                ft.Row(
                    [
                        ft.Text(f"{i + 1}.", width=28),
                        ft.Text(
                            name,
                            expand=True,
                            size=18,
                            overflow=ft.TextOverflow.ELLIPSIS,
                        ),
                        icon_action(
                            ft.Icons.ARROW_UPWARD,
                            _("Move {name} up").format(name=name),
                            bind(intents.move, i, -1),
                            disabled=seat.first,
                        ),
                        icon_action(
                            ft.Icons.ARROW_DOWNWARD,
                            _("Move {name} down").format(name=name),
                            bind(intents.move, i, 1),
                            disabled=seat.last,
                        ),
                        icon_action(
                            ft.Icons.CLOSE,
                            _("Remove {name}").format(name=name),
                            bind(intents.remove, i),
                        ),
                    ],
                    spacing=0,
                ),
                _seat_buttons(intents, seat),
            ],
            spacing=0,
        ),
    )


def _seat_buttons(intents: SetupIntents, seat: Seat) -> ft.Control:
    """Who deals first, and whether the seat is a person or a computer."""
    return ft.Row(
        [
            ft.TextButton(
                _("Deals first")
                if seat.dealer
                else _("{name} deals first").format(name=seat.name),
                icon=ft.Icons.STYLE if seat.dealer else None,
                on_click=no_event(bind(intents.set_dealer, seat.index)),
            ),
            ft.TextButton(
                seat.kind,
                icon=ft.Icons.SMART_TOY if seat.bot else ft.Icons.PERSON,
                tooltip=_("Person, or a computer player and its strategy"),
                on_click=no_event(
                    bind(intents.set_computer, seat.index, seat.next_bot)
                ),
            ),
        ],
        spacing=0,
        wrap=True,
    )


@screen
def SetupScreen(
    intents: SetupIntents,
    on_back: Callable[[], None],
    on_started: Callable[[], object],
    on_deal: Callable[[], object],
) -> ft.Control:
    """``on_started``, ``on_deal``: after Start game, Deal digitally (may be
    async: awaited)."""
    name = use_text_input(live=True)
    shown: SetupScreenView = intents.view(name.text)
    view = shown.setup
    target = use_text_input(str(view.target))
    target_error, set_target_error = ft.use_state("")
    name_error, set_name_error = ft.use_state("")

    async def add(chosen: str | None = None) -> None:
        refused = await intents.add(name.text if chosen is None else chosen)
        set_name_error(refused or "")
        if refused is None:
            name.set("")

    def typing(e: ft.Event[ft.TextField]) -> None:
        name.change(e)
        if name_error:
            set_name_error("")

    async def commit_target() -> bool:
        """Take the typed target; False (and a message beside it) if refused."""
        if target.text.strip() == str(view.target):
            set_target_error("")
            return True
        refused = await intents.set_target(target.text)
        set_target_error(refused or "")
        return refused is None

    async def start(then: Callable[[], object]) -> None:
        if await commit_target() and await intents.start_game() is None:
            await settled(then())

    notice = shown.notice
    # A refusal shows beside its field while it is the app's current notice
    # (so a reload, which dismisses notices, clears it too).
    refused = notice.text if notice is not None and notice.error else None
    name_error = name_error if name_error == refused else ""
    target_error = target_error if target_error == refused else ""
    controls = _players(intents, view, name, name_error, typing, add)
    controls += _rules(intents, view, target, target_error, commit_target)
    return ft.Column(
        [
            header(_("New game"), on_back),
            ft.ListView(controls=controls, padding=16, spacing=8, expand=True),
            *near_buttons(notice, shown_beside=(name_error, target_error)),
            _start_bar(bind(start, on_started), bind(start, on_deal)),
        ],
        expand=True,
        spacing=0,
    )


def _players(
    intents: SetupIntents,
    view: SetupView,
    name: TextInput,
    name_error: str,
    typing: Callable[[ft.Event[ft.TextField]], None],
    add: Callable[..., Awaitable[None]],
) -> list[ft.Control]:
    """The name field, names from earlier games, and the seats in order."""
    controls: list[ft.Control] = [
        section(_("Players")),
        ft.Row(
            [
                ft.TextField(
                    key="player-name",
                    value=name.text,
                    label=_("Player name"),
                    expand=True,
                    max_length=30,
                    error=name_error or None,
                    error_max_lines=3,
                    on_change=typing,
                    on_submit=no_event(add),
                ),
                primary(_("Add"), bind(add), ft.Icons.PERSON_ADD),
            ],
            vertical_alignment=ft.CrossAxisAlignment.START,
        ),
    ]
    if view.suggestions:
        controls.append(
            ft.Row(
                [
                    ft.OutlinedButton(
                        _("Add {name}").format(name=n), on_click=no_event(bind(add, n))
                    )
                    for n in view.suggestions
                ],
                wrap=True,
            )
        )
    controls += [_player_row(intents, seat) for seat in view.seats]
    controls.append(
        flat(_("Add computer player"), bind(intents.add_computer), ft.Icons.SMART_TOY)
    )
    if not view.seats:
        controls.append(ft.Text(_("Add 2 to 36 players in seat order (clockwise).")))
    return controls


def _rules(
    intents: SetupIntents,
    view: SetupView,
    target: TextInput,
    target_error: str,
    commit_target: Callable[[], Awaitable[bool]],
) -> list[ft.Control]:
    """Brutal mode, the house rules, two decks, the target, learning game."""
    option = intents.set_option
    return [
        ft.Divider(),
        section(_("Rules")),
        switch_row(
            _("Brutal mode"),
            view.brutal,
            partial(option, "brutal"),
            _("Scores can go below 0; Flip 7 chooses +15 or −15 on another player."),
        ),
        switch_row(
            _("Lucky pair counts two"),
            view.lucky_pair_counts_two,
            partial(option, "lucky_pair_counts_two"),
            _("Lucky 13 with a 13 counts as two cards toward Flip 7 (off: one)."),
        ),
        switch_row(
            _("Tie-break rounds"),
            view.tie_break,
            partial(option, "tie_break"),
            _("Tied leaders play on alone (off: they share the win)."),
        ),
        switch_row(
            _("Two decks"),
            view.two_decks,
            intents.set_two_decks,
            _("216 cards; needed with more than 18 players."),
        ),
        ft.TextField(
            key="target",
            label=_("Target score"),
            value=target.text,
            error=target_error or None,
            error_max_lines=3,
            width=240,
            keyboard_type=ft.KeyboardType.NUMBER,
            on_change=target.change,
            on_blur=no_event(commit_target),
            on_submit=no_event(commit_target),
        ),
        switch_row(
            _("Learning game"),
            view.advisor,
            partial(option, "advisor"),
            _(
                "The advisor shows each choice's chance to win the game, and "
                "bust and Flip 7 chances, in digital rounds."
            ),
        ),
    ]


def _start_bar(
    start_game: Callable[[], object], deal: Callable[[], object]
) -> ft.Control:
    return bottom_bar(
        [
            primary(_("Start game"), start_game, ft.Icons.PLAY_ARROW, expand=True),
            secondary(_("Deal digitally"), deal, ft.Icons.STYLE, expand=True),
        ]
    )
