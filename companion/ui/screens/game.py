"""The open game: the sheet, who deals, the next step, corrections (undo,
rename, late player, remove) and, at the end, the winner and standings.
Draws a :class:`~companion.app.views.game.GameView`; its intents go to their
owners through the session's one wrapper."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from companion.app import AppState
from companion.app.refusal import NO_GAME
from companion.app.views.game import GameView, NextRound, Place, game_of
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
    settle,
)


def _standings(places: tuple[Place, ...]) -> ft.Control:
    rows: list[ft.Control] = []
    for s in places:
        rows.append(
            ft.Row(
                [
                    ft.Text(f"{s.place}.", size=22, width=40 * text_scale()),
                    ft.Text(
                        s.name,
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
    on_deal: Callable[[], object],
    on_table: Callable[[], None],
    on_share: Callable[[], None] | None = None,
    on_invite: Callable[[], None] | None = None,
) -> ft.Control:
    players_open, set_players_open = ft.use_state(False)
    # "enter" / "deal": the other kind of round for this number is under way
    asking, set_asking = ft.use_state("")
    listing: ft.Ref[ft.ListView] = ft.Ref()
    use_end_in_sight(listing, players_open)
    view = game_of(state)
    fixes = state.fixes
    if view is None or fixes is None:
        return ft.Text(_(NO_GAME))

    async def edit(i: int) -> None:
        if await state.act(fixes.edit_round, i) is None:
            on_enter()

    controls = _messages(state, view, players_open)
    if view.next is None:
        controls += _game_over(view, on_share, on_new_same, on_home)
    else:
        ask = Asking(asking, set_asking, on_enter, on_deal, on_table)
        controls += _next_round(view.next, ask)
        controls += _digital_round(state, view.next, ask)
        controls += _question(state, view.next, ask)
    controls.append(score_table(view.sheet, edit))
    controls += phones_panel(state)
    controls += purist_row(view.host, view.purist, _purist(state))

    def toggle() -> None:
        set_players_open(not players_open)

    controls.append(_tools(state, view, Tools(on_share, on_invite, toggle)))
    if players_open:
        controls.append(PlayersPanel(state, lambda: set_players_open(False)))
    return ft.Column(
        [
            header(_("Score sheet"), on_home),
            ft.ListView(
                controls=controls, padding=16, spacing=10, expand=True, ref=listing
            ),
        ],
        expand=True,
        spacing=0,
    )


def use_end_in_sight(listing: ft.Ref[ft.ListView], opened: bool) -> None:
    """When ``opened`` turns true, scroll ``listing`` to its end: the Players
    panel opens there, under the sheet, below the fold on a phone, where
    nothing seemed to happen (issue 37). By its end, not a key: the list
    builds only what is near the screen, and the panel is not; and once the
    browser has laid the panel out: at once, the end was still the sheet's."""

    def bring() -> None:
        shown = listing.current
        if not opened or shown is None:
            return

        async def scroll() -> None:
            await asyncio.sleep(LAID_OUT)
            await shown.scroll_to(offset=-1, duration=300)

        ft.context.page.run_task(scroll)

    ft.use_effect(bring, [opened])


def _purist(state: AppState) -> Callable[[bool], object]:
    """The host's purist switch (the digital table's setting)."""
    table = state.table

    async def switch(on: bool) -> None:
        if table is not None:
            await state.act(table.set_purist, on)

    return switch


LAID_OUT = 0.3  # s: a new control is drawn by then, on a loaded phone too


@dataclass(frozen=True)
class Asking:
    """Which question is open ("enter" / "deal": the other kind of round for
    this number is under way) and where each answer leads."""

    now: str
    ask: Callable[[str], None]
    on_enter: Callable[[], None]
    on_deal: Callable[[], object]  # may be async (it deals: a commit)
    on_table: Callable[[], None]


@dataclass(frozen=True)
class Tools:
    """The ways on from the sheet that are not its own (None: not offered)."""

    on_share: Callable[[], None] | None
    on_invite: Callable[[], None] | None
    toggle_players: Callable[[], None]


