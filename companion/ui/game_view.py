"""The open game: the sheet, who deals, the next step, corrections (undo,
rename, late player, remove) and, at the end, the winner and standings."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from .sheet_view import score_table
from .state import AppState
from .state_digital import next_strategy, seat_kind
from .theme import ACCENT, BIG_NUMBER
from .widgets import (
    flat,
    header,
    message,
    primary,
    secondary,
    section,
    use_text_input,
)


def _standings(state: AppState) -> ft.Control:
    rows = []
    for s in state.standings():
        rows.append(
            ft.Row(
                [
                    ft.Text(f"{s.place}.", size=22, width=40),
                    ft.Text(
                        s.player.name,
                        size=22,
                        expand=True,
                        weight=ft.FontWeight.BOLD if s.place == 1 else None,
                    ),
                    ft.Text(
                        str(s.total),
                        size=BIG_NUMBER,
                        weight=ft.FontWeight.BOLD,
                        color=ACCENT if s.place == 1 else None,
                    ),
                ]
            )
        )
    return ft.Column(rows, spacing=4)


@ft.component
def PlayersPanel(state: AppState, on_close: Callable[[], None]) -> ft.Control:
    """Rename, add a late player, remove a player (asks first)."""
    new_name = use_text_input()
    new_label = use_text_input()
    renaming, set_renaming = ft.use_state("")
    removing, set_removing = ft.use_state("")
    sheet = state.sheet
    assert sheet is not None

    def add(at_lowest: bool) -> None:
        if state.add_player(new_name.text, at_lowest=at_lowest) is None:
            new_name.reset()

    def rename() -> None:
        if state.rename_player(renaming, new_label.text) is None:
            set_renaming("")
            new_label.reset()

    controls: list[ft.Control] = [section("Players")]
    for p in sheet.seated:
        if renaming == p.id:
            controls.append(
                ft.Row(
                    [
                        ft.TextField(
                            key=new_label.key(p.id),
                            label=f"New name for {p.name}",
                            expand=True,
                            max_length=30,
                            on_change=new_label.change,
                            on_submit=lambda _: rename(),
                        ),
                        primary("Rename", rename),
                    ]
                )
            )
        elif removing == p.id:
            controls.append(
                ft.Row(
                    [
                        ft.Text(f"Remove {p.name} from the table?", expand=True),
                        primary(
                            "Remove",
                            lambda pid=p.id: (
                                set_removing(""),
                                state.remove_player(pid),
                            ),
                        ),
                        flat("Keep", lambda: set_removing("")),
                    ]
                )
            )
        else:
            controls.append(
                ft.Column(
                    [
                        ft.Text(p.name, size=18, weight=ft.FontWeight.BOLD),
                        ft.Row(
                            [
                                flat(
                                    seat_kind(state.digital.bots.get(p.id)),
                                    lambda pid=p.id: state.set_bot(
                                        pid, next_strategy(state.digital.bots.get(pid))
                                    ),
                                    ft.Icons.SMART_TOY
                                    if p.id in state.digital.bots
                                    else ft.Icons.PERSON,
                                ),
                                flat(
                                    f"Rename {p.name}",
                                    lambda pid=p.id: set_renaming(pid),
                                ),
                                flat(
                                    f"Remove {p.name}",
                                    lambda pid=p.id: set_removing(pid),
                                ),
                            ],
                            wrap=True,
                            spacing=0,
                        ),
                    ],
                    spacing=0,
                )
            )
    controls += [
        ft.TextField(
            key=new_name.key("late"),
            label="Late player's name",
            max_length=30,
            on_change=new_name.change,
        ),
        ft.Row(
            [
                secondary("Add, starting at 0", lambda: add(False)),
                secondary("Add, starting at lowest total", lambda: add(True)),
            ],
            wrap=True,
        ),
        flat("Done with players", on_close, ft.Icons.CHECK),
    ]
    return ft.Container(
        padding=12,
        border_radius=8,
        border=ft.Border.all(1, ft.Colors.OUTLINE),
        content=ft.Column(controls, spacing=6),
    )


@ft.component
def GameScreen(
    state: AppState,
    on_home: Callable[[], None],
    on_enter: Callable[[], None],
    on_new_same: Callable[[], None],
    on_deal: Callable[[], None],
    on_table: Callable[[], None],
    on_share: Callable[[], None] | None = None,
) -> ft.Control:
    players_open, set_players_open = ft.use_state(False)
    sheet = state.sheet
    if sheet is None:
        return ft.Text("No game is open.")
    over = sheet.over
    number = len(sheet.rounds) + 1
    banner = state.banner()

    def edit(i: int) -> None:
        if state.edit_round(i) is None:
            on_enter()

    controls: list[ft.Control] = []
    if state.notice is not None:
        controls.append(message(state.notice.text, error=state.notice.error))
    for alert in state.alerts:
        controls.append(message(alert, error=True))
    if banner and not over:
        controls.append(message(banner))
    if over:
        controls += [
            ft.Text(
                banner or "Game over", size=26, weight=ft.FontWeight.BOLD, color=ACCENT
            ),
            _standings(state),
            ft.Row(
                [
                    *(
                        [primary("Share", on_share, ft.Icons.QR_CODE)]
                        if on_share is not None
                        else []
                    ),
                    primary("New game, same players", on_new_same, ft.Icons.REPLAY),
                    secondary("Home", on_home, ft.Icons.HOME),
                ],
                wrap=True,
            ),
        ]
    else:
        dealer = state.next_dealer().name
        tied = " (tie-break)" if sheet.end().tiebreak else ""
        controls += [
            ft.Text(
                f"Round {number}{tied} · {dealer} deals",
                size=22,
                weight=ft.FontWeight.BOLD,
            ),
            primary(f"Enter round {number}", on_enter, ft.Icons.EDIT_NOTE),
            secondary(
                f"Continue digital round {number}"
                if state.digital.round is not None
                else f"Deal round {number} digitally",
                on_table if state.digital.round is not None else on_deal,
                ft.Icons.STYLE,
            ),
        ]
    controls.append(score_table(sheet, edit))
    tools: list[ft.Control] = []
    if sheet.rounds:
        tools.append(flat("Undo last round", state.undo_round, ft.Icons.UNDO))
    if state.can_redo:
        tools.append(flat("Redo round", state.redo_round, ft.Icons.REDO))
    tools.append(
        flat("Players", lambda: set_players_open(not players_open), ft.Icons.PEOPLE)
    )
    if on_share is not None and not over:
        tools.append(flat("Share", on_share, ft.Icons.QR_CODE))
    controls.append(ft.Row(tools, wrap=True))
    if players_open:
        controls.append(PlayersPanel(state, lambda: set_players_open(False)))
    return ft.Column(
        [
            header("Score sheet", on_home),
            ft.ListView(controls=controls, padding=16, spacing=10, expand=True),
        ],
        expand=True,
        spacing=0,
    )
