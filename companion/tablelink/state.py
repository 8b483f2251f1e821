"""What a guest's mirror is shown: the host's game as the table may see it.

Why not the game's stored form (``Digital.to_dict``, what the game file
holds): it carries the digital round's deck, top first, and its seed, so a
guest's phone would know the next cards. The mirror gets a projection of
what lies face up: the score sheet (in the share schema of
:mod:`companion.share.schema`: compact, and read back strictly, which data
from the network needs), the round being tapped in, who holds which seat,
and the digital round's lines, statuses and pending choices. Everything is
read back strictly: a message that opened under the room key still comes
from a phone, not from the host's own memory.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.app.entry import RoundDraft
from companion.app.open_game import GameState
from companion.app.seats import Seats
from companion.rules import Round, Sheet
from companion.share.errors import ShareCodeError
from companion.share.meta import ShareMeta
from companion.share.schema import sheet_from_json, sheet_to_json

from .wire import BadMessage

MAX_SEATS = 32
STATUSES = ("active", "stayed", "busted", "out")


@dataclass(frozen=True)
class TableView:
    """The digital round as every player at the table sees it."""

    ids: tuple[str, ...]  # seat -> player id
    lines: tuple[tuple[str, ...], ...]
    statuses: tuple[str, ...]
    pending: int | None  # the seat to decide
    choices: tuple[str, ...]
    flip7: int | None
    deck_size: int

    @staticmethod
    def of(ids: list[str], rnd: Round) -> TableView:
        seats = range(rnd.players)
        return TableView(
            tuple(ids),
            tuple(tuple(rnd.line(i)) for i in seats),
            tuple(str(rnd.status(i)) for i in seats),
            None if rnd.pending is None else rnd.pending.player,
            tuple(rnd.legal()),
            rnd.flip7,
            rnd.deck_size(),
        )


@dataclass(frozen=True)
class Mirror:
    sheet: Sheet
    draft: RoundDraft
    seats: Seats
    table: TableView | None


def game_body(state: GameState) -> dict[str, Any]:
    """The revision's state as :class:`~.wire.Revision` carries it."""
    rnd, seats = state.digital.round, state.seats
    table = None if rnd is None else TableView.of(state.digital.ids, rnd)
    return {
        "sheet": sheet_to_json(state.sheet, ShareMeta()),
        "draft": state.draft.to_dict(),
        "seats": {
            "claims": dict(seats.claims),
            "away": sorted(seats.away),
            "scorers": sorted(seats.scorers),
            "late": seats.late_joins,
        },
        "table": None if table is None else _table_out(table),
    }


def _table_out(view: TableView) -> dict[str, Any]:
    return {
        "ids": view.ids,
        "lines": view.lines,
        "st": view.statuses,
        "pending": view.pending,
        "choices": view.choices,
        "flip7": view.flip7,
        "deck": view.deck_size,
    }


def read_body(body: Any) -> Mirror:
    """The mirror of a revision's state; :class:`BadMessage` when odd."""
    if not isinstance(body, dict):
        raise BadMessage("no state")
    try:
        sheet, _meta = sheet_from_json(body.get("sheet"))
        draft = RoundDraft.from_dict(body["draft"])
        seats = _seats(body["seats"])
        table = None if body.get("table") is None else _table(body["table"])
    except (ShareCodeError, KeyError, TypeError, ValueError, AttributeError) as exc:
        raise BadMessage(f"an odd state: {exc}") from exc
    return Mirror(sheet, draft, seats, table)


def _strs(value: Any, limit: int = MAX_SEATS) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > limit:
        raise ValueError("not a list")
    if not all(isinstance(v, str) and len(v) <= 64 for v in value):
        raise ValueError("not text")
    return tuple(value)


def _seat(value: Any, size: int) -> int | None:
    if value is None:
        return None
    if type(value) is not int or not 0 <= value < size:
        raise ValueError("not a seat")
    return value


def _seats(data: Any) -> Seats:
    claims = data["claims"]
    if not isinstance(claims, dict) or len(claims) > MAX_SEATS:
        raise ValueError("no claims")
    pairs = {str(k): v for k, v in claims.items() if isinstance(v, str)}
    if len(pairs) != len(claims) or not isinstance(data["late"], bool):
        raise ValueError("odd claims")
    away, scorers = frozenset(_strs(data["away"])), frozenset(_strs(data["scorers"]))
    return Seats(pairs, away, scorers, data["late"])


def _table(data: Any) -> TableView:
    ids = _strs(data["ids"])
    lines = tuple(_strs(line, 40) for line in data["lines"])
    statuses = _strs(data["st"])
    if len(lines) != len(ids) or len(statuses) != len(ids):
        raise ValueError("seats do not match")
    if any(s not in STATUSES for s in statuses):
        raise ValueError("no such status")
    deck = data["deck"]
    if type(deck) is not int or not 0 <= deck <= 216:
        raise ValueError("no deck size")
    return TableView(
        ids,
        lines,
        statuses,
        _seat(data["pending"], len(ids)),
        _strs(data["choices"], 200),
        _seat(data["flip7"], len(ids)),
        deck,
    )