def _messages(state: AppState, view: GameView, players_open: bool) -> list[ft.Control]:
    """The notice shows once: in the Players panel when it is open, and not
    again when it is the banner (the winner, a tie-break) shown below."""
    banner = view.banner
    controls: list[ft.Control] = []
    notice = state.notice
    if not players_open and notice is not None and notice.text != banner:
        controls.append(message(notice.text, error=notice.error))
    for alert in state.alerts:
        controls.append(message(alert, error=True))
    if banner and not view.over:
        controls.append(message(banner))
    return controls


def _game_over(
    view: GameView,
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
            view.banner or _("Game over"),
            size=26,
            weight=ft.FontWeight.BOLD,
            color=ACCENT,
        ),
        _standings(view.standings),
        ft.Row(
            [
                *share,
                primary(_("New game, same players"), on_new_same, ft.Icons.REPLAY),
                secondary(_("Home"), on_home, ft.Icons.HOME),
            ],
            wrap=True,
        ),
    ]


def _next_round(nxt: NextRound, ask: Asking) -> list[ft.Control]:
    """Who deals the next round, and the button to tap it in."""
    number = nxt.number
    if nxt.fixing is not None:
        enter_label = _("Continue fixing round {n}").format(n=nxt.fixing)
    elif nxt.half_entered:
        enter_label = _("Round {n} half entered: continue").format(n=number)
    else:
        enter_label = _("Enter round {number}").format(number=number)
    heading = (
        _("Round {number} (tie-break) · {dealer} deals")
        if nxt.tie_break
        else _("Round {number} · {dealer} deals")
    ).format(number=number, dealer=nxt.dealer)

    def enter() -> None:
        if nxt.digital and nxt.fixing is None:
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


def _digital_round(state: AppState, nxt: NextRound, ask: Asking) -> list[ft.Control]:
    """Deal the round digitally, continue it, or discard a stale one."""
    number = nxt.number

    async def deal() -> None:
        if nxt.half_entered and not nxt.digital:
            ask.ask("deal")
        else:
            await settle(ask.on_deal())

    table = state.table
    if nxt.left_over is not None and table is not None:
        left = nxt.left_over
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
                bind(state.act, table.discard),
                ft.Icons.DELETE_OUTLINE,
            ),
        ]
    if nxt.digital:
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


def _question(state: AppState, nxt: NextRound, ask: Asking) -> list[ft.Control]:
    """The other kind of round is under way: continue it or discard it."""
    number = nxt.number
    entry, table = state.entry, state.table
    if entry is None or table is None:
        return []

    async def discard_digital_and_enter() -> None:
        ask.ask("")
        if await state.act(table.discard) is None:
            ask.on_enter()

    async def discard_draft_and_deal() -> None:
        ask.ask("")
        if await state.act(entry.discard) is None:
            await settle(ask.on_deal())

    cancel = flat(_("Cancel"), bind(ask.ask, ""))
    if ask.now == "enter" and nxt.digital:
        question = _(
            "A digital round {n} is in progress: continue it, or discard it and tap in?"
        ).format(n=number)
        buttons = [
            primary(_("Continue the digital round"), ask.on_table),
            secondary(_("Discard it and tap in"), discard_digital_and_enter),
        ]
    elif ask.now == "deal" and nxt.half_entered:
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


def _tools(state: AppState, view: GameView, ways: Tools) -> ft.Control:
    """Undo, redo, the Players panel, Share and Invite phones, under the sheet."""
    tools: list[ft.Control] = []
    fixes = state.fixes
    if fixes is not None and view.can_undo:
        tools.append(
            flat(_("Undo last round"), bind(state.act, fixes.undo_round), ft.Icons.UNDO)
        )
    if fixes is not None and view.can_redo:
        tools.append(
            flat(_("Redo round"), bind(state.act, fixes.redo_round), ft.Icons.REDO)
        )
    tools.append(flat(_("Players"), ways.toggle_players, ft.Icons.PEOPLE))
    if ways.on_share is not None and not view.over:
        tools.append(flat(_("Share"), ways.on_share, ft.Icons.QR_CODE))
    if ways.on_invite is not None:
        tools.append(flat(_("Invite phones"), ways.on_invite, ft.Icons.PHONELINK_RING))
    return ft.Row(tools, wrap=True)
