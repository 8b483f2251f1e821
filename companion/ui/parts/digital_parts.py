"""Pieces of the digital table: a player's line, the last Flip Four, and
the round-end summary. Plain functions of the round and the seats'
names (:class:`~companion.app.views.digital.DigitalView`);
screens/digital.py puts them together."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.app.board import FLIP7, STATUS_WORDS
from companion.app.card_names import card_name
from companion.app.telling import chain
from companion.app.views.digital import Seat
from companion.i18n import _, signed
from companion.rules import Round, Status
from companion.ui.theme import ACCENT, BIG_NUMBER, DANGER
from companion.ui.widgets import primary, secondary

from .cardlook import card_face
from .flip_four import MARKS, STOPS, WIPED, FlipFour


def status_word(status: Status, bot: bool, flip7: bool = False) -> str:
    """The seat's state; the player whose Flip 7 ended the round is no
    longer "in play" (the board says the same)."""
    if flip7:
        word = _(FLIP7)
    else:
        word = _(STATUS_WORDS[status]) if status in STATUS_WORDS else str(status)
    return _("{status} · computer").format(status=word) if bot else word


def seat_row(rnd: Round, seat: int, at: Seat, to_move: int | None) -> ft.Control:
    name = at.name
    status = rnd.status(seat)
    score = rnd.line_score(seat)
    cards: list[ft.Control] = [
        card_face(code, scale=0.55, face_down=True) for code in rnd.face_down(seat)
    ]
    cards += [card_face(code, scale=0.55) for code in rnd.line(seat)]
    if not cards:
        cards.append(ft.Text(_("no cards"), size=12, italic=True))
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
                            status_word(status, at.bot, rnd.flip7 == seat),
                            size=13,
                            color=colour,
                        ),
                        ft.Text(
                            signed(score.total), size=22, weight=ft.FontWeight.BOLD
                        ),
                    ]
                ),
                ft.Row(cards, wrap=True, spacing=4, run_spacing=4),
                ft.Text(chain(score), size=13),
            ],
            spacing=4,
        ),
    )


def flip_four_strip(who: str, four: FlipFour, waiting: list[str]) -> ft.Control:
    """The last Flip Four's cards in the order they came; set-aside cards
    are marked, and those still waiting to be resolved are listed."""
    faces: list[ft.Control] = []
    for code, how in four.cards:
        faces.append(
            ft.Column(
                [
                    card_face(code, scale=0.5, dim=how == WIPED),
                    ft.Text(_(MARKS[how]) if how in MARKS else " ", size=10),
                ],
                spacing=0,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            )
        )
    stop = STOPS.get(four.ended)
    title = (_(stop) if stop else _("Flip Four on {who}: {n} of 4")).format(
        who=who, n=len(four.cards)
    )
    rows: list[ft.Control] = [
        ft.Text(title, size=14, weight=ft.FontWeight.BOLD),
        ft.Row(faces, spacing=6, wrap=True),
    ]
    if waiting:
        names = ", ".join(card_name(c) for c in waiting)
        rows.append(
            ft.Text(
                _("Waiting to be resolved, in order: {cards}").format(cards=names),
                size=13,
            )
        )
    return ft.Container(
        padding=8,
        border_radius=10,
        bgcolor=ft.Colors.with_opacity(0.06, ACCENT),
        content=ft.Column(rows, spacing=4),
    )


def round_summary(
    rnd: Round,
    names: list[str],
    deal_next: bool,
    on_sheet: Callable[[], object],
    on_next: Callable[[], object],
) -> list[ft.Control]:
    """Each line's score and chain; the way back, and a scorer's next deal."""
    rows: list[ft.Control] = [
        ft.Text(_("Round over"), size=24, weight=ft.FontWeight.BOLD, color=ACCENT)
    ]
    for seat in rnd.seats:
        score = rnd.line_score(seat)
        rows.append(
            ft.Row(
                [
                    ft.Column(
                        [
                            ft.Text(names[seat], size=18),
                            ft.Text(chain(score), size=14),
                        ],
                        spacing=2,
                        expand=True,
                    ),
                    ft.Text(
                        signed(score.total), size=BIG_NUMBER, weight=ft.FontWeight.BOLD
                    ),
                ]
            )
        )
    buttons: list[ft.Control] = [secondary(_("Back to score sheet"), on_sheet)]
    if deal_next:
        buttons.insert(0, primary(_("Deal next round"), on_next, ft.Icons.STYLE))
    rows.append(ft.Row(buttons, wrap=True))
    return rows
