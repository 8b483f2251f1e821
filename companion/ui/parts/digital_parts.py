"""Pieces of the digital table: a player's line, the last Flip Four, and
the round-end summary. Plain functions of the view's words and numbers
(:class:`~companion.app.views.digital.DigitalView`); screens/digital.py
puts them together."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.app.card_names import card_name
from companion.app.views.digital import FourStrip, LineView
from companion.app.views.flip_four import MARKS, STOPS, WIPED
from companion.i18n import _, signed
from companion.ui.theme import ACCENT, BIG_NUMBER, DANGER
from companion.ui.widgets import primary, secondary

from .cardlook import card_face


def seat_row(line: LineView, name: str, moving: bool) -> ft.Control:
    """``moving``: the seat whose decision is pending."""
    cards: list[ft.Control] = [
        card_face(code, scale=0.55, face_down=True) for code in line.face_down
    ]
    cards += [card_face(code, scale=0.55) for code in line.cards]
    if not cards:
        cards.append(ft.Text(_("no cards"), size=12, italic=True))
    colour = DANGER if line.busted else (ACCENT if moving else None)
    return ft.Container(
        padding=8,
        border_radius=10,
        opacity=0.5 if line.out else 1.0,
        border=ft.Border.all(3 if moving else 1, colour or ft.Colors.OUTLINE),
        content=ft.Column(
            [
                ft.Row(
                    [
                        ft.Text(name, size=18, weight=ft.FontWeight.BOLD, expand=True),
                        ft.Text(line.status, size=13, color=colour),
                        ft.Text(signed(line.total), size=22, weight=ft.FontWeight.BOLD),
                    ]
                ),
                ft.Row(cards, wrap=True, spacing=4, run_spacing=4),
                ft.Text(line.chain, size=13),
            ],
            spacing=4,
        ),
    )


def flip_four_strip(strip: FourStrip) -> ft.Control:
    """The last Flip Four's cards in the order they came; set-aside cards
    are marked, and those still waiting to be resolved are listed."""
    who, four, waiting = strip.who, strip.four, strip.waiting
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
    lines: tuple[LineView, ...],
    names: list[str],
    deal_next: bool,
    on_sheet: Callable[[], object],
    on_next: Callable[[], object],
) -> list[ft.Control]:
    """Each line's score and chain; the way back, and a scorer's next deal."""
    rows: list[ft.Control] = [
        ft.Text(_("Round over"), size=24, weight=ft.FontWeight.BOLD, color=ACCENT)
    ]
    for name, line in zip(names, lines, strict=True):
        rows.append(
            ft.Row(
                [
                    ft.Column(
                        [
                            ft.Text(name, size=18),
                            ft.Text(line.chain, size=14),
                        ],
                        spacing=2,
                        expand=True,
                    ),
                    ft.Text(
                        signed(line.total), size=BIG_NUMBER, weight=ft.FontWeight.BOLD
                    ),
                ]
            )
        )
    buttons: list[ft.Control] = [secondary(_("Back to score sheet"), on_sheet)]
    if deal_next:
        buttons.insert(0, primary(_("Deal next round"), on_next, ft.Icons.STYLE))
    rows.append(ft.Row(buttons, wrap=True))
    return rows
