"""The board on a guest screen of a table with no computer (issue 39): the
served board (:func:`companion.app.board.board_view`) with the digital round
drawn from what the host sends (:class:`~companion.tablelink.state.TableView`),
since a guest never holds the engine's ``Round``."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from companion.app.board import (
    FLIP7,
    STATUS_WORDS,
    Board,
    DealtRound,
    Seat,
    board_of,
    board_view,
)
from companion.app.open_game import GameState
from companion.i18n import _
from companion.rules import Status
from companion.tablelink.state import TableView

if TYPE_CHECKING:
    from companion.app.session import AppState


def mirror_board(state: GameState, table: TableView | None) -> Board:
    board = board_view(state)
    dealt = mirror_dealt(state, table)
    if dealt is None:
        return board
    draft = state.draft
    idle = draft.editing is None and draft.empty and not draft.done
    return replace(board, dealt=dealt, entry=None if idle else board.entry)


def mirror_dealt(state: GameState, table: TableView | None) -> DealtRound | None:
    """The digital round on the table while it is dealt (not its summary)."""
    if table is None or table.summary:
        return None
    names, bots = state.sheet.names(), state.digital.bots

    def name(seat: int) -> str:
        return names.get(table.ids[seat]) or _("Seat {n}").format(n=seat + 1)

    turn = ""
    if table.pending is not None:
        who = name(table.pending)
        words = _("{name}'s turn") if table.kind == "turn" else _("{name} decides")
        turn = words.format(name=who)
    seats = tuple(
        Seat(
            name=name(i),
            cards=table.lines[i],
            face_down=table.face_down[i],
            status=FLIP7
            if table.flip7 == i
            else STATUS_WORDS.get(Status(table.statuses[i]), table.statuses[i]),
            score=table.scores[i].total,
            to_move=table.pending == i,
            computer=table.ids[i] in bots,
        )
        for i in range(len(table.ids))
    )
    return DealtRound(len(state.sheet.rounds) + 1, name(table.dealer), turn, seats)


def board_screen_of(session: AppState) -> Board | None:
    """The board of the game a session shows: a table guest's from its mirror."""
    link, watch = session.link, session.watch
    if link is None or watch is None:
        return board_of(session)
    return mirror_board(watch.state, link.table)
