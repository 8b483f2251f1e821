"""The open game: the sheet, who deals, the next step, corrections (undo,
rename, late player, remove) and, at the end, the winner and standings."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui.guard import screen
from companion.ui.parts.score_table import score_table
from companion.ui.state import AppState
from companion.ui.state_digital import next_strategy, seat_kind
from companion.ui.theme import ACCENT, BIG_NUMBER
from companion.ui.widgets import (
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


def _bind(fn: Callable[..., object], *args: object) -> Callable[[], object]:
    """A handler taking no argument: Flet passes the event to any handler that
    takes one, even a ``lambda pid=p.id:`` default (Rename/Remove got it)."""
    return lambda: fn(*args)


def _notice(state: AppState) -> list[ft.Control]:
    n = state.notice
    return [] if n is None else [message(n.text, error=n.error)]


@screen
def PlayersPanel(state: AppState, on_close: Callable[[], None]) -> ft.Control:
    """Rename (a field, Save), add a late player, remove a player (asks
    first). The answer to each shows here, where the eye is."""
    new_name = use_text_input()
    new_label = use_text_input()
    renaming, set_renaming = ft.use_state("")
    removing, set_removing = ft.use_state("")
    # Where the answer to the last action shows: under that player's row (or
    # where it was), "late" under the late player's buttons.
    spot, set_spot = ft.use_state("")
    sheet = state.sheet
    assert sheet is not None

    def add(at_lowest: bool) -> None:
        set_spot("late")
        if state.add_player(new_name.text, at_lowest=at_lowest) is None:
            new_name.reset()

    def rename() -> None:
        set_spot(renaming)
        if state.rename_player(renaming, new_label.text) is None:
            set_renaming("")
            new_label.reset()

    def start_rename(pid: str) -> None:
        new_label.reset()
        set_removing("")
        set_renaming(pid)

    def start_remove(pid: str) -> None:
        set_renaming("")
        set_removing(pid)

    def remove(pid: str) -> None:
        set_removing("")
        set_spot(pid)
        state.remove_player(pid)

    controls: list[ft.Control] = [section("Players")]
    for p in sheet.players:
        answer = _notice(state) if spot == p.id else []
        if not p.seated:
            controls += answer
            continue
        if renaming == p.id:
            controls.append(
                ft.Column(
                    [
                        ft.TextField(
                            key=new_label.key(p.id),
                            # what was typed survives the refusal's re-render
                            value=new_label.text,
                            label=f"New name for {p.name}",
                            max_length=30,
                            autofocus=True,
                            on_change=new_label.change,
                            on_submit=lambda _: rename(),
                        ),
                        ft.Row(
                            [
                                primary("Save name", rename, ft.Icons.CHECK),
                                flat("Cancel", _bind(set_renaming, "")),
                            ],
                            wrap=True,
                        ),
                    ],
                    spacing=4,
                )
            )
        elif removing == p.id:
            controls.append(
                ft.Column(
                    [
                        ft.Text(
                            f"Remove {p.name} from the table? Their past rounds "
                            "stay on the sheet; they play no more rounds."
                        ),
                        ft.Row(
                            [
                                primary(f"Yes, remove {p.name}", _bind(remove, p.id)),
                                flat(f"Keep {p.name}", _bind(set_removing, "")),
                            ],
                            wrap=True,
                        ),
                    ],
                    spacing=4,
                )
            )
        else:
            bot = state.digital.bots.get(p.id)
            controls.append(
                ft.Column(
                    [
                        ft.Text(p.name, size=18, weight=ft.FontWeight.BOLD),
                        ft.Row(
                            [
                                flat(
                                    seat_kind(bot),
                                    _bind(state.set_bot, p.id, next_strategy(bot)),
                                    ft.Icons.SMART_TOY if bot else ft.Icons.PERSON,
                                ),
                                flat(f"Rename {p.name}", _bind(start_rename, p.id)),
                                flat(f"Remove {p.name}", _bind(start_remove, p.id)),
                            ],
                            wrap=True,
                            spacing=0,
                        ),
                    ],
                    spacing=0,
                )
            )
        controls += answer
    placed = any(p.id == spot for p in sheet.players)
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
        *([] if placed else _notice(state)),
        flat("Done with players", on_close, ft.Icons.CHECK),
    ]
    return ft.Container(
        padding=12,
        border_radius=8,
        border=ft.Border.all(1, ft.Colors.OUTLINE),
        content=ft.Column(controls, spacing=6),
    )


def _choose(question: str, buttons: list[ft.Control]) -> ft.Control:
    """Ask the table which of two rounds to keep, right under the buttons."""
    return ft.Container(
        padding=12,
        border_radius=8,
        border=ft.Border.all(1, ft.Colors.OUTLINE),
        content=ft.Column([ft.Text(question), ft.Row(buttons, wrap=True)]),
    )


@screen
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
    # "enter" / "deal": the other kind of round for this number is under way
    asking, set_asking = ft.use_state("")
    sheet = state.sheet
    draft = state.draft
    if sheet is None or draft is None:
        return ft.Text("No game is open.")
    over = sheet.over
    number = len(sheet.rounds) + 1
    banner = state.banner()

    def edit(i: int) -> None:
        if state.edit_round(i) is None:
            on_enter()

    def enter() -> None:
        if state.digital_in_progress and draft.editing is None:
            set_asking("enter")
        else:
            on_enter()

    def deal() -> None:
        if state.half_entered and not state.digital_in_progress:
            set_asking("deal")
        else:
            on_deal()

    def discard_digital_and_enter() -> None:
        set_asking("")
        if state.discard_digital_round() is None:
            on_enter()

    def discard_draft_and_deal() -> None:
        set_asking("")
        if state.discard_draft() is None:
            on_deal()

    controls: list[ft.Control] = []
    # The notice shows once: in the Players panel when it is open, and not
    # again when it is the banner (the winner, a tie-break) shown below.
    if not players_open and state.notice is not None and state.notice.text != banner:
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
        if draft.editing is not None:
            enter_label = f"Continue fixing round {draft.editing + 1}"
        elif state.half_entered:
            enter_label = f"Round {number} half entered: continue"
        else:
            enter_label = f"Enter round {number}"
        controls += [
            ft.Text(
                f"Round {number}{tied} · {dealer} deals",
                size=22,
                weight=ft.FontWeight.BOLD,
            ),
            primary(enter_label, enter, ft.Icons.EDIT_NOTE),
        ]
        if state.digital_stale:
            left = state.digital_number
            controls += [
                message(
                    f"A digital round {left} was left over: round {left} is "
                    "already on the sheet, so it cannot be saved.",
                    error=True,
                ),
                secondary(
                    f"Discard digital round {left}",
                    state.discard_digital_round,
                    ft.Icons.DELETE_OUTLINE,
                ),
            ]
        elif state.digital_in_progress:
            controls.append(
                secondary(f"Continue digital round {number}", on_table, ft.Icons.STYLE)
            )
        else:
            controls.append(
                secondary(f"Deal round {number} digitally", deal, ft.Icons.STYLE)
            )
        if asking == "enter" and state.digital_in_progress:
            controls.append(
                _choose(
                    f"A digital round {number} is in progress: continue it, "
                    "or discard it and tap in?",
                    [
                        primary("Continue the digital round", on_table),
                        secondary("Discard it and tap in", discard_digital_and_enter),
                        flat("Cancel", _bind(set_asking, "")),
                    ],
                )
            )
        elif asking == "deal" and state.half_entered:
            controls.append(
                _choose(
                    f"Round {number} is half entered by tapping: continue it, "
                    "or discard it and deal digitally?",
                    [
                        primary("Continue tapping in", on_enter),
                        secondary(
                            "Discard it and deal digitally", discard_draft_and_deal
                        ),
                        flat("Cancel", _bind(set_asking, "")),
                    ],
                )
            )
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
