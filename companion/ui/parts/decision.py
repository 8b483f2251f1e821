"""The decision the digital table asks of the player to move: Hit or Stay
in big buttons, or each choice in words with its cards shown. More choices
than fit (swaps with many cards) are asked in two steps: which card goes,
then where."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.app.views.choices import Option, card_steps, in_step
from companion.app.views.digital import Turn
from companion.i18n import _
from companion.rules.choice import HIT
from companion.ui.haptics import tapped
from companion.ui.parts.cardlook import card_face
from companion.ui.theme import ACCENT, ON_ACCENT, TAP
from companion.ui.widgets import awaited, bind, flat

MAX_OPTIONS = 8  # more choices than this are asked in two steps (swaps)


def decision(
    turn: Turn,
    group: str,
    set_group: Callable[[str], None],
    play: Callable[[str], object],
) -> list[ft.Control]:
    """The pending decision's prompt and its choices (``play`` makes one)."""
    if turn.bot:
        return [
            ft.Text(
                _("{name} (computer) is deciding…").format(name=turn.name),
                size=20,
                color=ACCENT,
            )
        ]
    options = list(turn.options)
    out: list[ft.Control] = [
        ft.Text(
            turn.prompt,
            size=20,
            weight=ft.FontWeight.BOLD,
            color=ACCENT,
        )
    ]
    if turn.card:
        out.append(ft.Row([card_face(turn.card, scale=0.8)]))
    if turn.hit_or_stay:
        return out + _hit_or_stay(options, play)
    steps = card_steps(options)
    if len(options) > MAX_OPTIONS and len(steps) > 1:
        if group not in [g for g, _first, _card in steps]:  # which card goes
            return out + _which_card(steps, set_group)
        options = in_step(options, group)
        out.append(flat(_("Choose another card"), lambda: set_group(""), ft.Icons.UNDO))
    for o in options:
        faces = [card_face(code, scale=0.45) for code in o.cards]
        out.append(
            ft.Button(
                content=ft.Row(
                    [ft.Text(o.label, size=16), *faces], wrap=True, spacing=6
                ),
                height=None if faces else TAP,
                on_click=awaited(bind(play, o.choice)),  # an intent: awaited
            )
        )
    return out


def _hit_or_stay(
    options: list[Option], play: Callable[[str], object]
) -> list[ft.Control]:
    """Hit and Stay side by side (Hit alone while The Zero is held: the
    question above says so)."""
    return [
        ft.Row(
            [
                ft.Button(
                    o.label,
                    height=TAP + 16,
                    expand=True,
                    bgcolor=ACCENT if o.choice == HIT else None,
                    color=ON_ACCENT if o.choice == HIT else None,
                    on_click=awaited(bind(tapped, play, o.choice)),
                )
                for o in options
            ]
        )
    ]


def _which_card(
    steps: list[tuple[str, str, str]], set_group: Callable[[str], None]
) -> list[ft.Control]:
    out: list[ft.Control] = []
    for g, words, card in steps:
        out.append(
            ft.Button(
                content=ft.Row(
                    [ft.Text(words, size=16), card_face(card, scale=0.45)],
                    spacing=6,
                ),
                on_click=lambda _, g=g: set_group(g),
            )
        )
    return out
