"""Pieces of the digital table: a player's line, the last Flip Four, and
the round-end summary. Plain functions of the state; screens/digital.py puts
them together."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.app import AppState
from companion.rules import Round, Status
from companion.ui.theme import ACCENT, BIG_NUMBER, DANGER
from companion.ui.widgets import primary, secondary

from .cardlook import card_face
from .cardlook import label as card_name
from .flip_four import WIPED, FlipFour

STATUS_WORDS = {
    Status.ACTIVE: "in play",
    Status.STAYED: "stayed",
    Status.BUSTED: "busted",
    Status.OUT: "sits out",
}


def seat_row(state: AppState, rnd: Round, seat: int, to_move: int | None) -> ft.Control:
    name = state.seat_name(seat)
    status = rnd.status(seat)
    score = rnd.line_score(seat)
    bot = " · computer" if state.is_bot(seat) else ""
    cards: list[ft.Control] = [
        card_face(code, scale=0.55, face_down=True) for code in rnd.face_down(seat)
    ]
    cards += [card_face(code, scale=0.55) for code in rnd.line(seat)]
    if not cards:
        cards.append(ft.Text("no cards", size=12, italic=True))
    busted = status is Status.BUSTED
    colour = DANGER if busted else (ACCENT if seat == to_move else None)
    return ft.Container(
        padding=8,
        border_radius=10,
        opacity=0.5 if status is Status.OUT else 1.0,
        border=ft.Border.all(3 if seat == to_move else 1, colour or ft.Colors.OUTLINE),
        content=ft.Column(
            [
                ft.Row(
                    [
                        ft.Text(name, size=18, weight=ft.FontWeight.BOLD, expand=True),
                        ft.Text(
                            f"{STATUS_WORDS.get(status, status)}{bot}",
                            size=13,
                            color=colour,
                        ),
                        ft.Text(str(score.total), size=22, weight=ft.FontWeight.BOLD),
                    ]
                ),
                ft.Row(cards, wrap=True, spacing=4, run_spacing=4),
                ft.Text(score.chain(), size=13),
            ],
            spacing=4,
        ),
    )


def flip_four_strip(state: AppState, four: FlipFour, waiting: list[str]) -> ft.Control:
    """The last Flip Four's cards in the order they came; set-aside cards
    are marked, and those still waiting to be resolved are listed."""
    faces: list[ft.Control] = []
    for code, how in four.cards:
        faces.append(
            ft.Column(
                [
                    card_face(code, scale=0.5, dim=how == WIPED),
                    ft.Text(how or " ", size=10),
                ],
                spacing=0,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            )
        )
    who = state.seat_name(four.target)
    title = f"Flip Four on {who}: {len(four.cards)} of 4"
    if four.ended:
        title += f", stopped ({four.ended})"
    rows: list[ft.Control] = [
        ft.Text(title, size=14, weight=ft.FontWeight.BOLD),
        ft.Row(faces, spacing=6, wrap=True),
    ]
    if waiting:
        names = ", ".join(card_name(c) for c in waiting)
        rows.append(ft.Text(f"Waiting to be resolved, in order: {names}", size=13))
    return ft.Container(
        padding=8,
        border_radius=10,
        bgcolor=ft.Colors.with_opacity(0.06, ACCENT),
        content=ft.Column(rows, spacing=4),
    )


def round_summary(
    state: AppState,
    rnd: Round,
    on_sheet: Callable[[], None],
    on_next: Callable[[], None],
) -> list[ft.Control]:
    rows: list[ft.Control] = [
        ft.Text("Round over", size=24, weight=ft.FontWeight.BOLD, color=ACCENT)
    ]
    for seat in rnd.seats:
        score = rnd.line_score(seat)
        rows.append(
            ft.Row(
                [
                    ft.Column(
                        [
                            ft.Text(state.seat_name(seat), size=18),
                            ft.Text(score.chain(), size=14),
                        ],
                        spacing=2,
                        expand=True,
                    ),
                    ft.Text(
                        str(score.total), size=BIG_NUMBER, weight=ft.FontWeight.BOLD
                    ),
                ]
            )
        )
    sheet = state.sheet
    buttons: list[ft.Control] = [secondary("Back to score sheet", on_sheet)]
    if sheet is not None and not sheet.over and state.seat.scorer:
        buttons.insert(0, primary("Deal next round", on_next, ft.Icons.STYLE))
    rows.append(ft.Row(buttons, wrap=True))
    return rows
