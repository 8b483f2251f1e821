"""The open game: the sheet, who deals, the next step, corrections (undo,
rename, late player, remove) and, at the end, the winner and standings."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from companion.app import AppState
from companion.i18n import _
from companion.ui.guard import screen
from companion.ui.parts.phones import phones_panel
from companion.ui.parts.players_panel import PlayersPanel
from companion.ui.parts.purist import purist_row
from companion.ui.parts.score_table import score_table
from companion.ui.textscale import text_scale
from companion.ui.theme import ACCENT, BIG_NUMBER
from companion.ui.widgets import (
    bind,
    flat,
    header,
    message,
    primary,
    secondary,
)


def _standings(state: AppState) -> ft.Control:
    rows: list[ft.Control] = []
    for s in state.standings():
        rows.append(
            ft.Row(
                [
                    ft.Text(f"{s.place}.", size=22, width=40 * text_scale()),
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
    on_invite: Callable[[], None] | None = None,
) -> ft.Control:
    players_open, set_players_open = ft.use_state(False)
    # "enter" / "deal": the other kind of round for this number is under way
    asking, set_asking = ft.use_state("")
    sheet = state.sheet
    draft = state.draft
    if sheet is None or draft is None:
        return ft.Text(_("No game is open."))
    over = sheet.over

    def edit(i: int) -> None:
        if state.edit_round(i) is None:
            on_enter()

    controls = _messages(state, players_open)
    if over:
        controls += _game_over(state, on_share, on_new_same, on_home)
    else:
        ask = Asking(asking, set_asking, on_enter, on_deal, on_table)
        controls += _next_round(state, ask)
        controls += _digital_round(state, ask)
        controls += _question(state, ask)
    controls.append(score_table(sheet, edit))
    controls += phones_panel(state)
    controls += purist_row(state)

    def toggle() -> None:
        set_players_open(not players_open)

    controls.append(_tools(state, on_share, on_invite, toggle))
    if players_open:
        controls.append(PlayersPanel(state, lambda: set_players_open(False)))
    return ft.Column(
        [
            header(_("Score sheet"), on_home),
            ft.ListView(controls=controls, padding=16, spacing=10, expand=True),
        ],
        expand=True,
        spacing=0,
    )


@dataclass(frozen=True)
class Asking:
    """Which question is open ("enter" / "deal": the other kind of round for
    this number is under way) and where each answer leads."""

    now: str
    ask: Callable[[str], None]
    on_enter: Callable[[], None]
    on_deal: Callable[[], None]
    on_table: Callable[[], None]


def _messages(state: AppState, players_open: bool) -> list[ft.Control]:
    """The notice shows once: in the Players panel when it is open, and not
    again when it is the banner (the winner, a tie-break) shown below."""
    assert state.sheet is not None
    banner = state.banner()
    controls: list[ft.Control] = []
    if not players_open and state.notice is not None and state.notice.text != banner:
        controls.append(message(state.notice.text, error=state.notice.error))
    for alert in state.alerts:
        controls.append(message(alert, error=True))
    if banner and not state.sheet.over:
        controls.append(message(banner))
    return controls


def _game_over(
    state: AppState,
    on_share: Callable[[], None] | None,
    on_new_same: Callable[[], None],
    on_home: Callable[[], None],
) -> list[ft.Control]:
    """The winner, the standings and what to do next."""
    share = (
        [] if on_share is None else [primary(_("Share"), on_share, ft.Icons.QR_CODE)]
    )
    return [
        ft.Text(
            state.banner() or _("Game over"),
            size=26,
            weight=ft.FontWeight.BOLD,
            color=ACCENT,
        ),
        _standings(state),
        ft.Row(
            [
                *share,
                primary(_("New game, same players"), on_new_same, ft.Icons.REPLAY),
                secondary(_("Home"), on_home, ft.Icons.HOME),
            ],
            wrap=True,
        ),
    ]


def _next_round(state: AppState, ask: Asking) -> list[ft.Control]:
    """Who deals the next round, and the button to tap it in."""
    assert state.sheet is not None and state.draft is not None
    sheet, draft = state.sheet, state.draft
    number = len(sheet.rounds) + 1
    dealer = state.next_dealer().name
    if draft.editing is not None:
        enter_label = _("Continue fixing round {n}").format(n=draft.editing + 1)
    elif state.half_entered:
        enter_label = _("Round {n} half entered: continue").format(n=number)
    else:
        enter_label = _("Enter round {n}").format(n=number)
    heading = (
        _("Round {n} (tie-break) · {dealer} deals")
        if sheet.end().tie_break
        else _("Round {n} · {dealer} deals")
    ).format(n=number, dealer=dealer)

    def enter() -> None:
        if state.digital_in_progress and draft.editing is None:
            ask.ask("enter")
        else:
            ask.on_enter()

    return [
        ft.Text(
            heading,
            size=22,
            weight=ft.FontWeight.BOLD,
        ),
        primary(enter_label, enter, ft.Icons.EDIT_NOTE),
    ]


def _digital_round(state: AppState, ask: Asking) -> list[ft.Control]:
    """Deal the round digitally, continue it, or discard a stale one."""
    assert state.sheet is not None
    number = len(state.sheet.rounds) + 1

    def deal() -> None:
        if state.half_entered and not state.digital_in_progress:
            ask.ask("deal")
        else:
            ask.on_deal()

    if state.digital_stale:
        left = state.digital_number
        return [
            message(
                _(
                    "A digital round {n} was left over: round {n} is "
                    "already on the sheet, so it cannot be saved."
                ).format(n=left),
                error=True,
            ),
            secondary(
                _("Discard digital round {n}").format(n=left),
                state.discard_digital_round,
                ft.Icons.DELETE_OUTLINE,
            ),
        ]
    if state.digital_in_progress:
        return [
            secondary(
                _("Continue digital round {n}").format(n=number),
                ask.on_table,
                ft.Icons.STYLE,
            )
        ]
    return [
        secondary(_("Deal round {n} digitally").format(n=number), deal, ft.Icons.STYLE)
    ]


def _question(state: AppState, ask: Asking) -> list[ft.Control]:
    """The other kind of round is under way: continue it or discard it."""
    assert state.sheet is not None
    number = len(state.sheet.rounds) + 1

    def discard_digital_and_enter() -> None:
        ask.ask("")
        if state.discard_digital_round() is None:
            ask.on_enter()

    def discard_draft_and_deal() -> None:
        ask.ask("")
        if state.discard_draft() is None:
            ask.on_deal()

    cancel = flat(_("Cancel"), bind(ask.ask, ""))
    if ask.now == "enter" and state.digital_in_progress:
        question = _(
            "A digital round {n} is in progress: continue it, or discard it and tap in?"
        ).format(n=number)
        buttons = [
            primary(_("Continue the digital round"), ask.on_table),
            secondary(_("Discard it and tap in"), discard_digital_and_enter),
        ]
    elif ask.now == "deal" and state.half_entered:
        question = _(
            "Round {n} is half entered by tapping: continue it, "
            "or discard it and deal digitally?"
        ).format(n=number)
        buttons = [
            primary(_("Continue tapping in"), ask.on_enter),
            secondary(_("Discard it and deal digitally"), discard_draft_and_deal),
        ]
    else:
        return []
    return [_choose(question, [*buttons, cancel])]


def _tools(
    state: AppState,
    on_share: Callable[[], None] | None,
    on_invite: Callable[[], None] | None,
    toggle_players: Callable[[], None],
) -> ft.Control:
    """Undo, redo, the Players panel, Share and Invite phones, under the sheet."""
    assert state.sheet is not None
    tools: list[ft.Control] = []
    if state.sheet.rounds:
        tools.append(flat(_("Undo last round"), state.undo_round, ft.Icons.UNDO))
    if state.can_redo:
        tools.append(flat(_("Redo round"), state.redo_round, ft.Icons.REDO))
    tools.append(flat(_("Players"), toggle_players, ft.Icons.PEOPLE))
    if on_share is not None and not state.sheet.over:
        tools.append(flat(_("Share"), on_share, ft.Icons.QR_CODE))
    if on_invite is not None:
        tools.append(flat(_("Invite phones"), on_invite, ft.Icons.PHONELINK_RING))
    return ft.Row(tools, wrap=True)
