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

from collections.abc import Callable

import flet as ft

from companion.app import AppState
from companion.app.advice_words import advice_text, choice_advice_text
from companion.app.telling import sentence
from companion.i18n import N_, _
from companion.rules import Round
from companion.rules.choice_advice import ChoiceAdvice
from companion.ui.guard import screen
from companion.ui.parts.choices import describe_all
from companion.ui.parts.decision import decision
from companion.ui.parts.digital_parts import flip_four_strip, round_summary, seat_row
from companion.ui.parts.flip_four import last_flip_four
from companion.ui.parts.purist import advisor_switch
from companion.ui.widgets import flat, header, message

LOG_LINES = 8
LOG_TITLE = N_("What happened, newest first")  # the log lists the latest event on top


def _advice(state: AppState) -> list[ft.Control]:
    advice = state.advice()
    if advice is None:
        return []
    rnd = state.digital_round
    if rnd is None or rnd.pending is None:
        return []
    if isinstance(advice, ChoiceAdvice):
        pend = rnd.pending
        options = describe_all(rnd.legal(), pend.player, pend.card, state.seat_name)
        text = choice_advice_text(advice, {o.choice: o.label for o in options})
    else:
        text = advice_text(advice)
    return [message(_("Advisor: {advice}").format(advice=text))]


@screen
def DigitalScreen(state: AppState, on_sheet: Callable[[], None]) -> ft.Control:
    rnd = state.digital_round
    step = -1 if rnd is None else len(rnd.choices)
    # A swap's first card, chosen in the first of two steps; tied to the step
    # it was chosen at, so it is forgotten once the decision is made.
    picked, set_picked = ft.use_state((-1, ""))
    group = picked[1] if picked[0] == step else ""

    def leave() -> None:
        if state.digital.last is not None:
            state.close_digital_summary()
        on_sheet()

    def next_round() -> None:
        state.close_digital_summary()
        state.start_digital_round()

    if rnd is None:
        return ft.Column(
            [
                header(_("Digital round"), on_sheet),
                ft.Text(_("No digital round is being dealt.")),
            ]
        )
    sheet = state.sheet
    number = len(sheet.rounds) + (1 if not rnd.over else 0) if sheet else 0
    controls = _deck_line(state, rnd)
    if rnd.over:
        controls += round_summary(state, rnd, leave, next_round)
    else:
        controls += _decide(state, rnd, group, lambda g: set_picked((step, g)))
    controls += _seats(state, rnd)
    controls += _log_and_tools(state, rnd, leave)
    return ft.Column(
        [
            header(_("Round {number} · digital").format(number=number), leave),
            ft.ListView(controls=controls, padding=12, spacing=8, expand=True),
        ],
        expand=True,
        spacing=0,
    )


def _decide(
    state: AppState, rnd: Round, group: str, pick: Callable[[str], None]
) -> list[ft.Control]:
    """The pending decision's buttons on the screen that makes it; the
    others see whose turn it is (each player decides on their own phone)."""
    pend = rnd.pending
    if state.may_decide():
        held = pend is not None and state.seat.seats.holder(state.seat_ids[pend.player])
        if pend is None or not held or state.my_seat == state.seat_ids[pend.player]:
            return [*decision(state, rnd, group, pick), *_advice(state)]
        name = state.seat_name(pend.player)
        gone = message(
            _("{name}'s phone dropped out: you play for {name}.").format(name=name)
        )
        return [gone, *decision(state, rnd, group, pick), *_advice(state)]
    if pend is None:
        return []
    name = state.seat_name(pend.player)
    if state.is_bot(pend.player):
        text = _("{name} (computer) is deciding…").format(name=name)
    elif state.seat.seats.present(state.seat_ids[pend.player]):
        text = _("{name}'s turn, on {name}'s phone.").format(name=name)
    else:
        text = _("{name}'s turn: waiting for {name}.").format(name=name)
    return [ft.Text(text, size=20, weight=ft.FontWeight.BOLD)]


def _log_and_tools(
    state: AppState, rnd: Round, leave: Callable[[], None]
) -> list[ft.Control]:
    """The round's log, newest first, the advisor switch, the way back."""
    names = [state.seat_name(i) for i in range(rnd.players)]
    return [
        RoundLog(tuple(sentence(e, names) for e in rnd.events)),
        *advisor_switch(state),  # the table's setting: the scorers' to change
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


def _deck_line(state: AppState, rnd: Round) -> list[ft.Control]:
    """The answer to the last intent, who deals, deck and discard pile."""
    controls: list[ft.Control] = []
    if state.notice is not None:
        controls.append(message(state.notice.text, error=state.notice.error))
    zones = rnd.zones()
    dealer = state.seat_name(rnd.dealer)
    controls.append(
        ft.Text(
            _("{dealer} deals · Deck {deck} · Discard pile {discard}").format(
                dealer=dealer, deck=len(zones["deck"]), discard=len(zones["discard"])
            ),
            size=14,
        )
    )
    return controls


def _seats(state: AppState, rnd: Round) -> list[ft.Control]:
    """The Flip Four cards set aside, then every line at the table."""
    controls: list[ft.Control] = []
    four = last_flip_four(rnd.events)
    if four is not None:
        aside = rnd.zones().get("set_aside", [])
        controls.append(flip_four_strip(state, four, aside))
    pend = rnd.pending
    to_move = pend.player if pend is not None else None
    controls += [seat_row(state, rnd, seat, to_move) for seat in range(rnd.players)]
    return controls
