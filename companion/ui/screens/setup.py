"""New game: players (with names from earlier games suggested), seat order,
first dealer, Brutal mode, target and the two house rules of RULES.md."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from companion.app import AppState
from companion.app.digital import NEW_COMPUTER
from companion.app.views.setup import Seat, SetupView, setup_of
from companion.i18n import _
from companion.ui.guard import screen
from companion.ui.theme import ACCENT
from companion.ui.widgets import (
    Handler,
    TextInput,
    awaiting,
    bottom_bar,
    flat,
    header,
    icon_action,
    near_buttons,
    primary,
    secondary,
    section,
    settle,
    switch_row,
    use_text_input,
)


def _player_row(state: AppState, seat: Seat) -> ft.Control:
    form, i, name = state.form, seat.index, seat.name
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
                            lambda: state.act(form.move, i, -1),
                            disabled=seat.first,
                        ),
                        icon_action(
                            ft.Icons.ARROW_DOWNWARD,
                            _("Move {name} down").format(name=name),
                            lambda: state.act(form.move, i, 1),
                            disabled=seat.last,
                        ),
                        icon_action(
                            ft.Icons.CLOSE,
                            _("Remove {name}").format(name=name),
                            lambda: state.act(form.remove, i),
                        ),
                    ],
                    spacing=0,
                ),
                _seat_buttons(state, seat),
            ],
            spacing=0,
        ),
    )


def _seat_buttons(state: AppState, seat: Seat) -> ft.Control:
    """Who deals first, and whether the seat is a person or a computer."""
    form = state.form
    return ft.Row(
        [
            ft.TextButton(
                _("Deals first")
                if seat.dealer
                else _("{name} deals first").format(name=seat.name),
                icon=ft.Icons.STYLE if seat.dealer else None,
                on_click=awaiting(lambda: state.act(form.set_dealer, seat.index)),
            ),
            ft.TextButton(
                seat.kind,
                icon=ft.Icons.SMART_TOY if seat.bot else ft.Icons.PERSON,
                tooltip=_("Person, or a computer player and its strategy"),
                on_click=awaiting(
                    lambda: state.act(form.set_computer, seat.index, seat.next_bot)
                ),
            ),
        ],
        spacing=0,
        wrap=True,
    )


@screen
def SetupScreen(
    state: AppState,
    on_back: Callable[[], None],
    on_started: Callable[[], None],
    on_deal: Callable[[], object],
) -> ft.Control:
    name = use_text_input(live=True)
    target = use_text_input(str(state.form.target))
    target_error, set_target_error = ft.use_state("")
    name_error, set_name_error = ft.use_state("")
    view = setup_of(state, name.text)

    async def add(chosen: str | None = None) -> None:
        refused = await state.act(
            state.form.add, name.text if chosen is None else chosen
        )
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
        refused = await state.act(state.form.set_target, target.text)
        set_target_error(refused or "")
        return refused is None

    async def start(then: Callable[[], object]) -> None:
        if await commit_target() and state.start_game() is None:
            await settle(then())

    notice = state.notice
    # A refusal shows beside its field while it is the app's current notice
    # (so a reload, which dismisses notices, clears it too).
    refused = notice.text if notice is not None and notice.error else None
    name_error = name_error if name_error == refused else ""
    target_error = target_error if target_error == refused else ""
    controls = _players(state, view, name, name_error, typing, add)
    controls += _rules(state, view, target, target_error, commit_target)
    return ft.Column(
        [
            header(_("New game"), on_back),
            ft.ListView(controls=controls, padding=16, spacing=8, expand=True),
            *near_buttons(notice, shown_beside=(name_error, target_error)),
            _start_bar(lambda: start(on_started), lambda: start(on_deal)),
        ],
        expand=True,
        spacing=0,
    )


def _players(
    state: AppState,
    view: SetupView,
    name: TextInput,
    name_error: str,
    typing: Callable[[ft.Event[ft.TextField]], None],
    add: Callable[..., object],
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
                    on_submit=awaiting(lambda _: add()),
                ),
                primary(_("Add"), lambda: add(), ft.Icons.PERSON_ADD),
            ],
            vertical_alignment=ft.CrossAxisAlignment.START,
        ),
    ]
    if view.suggestions:
        controls.append(
            ft.Row(
                [
                    ft.OutlinedButton(
                        _("Add {name}").format(name=n),
                        on_click=awaiting(lambda _e, n=n: add(n)),
                    )
                    for n in view.suggestions
                ],
                wrap=True,
            )
        )
    controls += [_player_row(state, seat) for seat in view.seats]
    controls.append(
        flat(
            _("Add computer player"),
            lambda: state.act(state.form.add_computer, NEW_COMPUTER),
            ft.Icons.SMART_TOY,
        )
    )
    if not view.seats:
        controls.append(ft.Text(_("Add 2 to 36 players in seat order (clockwise).")))
    return controls


def _rules(
    state: AppState,
    view: SetupView,
    target: TextInput,
    target_error: str,
    commit_target: Callable[[], Awaitable[bool]],
) -> list[ft.Control]:
    """Brutal mode, the house rules, two decks, the target, learning game."""
    form = state.form
    return [
        ft.Divider(),
        section(_("Rules")),
        switch_row(
            _("Brutal mode"),
            view.brutal,
            lambda v: state.act(form.set_option, "brutal", v),
            _("Scores can go below 0; Flip 7 chooses +15 or −15 on another player."),
        ),
        switch_row(
            _("Lucky pair counts two"),
            view.lucky_pair_counts_two,
            lambda v: state.act(form.set_option, "lucky_pair_counts_two", v),
            _("Lucky 13 with a 13 counts as two cards toward Flip 7 (off: one)."),
        ),
        switch_row(
            _("Tie-break rounds"),
            view.tie_break,
            lambda v: state.act(form.set_option, "tie_break", v),
            _("Tied leaders play on alone (off: they share the win)."),
        ),
        switch_row(
            _("Two decks"),
            view.two_decks,
            lambda v: state.act(form.set_two_decks, v),
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
            on_blur=awaiting(lambda _: commit_target()),
            on_submit=awaiting(lambda _: commit_target()),
        ),
        switch_row(
            _("Learning game"),
            view.advisor,
            lambda v: state.act(form.set_option, "advisor", v),
            _(
                "The advisor shows each choice's chance to win the game, and "
                "bust and Flip 7 chances, in digital rounds."
            ),
        ),
    ]


def _start_bar(start_game: Handler, deal: Handler) -> ft.Control:
    return bottom_bar(
        [
            primary(_("Start game"), start_game, ft.Icons.PLAY_ARROW, expand=True),
            secondary(_("Deal digitally"), deal, ft.Icons.STYLE, expand=True),
        ]
    )
