"""The chosen player's line on the round entry: name and score, the cards
(tap one to take it off), the chain, and under an editable line its
switches (done, Busted, a typed score, Brutal's +15 or −15). Kept apart
from the entry screen: the line is what a tap changes, drawn from the
view's :class:`~companion.app.views.entry.ChosenLine` alone."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import flet as ft

from companion.app import AppState
from companion.app.card_names import card_name
from companion.app.corrections import Corrections
from companion.app.table_odds import OddsAtTable
from companion.app.tap_in import RoundEntry
from companion.app.views.entry import Bonus, ChosenLine
from companion.i18n import _, signed
from companion.ui.kept import kept
from companion.ui.parts.cardlook import card_face
from companion.ui.parts.table_odds import odds_panel
from companion.ui.parts.wide_table import room, text_width, two_line_width
from companion.ui.theme import ACCENT, BIG_NUMBER, DANGER, ON_ACCENT
from companion.ui.widgets import (
    TextInput,
    awaiting,
    bind,
    flat,
    message,
    own_node,
    primary,
    switch_row,
)


@dataclass(frozen=True)
class Taps:
    """The round entry's intents for this screen, each through the session's
    one wrapper (a refusal becomes the notice); equal from one render to the
    next while the session and the game are the same, so kept parts keep
    handlers that reach the live owners."""

    state: AppState
    entry: RoundEntry
    fixes: Corrections
    odds: OddsAtTable

    async def add(self, pid: str, code: str) -> None:
        await self.state.act(self.entry.add_card, pid, code)

    async def remove(self, pid: str, index: int) -> None:
        await self.state.act(self.entry.remove_card, pid, index)

    async def busted(self, pid: str, on: bool) -> None:
        await self.state.act(self.entry.set_busted, pid, on)

    async def typed(self, pid: str, value: str | None) -> None:
        await self.state.act(self.entry.set_typed, pid, value)

    async def done(self, pid: str, done: bool) -> None:
        await self.state.act(self.entry.set_done, pid, done)

    async def attack(self, target: str | None) -> None:
        await self.state.act(self.entry.choose_attack, target)

    async def odds_on(self, on: bool) -> None:
        await self.state.act(self.odds.set_on, on)

    async def reshuffled(self) -> None:
        await self.state.act(self.odds.reshuffled)

    def refuse(self, text: str) -> None:
        self.state.tell(text, error=True)


def chosen_line(line: ChosenLine, typed_input: TextInput, taps: Taps) -> ft.Control:
    """The chosen player's line, framed; rebuilt only when something it
    shows changed (another phone's tap leaves it as it was)."""

    def build() -> ft.Control:
        controls = _line(line, taps) + odds_panel(
            line.odds, line.scorer, taps.reshuffled
        )
        if line.editable:
            controls += _panel(line, typed_input, taps)
        return _boxed(controls, DANGER if line.problems else ACCENT)

    return kept("line", (line, typed_input.version, taps), build)


def _boxed(controls: list[ft.Control], colour: str) -> ft.Control:
    """The chosen player's line, framed (red while it has a problem)."""
    return ft.Container(
        padding=12,
        border_radius=12,
        border=ft.Border.all(2, colour),
        content=ft.Column(controls, spacing=8),
    )


def _panel(line: ChosenLine, typed_input: TextInput, taps: Taps) -> list[ft.Control]:
    """Under an editable line: done, Flip 7, its problems, the switches."""
    panel: list[ft.Control] = []
    if line.done_by:
        panel.append(_done_button(line, taps))
    if line.flip7:
        panel.append(
            ft.Text(_("Flip 7!"), size=18, weight=ft.FontWeight.BOLD, color=ACCENT)
        )
    panel += [message(text, error=True) for text in line.problems]
    panel.append(
        switch_row(
            _("Busted"),
            line.busted,
            partial(taps.busted, line.pid),
            _("Brutal: tap the minus cards given after the bust; they count from 0.")
            if line.brutal
            else "",
        )
    )
    panel.append(_typed_row(line, typed_input, taps))
    if line.bonus is not None:
        panel.append(_bonus_or_attack(line.bonus, taps))
    return panel


def _line(line: ChosenLine, taps: Taps) -> list[ft.Control]:
    """Name and round score, the cards (tap one to remove it), the chain."""
    name, editable = line.name, line.editable
    cards: list[ft.Control] = [
        card_face(
            code,
            scale=0.75,
            name=_("Remove {card} from {name}").format(card=card_name(code), name=name)
            if editable
            else card_name(code),
            on_click=bind(taps.remove, line.pid, i) if editable else None,
        )
        for i, code in enumerate(line.cards)
    ]
    if cards and editable:
        last = len(line.cards) - 1
        text = _("Undo {card}").format(card=card_name(line.cards[last]))
        cards.append(flat(text, bind(taps.remove, line.pid, last), ft.Icons.UNDO))
    if not cards:
        cards.append(own_node(ft.Text(_no_cards(line))))
    total = line.score
    # Each text is its own node (see own_node).
    return [
        own_node(
            ft.Row(
                [
                    ft.Text(name, size=24, weight=ft.FontWeight.BOLD, expand=True),
                    ft.Text(
                        signed(total),
                        size=BIG_NUMBER + 8,
                        weight=ft.FontWeight.BOLD,
                        color=DANGER if line.busted or total < 0 else ACCENT,
                    ),
                ]
            )
        ),
        ft.Row(cards, wrap=True, spacing=6, run_spacing=6),
        own_node(ft.Text(line.chain, size=18)),
    ]


def _no_cards(line: ChosenLine) -> str:
    """Who taps the cards of a line with none yet."""
    if line.editable:
        return _("No cards yet: tap them on the keypad below.")
    if line.held:
        return _("No cards yet: {name} taps them on {name}'s phone.").format(
            name=line.name
        )
    return _("No cards yet: the host taps {name}'s cards in.").format(name=line.name)


def _done_button(line: ChosenLine, taps: Taps) -> ft.Control:
    """At a live table each phone says when its line is all in (the host
    says it for a player without a phone)."""
    mine = line.done_by == "me"
    if line.done:
        said = (
            _("✓ Your line is in.")
            if mine
            else _("✓ {name}'s line is in.").format(name=line.name)
        )
        # (A text beside a button in one Row drops out of Flutter's
        # semantics tree: a screen reader would not hear it.)
        return ft.Column(
            [
                ft.Text(said, size=16, weight=ft.FontWeight.BOLD),
                flat(_("Not done yet"), bind(taps.done, line.pid, False)),
            ],
            spacing=2,
        )
    text = (
        _("My line is in") if mine else _("{name}'s line is in").format(name=line.name)
    )
    return primary(text, bind(taps.done, line.pid, True), ft.Icons.CHECK)


@dataclass(frozen=True, slots=True)
class TypedWords:
    label: str
    helper: str | None
    width: int


FIELD_PAD = 28  # a text field's room left and right of its label
TYPED_WIDTH = 220


def typed_words() -> TypedWords:
    """The typed-score field's words and width: a short label on one line
    (it wrapped to three lines in Hungarian, in a field 48 px high: issue
    37 bug 6) with when to use it as the hint under the field, and a field
    as wide as they need, within a phone's width."""
    label, helper = _("Typed score"), _("if the cards were swept up")
    need = max(
        text_width(label, 16) + FIELD_PAD, two_line_width(helper, 12) + FIELD_PAD
    )
    width = min(max(TYPED_WIDTH, math.ceil(need)), math.floor(room()))
    return TypedWords(label, helper, width)


def _typed_row(line: ChosenLine, typed_input: TextInput, taps: Taps) -> ft.Control:
    """A typed score for cards swept up before anyone counted them."""
    pid, typed = line.pid, line.typed
    words = typed_words()

    async def use_typed() -> None:
        if typed_input.text.strip():
            await taps.typed(pid, typed_input.text)
        else:
            text = _("Type {name}'s score first, then Use typed score.")
            taps.refuse(text.format(name=line.name))

    async def clear_typed() -> None:
        typed_input.reset()
        await taps.typed(pid, None)

    return ft.Row(
        [
            ft.TextField(
                key=typed_input.key(f"typed-{pid}-{typed}"),
                label=words.label,
                helper=words.helper,
                helper_max_lines=2,
                value="" if typed is None else str(typed),
                width=words.width,
                keyboard_type=ft.KeyboardType.NUMBER,
                on_change=typed_input.change,
                on_submit=awaiting(lambda _: use_typed()),
            ),
            flat(_("Use typed score"), use_typed),
        ]
        + ([flat(_("Clear typed score"), clear_typed)] if typed is not None else []),
        wrap=True,
    )


def _bonus_or_attack(bonus: Bonus, taps: Taps) -> ft.Control:
    """Brutal: the Flip 7 player takes +15 or gives −15 to another."""
    question = _("{name} flipped 7: +15 for themselves or −15 to another player?")
    options: list[ft.Control] = [
        ft.Text(question.format(name=bonus.flipper), weight=ft.FontWeight.BOLD)
    ]
    options += [
        _choice(
            (_("+15 to {name}") if o.target is None else _("−15 to {name}")).format(
                name=o.name
            ),
            o.selected,
            bind(taps.attack, o.target),
        )
        for o in bonus.options
    ]
    return ft.Row(options, wrap=True)


def _choice(text: str, selected: bool, on_click: Callable[[], object]) -> ft.Control:
    button = ft.Button(
        text,
        icon=ft.Icons.CHECK if selected else None,
        bgcolor=ACCENT if selected else None,
        color=ON_ACCENT if selected else None,
        on_click=awaiting(lambda: on_click()),
    )
    return ft.Semantics(selected=selected, container=True, content=button)
