"""Odds while flipping (issue 13): on the round entry, the switch and, for
the player being tapped, their bust and Flip 7 chances and the advisor's
hit/stay. Draws what :mod:`companion.app.table_odds` says; a purist table
shows none of it."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.app.table_odds import OddsWords
from companion.i18n import _
from companion.ui.theme import ACCENT, DANGER
from companion.ui.widgets import flat, own_node, switch_row


def odds_switch(on: bool | None, switch: Callable[[bool], object]) -> list[ft.Control]:
    """Whoever runs the table switches it, for a new round (not an edit):
    ``on`` is None where it is not offered (a purist table, a phone)."""
    if on is None:
        return []
    return [switch_row(_("Odds while flipping"), on, switch)]


def _chance(text: str, colour: str) -> ft.Control:
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=10, vertical=4),
        border_radius=8,
        border=ft.Border.all(2, colour),
        content=ft.Text(text, size=20, weight=ft.FontWeight.BOLD),
    )


def odds_panel(
    words: OddsWords | None, scorer: bool, reshuffled: Callable[[], object]
) -> list[ft.Control]:
    """The chances and the advice for the chosen player, then what they
    rest on; a scorer's "Deck reshuffled" under them."""
    if words is None:
        return []
    parts: list[ft.Control] = []
    if words.bust is not None and words.flip7 is not None:
        parts.append(
            own_node(
                ft.Row(
                    [_chance(words.bust, DANGER), _chance(words.flip7, ACCENT)],
                    wrap=True,
                    spacing=8,
                )
            )
        )
    if words.advice:
        parts.append(own_node(ft.Text(words.advice, size=15)))
    parts.append(own_node(ft.Text(words.basis, size=12)))
    if scorer:
        parts.append(flat(_("Deck reshuffled"), reshuffled, ft.Icons.SHUFFLE))
    return parts
