"""New game: players (with names from earlier games suggested), seat order,
first dealer, Brutal mode, target and the two house rules of RULES.md."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from .state import AppState
from .state_digital import next_strategy, seat_kind
from .theme import ACCENT
from .widgets import (
    bottom_bar,
    flat,
    header,
    icon_action,
    message,
    primary,
    secondary,
    section,
    switch_row,
    use_text_input,
)


def _player_row(
    state: AppState, i: int, name: str, count: int, dealer: bool
) -> ft.Control:
    bot = state.setup.bots.get(name)
    return ft.Container(
        border_radius=8,
        padding=ft.Padding.only(left=8, bottom=4),
        bgcolor=ft.Colors.with_opacity(0.08, ACCENT) if dealer else None,
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
                            f"Move {name} up",
                            lambda: state.setup_move_player(i, -1),
                            disabled=i == 0,
                        ),
                        icon_action(
                            ft.Icons.ARROW_DOWNWARD,
                            f"Move {name} down",
                            lambda: state.setup_move_player(i, 1),
                            disabled=i == count - 1,
                        ),
                        icon_action(
                            ft.Icons.CLOSE,
                            f"Remove {name}",
                            lambda: state.setup_remove_player(i),
                        ),
                    ],
                    spacing=0,
                ),
                ft.Row(
                    [
                        ft.TextButton(
                            "Deals first" if dealer else f"{name} deals first",
                            icon=ft.Icons.STYLE if dealer else None,
                            on_click=lambda: state.setup_set_dealer(i),
                        ),
                        ft.TextButton(
                            seat_kind(bot),
                            icon=ft.Icons.SMART_TOY if bot else ft.Icons.PERSON,
                            tooltip="Person, or a computer player and its strategy",
                            on_click=lambda: state.setup_set_computer(
                                i, next_strategy(bot)
                            ),
                        ),
                    ],
                    spacing=0,
                    wrap=True,
                ),
            ],
            spacing=0,
        ),
    )


@ft.component
def SetupScreen(
    state: AppState,
    on_back: Callable[[], None],
    on_started: Callable[[], None],
    on_deal: Callable[[], None],
) -> ft.Control:
    typed, set_typed = ft.use_state("")
    # The latest text, read by Add/Enter: a render's closure may be older
    # than the last keystroke.
    latest = ft.use_ref("")
    target = use_text_input()
    setup = state.setup

    def changed(text: str) -> None:
        latest.current = text
        set_typed(text)

    def add(name: str | None = None) -> None:
        if state.setup_add_player(latest.current if name is None else name) is None:
            latest.current = ""
            set_typed("")

    def commit_target() -> None:
        if target.text and target.text != str(setup.target):
            state.setup_set_target(target.text)

    def start() -> None:
        commit_target()
        if state.start_game() is None:
            on_started()

    def start_digital() -> None:
        commit_target()
        if state.start_game() is None:
            on_deal()

    suggestions = state.name_suggestions(typed)
    notice = state.notice
    controls: list[ft.Control] = [
        section("Players"),
        ft.Row(
            [
                ft.TextField(
                    # A fresh field after each added player clears it; the
                    # value itself is not fed back (that raced with typing).
                    key=f"name-{len(setup.names)}",
                    label="Player name",
                    expand=True,
                    max_length=30,
                    on_change=lambda e: changed(e.control.value or ""),
                    on_submit=lambda _: add(),
                ),
                primary("Add", lambda: add(), ft.Icons.PERSON_ADD),
            ],
            vertical_alignment=ft.CrossAxisAlignment.START,
        ),
    ]
    if suggestions:
        controls.append(
            ft.Row(
                [
                    ft.OutlinedButton(f"Add {n}", on_click=lambda _, n=n: add(n))
                    for n in suggestions
                ],
                wrap=True,
            )
        )
    if notice is not None:
        controls.append(message(notice.text, error=notice.error))
    count = len(setup.names)
    controls += [
        _player_row(state, i, n, count, i == setup.first_dealer)
        for i, n in enumerate(setup.names)
    ]
    controls.append(
        flat(
            "Add computer player",
            lambda: state.setup_add_computer("odds"),
            ft.Icons.SMART_TOY,
        )
    )
    if not setup.names:
        controls.append(ft.Text("Add 2 to 36 players in seat order (clockwise)."))
    controls += [
        ft.Divider(),
        section("Rules"),
        switch_row(
            "Brutal mode",
            setup.brutal,
            lambda v: state.setup_set_option("brutal", v),
            "Scores can go below 0; Flip 7 chooses +15 or −15 on another player.",
        ),
        switch_row(
            "Lucky pair counts two",
            setup.lucky_pair_counts_two,
            lambda v: state.setup_set_option("lucky_pair_counts_two", v),
            "Lucky 13 with a 13 counts as two cards toward Flip 7 (off: one).",
        ),
        switch_row(
            "Tie-break rounds",
            setup.tie_break,
            lambda v: state.setup_set_option("tie_break", v),
            "Tied leaders play on alone (off: they share the win).",
        ),
        switch_row(
            "Two decks",
            setup.decks == 2,
            lambda v: state.setup_set_two_decks(v),
            "216 cards; needed with more than 18 players.",
        ),
        ft.TextField(
            key=f"target-{setup.target}",
            label="Target score",
            value=str(setup.target),
            width=180,
            keyboard_type=ft.KeyboardType.NUMBER,
            on_change=target.change,
            on_blur=lambda _: commit_target(),
            on_submit=lambda _: commit_target(),
        ),
        switch_row(
            "Learning game",
            setup.learning,
            state.setup_set_learning,
            "The advisor shows bust and Flip 7 chances in digital rounds.",
        ),
    ]
    return ft.Column(
        [
            header("New game", on_back),
            ft.ListView(controls=controls, padding=16, spacing=8, expand=True),
            bottom_bar(
                [
                    primary("Start game", start, ft.Icons.PLAY_ARROW, expand=True),
                    secondary(
                        "Deal digitally", start_digital, ft.Icons.STYLE, expand=True
                    ),
                ]
            ),
        ],
        expand=True,
        spacing=0,
    )
