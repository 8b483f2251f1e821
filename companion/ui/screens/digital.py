"""The digital table: one device passed round the table.

Whose turn it is, big Hit and Stay buttons (no Stay while The Zero forbids
it), every line with cards that look like the real ones (busted lines face
down), each player's state, the deck and discard pile, the Flip Four cards
set aside, the round's log in plain words, the advisor when switched on, and
each decision asked in words with the cards shown. Computer players move on
the server after a short pause (:mod:`companion.app.bots`), whatever screen
the pages show; this screen just re-renders after each move, as after any
other change.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from companion.app.actions.digital import DigitalIntents, DigitalScreenView
from companion.app.observable import Notice
from companion.app.views.digital import DigitalView
from companion.i18n import N_, _
from companion.ui.guard import screen
from companion.ui.parts.decision import decision
from companion.ui.parts.digital_parts import flip_four_strip, round_summary, seat_row
from companion.ui.parts.purist import advisor_switch
from companion.ui.widgets import flat, header, message

LOG_LINES = 8
LOG_TITLE = N_("What happened, newest first")  # the log lists the latest event on top


def _advice(view: DigitalView) -> list[ft.Control]:
    """The advisor's words on the pending decision (when it is on)."""
    if view.advice is None:
        return []
    return [message(_("Advisor: {advice}").format(advice=view.advice))]


@screen
def DigitalScreen(
    screen_view: DigitalScreenView | None,
    intents: DigitalIntents,
    on_sheet: Callable[[], None],
) -> ft.Control:
    view = None if screen_view is None else screen_view.table
    step = -1 if view is None else view.step
    # A swap's first card, chosen in the first of two steps; tied to the step
    # it was chosen at, so it is forgotten once the decision is made.
    picked, set_picked = ft.use_state((-1, ""))
    group = picked[1] if picked[0] == step else ""

    async def leave() -> None:
        if view is not None and view.closes:
            await intents.close_summary()
        on_sheet()

    if screen_view is None or view is None:
        return ft.Column(
            [
                header(_("Digital round"), on_sheet),
                ft.Container(
                    padding=16,  # as every screen's body, not at the edge
                    content=ft.Text(_("No digital round is being dealt.")),
                ),
                flat(_("Score sheet"), on_sheet, ft.Icons.TABLE_CHART),
            ]
        )

    controls = _deck_line(screen_view.notice, view)
    if view.over:
        controls += round_summary(
            view.lines, view.names, view.can_deal_next, leave, intents.next_round
        )
    else:
        pick = lambda g: set_picked((step, g))  # noqa: E731
        controls += _decide(intents, view, group, pick)
    controls += _seats(view)
    controls += _log_and_tools(intents, view, leave)
    return ft.Column(
        [
            header(view.title, leave),
            ft.ListView(controls=controls, padding=12, spacing=8, expand=True),
        ],
        expand=True,
        spacing=0,
    )


def _decide(
    intents: DigitalIntents,
    view: DigitalView,
    group: str,
    pick: Callable[[str], None],
) -> list[ft.Control]:
    """The pending decision's buttons on the screen that makes it; the
    others see whose turn it is (each player decides on their own phone)."""
    turn = view.turn
    if turn is None:
        return []
    if turn.decide:
        asked = [
            *decision(turn, group, pick, intents.play),
            *_advice(view),
        ]
        if not turn.stand_in:
            return asked
        gone = message(
            _("{name}'s phone dropped out: you play for {name}.").format(name=turn.name)
        )
        return [gone, *asked]
    if turn.bot:
        text = _("{name} (computer) is deciding…").format(name=turn.name)
    elif turn.present:
        text = _("{name}'s turn, on {name}'s phone.").format(name=turn.name)
    else:
        text = _("{name}'s turn: waiting for {name}.").format(name=turn.name)
    return [ft.Text(text, size=20, weight=ft.FontWeight.BOLD)]


def _log_and_tools(
    intents: DigitalIntents, view: DigitalView, leave: Callable[[], Awaitable[None]]
) -> list[ft.Control]:
    """The round's log, newest first, the advisor switch, the way back."""
    advise = intents.set_advisor

    return [
        # a guest's phone of a phones-only table is sent no log: no empty title
        *([RoundLog(view.log)] if view.log else []),
        # the table's setting: the scorers' to change
        *advisor_switch(view.purist, view.advisor, advise),
        flat(_("Score sheet"), leave, ft.Icons.TABLE_CHART),
    ]


@ft.component
def RoundLog(lines: tuple[str, ...]) -> ft.Control:
    """The newest moves of the round on top; every move on request (a card
    that left a line long ago is explained there, not just gone)."""
    everything, set_everything = ft.use_state(False)
    shown = lines if everything else lines[-LOG_LINES:]
    controls: list[ft.Control] = [
        ft.Text(_(LOG_TITLE), size=16, weight=ft.FontWeight.BOLD),
        # each line its own node (in one Column Flutter merges them into one)
        *[
            ft.Semantics(container=True, content=ft.Text(line, size=13))
            for line in reversed(shown)
        ],
    ]
    if len(lines) > LOG_LINES:
        words = (
            _("Show the newest moves only")
            if everything
            else _("Show all {n} moves of this round").format(n=len(lines))
        )
        controls.append(flat(words, lambda: set_everything(not everything)))
    return ft.Column(controls, spacing=8)


def _deck_line(notice: Notice | None, view: DigitalView) -> list[ft.Control]:
    """The answer to the last intent, who deals, deck and discard pile."""
    controls: list[ft.Control] = []
    if notice is not None:
        controls.append(message(notice.text, error=notice.error))
    controls.append(
        ft.Text(
            _("{dealer} deals · Deck {deck} · Discard pile {discard}").format(
                dealer=view.dealer, deck=view.deck, discard=view.discard
            ),
            size=14,
        )
    )
    return controls


def _seats(view: DigitalView) -> list[ft.Control]:
    """The Flip Four cards set aside, then every line at the table."""
    controls: list[ft.Control] = []
    if view.flip_four is not None:
        controls.append(flip_four_strip(view.flip_four))
    to_move = None if view.turn is None else view.turn.seat
    controls += [
        seat_row(line, seat.name, i == to_move)
        for i, (line, seat) in enumerate(zip(view.lines, view.seats, strict=True))
    ]
    return controls
