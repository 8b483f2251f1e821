"""The digital table on a guest phone of a table with no computer: the same
:class:`~companion.app.views.digital.DigitalView` the served app draws, built
from what the host sends (:class:`~companion.tablelink.state.TableView`)
instead of the engine's ``Round``, which a guest never holds (its deck would
tell the next cards).

What the face-up table lacks is left out plainly: the round's log in words
and the Flip Four strip (the lines show their cards), and the advisor (its
odds need the host's game).
"""

from __future__ import annotations

from companion.app.access import Role
from companion.app.live import LiveSeat
from companion.app.open_game import GameState
from companion.app.views.choices import describe_all, prompt
from companion.app.views.digital import DigitalView, LineView, Seat, Turn, drawn_line
from companion.rules import Decision, Status
from companion.tablelink.state import TableView


def mirror_digital_view(
    table: TableView | None, state: GameState, seat: LiveSeat
) -> DigitalView | None:
    """The table as this phone sees it (None: no digital round on it)."""
    if table is None:
        return None
    names, bots = state.sheet.names(), state.digital.bots
    seats = tuple(
        Seat(
            names.get(pid, ""),
            pid in bots,
            state.seats.holder(pid) is not None,
            state.seats.present(pid),
        )
        for pid in table.ids
    )
    sheet = state.sheet
    saved = table.over and bool(sheet.rounds)
    return DigitalView(
        step=table.step,
        over=table.over,
        dealer=seats[table.dealer].name,
        deck=table.deck_size,
        discard=table.discard,
        lines=tuple(_line(table, i, seats[i].bot) for i in range(len(seats))),
        log=(),
        flip_four=None,
        number=len(sheet.rounds) + (0 if table.over else 1),
        tie_break=sheet.rounds[-1].tie_break if saved else state.digital.tie_break,
        seats=seats,
        turn=_turn(table, state, seat, seats),
        summary=table.summary,
        closes=table.summary and seat.scorer,
        can_deal_next=False,  # the host deals
        purist=state.digital.purist,
        advisor=None,
        advice=None,
    )


def _line(table: TableView, i: int, bot: bool) -> LineView:
    status, score = Status(table.statuses[i]), table.scores[i]
    face_down, line = table.face_down[i], table.lines[i]
    return drawn_line(status, score, table.flip7 == i, face_down, line, bot)


def _turn(
    table: TableView, state: GameState, seat: LiveSeat, seats: tuple[Seat, ...]
) -> Turn | None:
    at_seat = table.pending
    if at_seat is None or table.kind is None:
        return None
    pid, at = table.ids[at_seat], seats[at_seat]
    mine = seat.mine == pid
    voice = at_seat if mine else -1
    decide = mine and seat.access.role is not Role.BOARD
    busted = frozenset(
        i for i, s in enumerate(table.statuses) if s == str(Status.BUSTED)
    )
    options = tuple(
        describe_all(table.choices, voice, table.card, lambda i: seats[i].name, busted)
    )
    kind = Decision(table.kind)
    must_hit = all(o.choice != "stay" for o in options)
    return Turn(
        seat=at_seat,
        name=at.name,
        bot=at.bot,
        decide=decide,
        stand_in=False,
        present=at.present,
        voice=voice,
        options=options,
        prompt=prompt(kind, at.name, table.card, must_hit),
        card=table.card,
        hit_or_stay=kind is Decision.TURN,
    )
