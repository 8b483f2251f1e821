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

from dataclasses import astuple, dataclass, field
from typing import Any

from companion.app.entry import RoundDraft
from companion.app.open_game import GameState
from companion.app.seats import Seats
from companion.rules import LineScore, Round, Sheet
from companion.share.errors import ShareCodeError
from companion.share.meta import ShareMeta
from companion.share.schema import sheet_from_json, sheet_to_json

from .wire import BadMessage

MAX_SEATS = 32
# LineScore's fields in order, by type (sent as a list: compact).
SCORE_FIELDS = (int, int, int, int, int, bool, bool, bool, int, bool, bool, int)
STATUSES = ("active", "stayed", "busted", "out")
KINDS = ("turn", "target", "modifier", "steal", "swap", "discard", "flip7")


@dataclass(frozen=True)
class TableView:
    """The digital round as every player at the table sees it: what lies
    face up (lines, face-down cards dealt to a line, the discard pile's
    size), whose decision is pending and its choices, each line's score
    steps (the chain is worded by each phone), and the deck's size only."""

    ids: tuple[str, ...]  # seat -> player id
    lines: tuple[tuple[str, ...], ...]
    statuses: tuple[str, ...]
    pending: int | None  # the seat to decide
    choices: tuple[str, ...]
    flip7: int | None
    deck_size: int
    dealer: int = 0
    step: int = 0  # choices made so far
    discard: int = 0
    kind: str | None = None  # the pending decision's kind (rules.Decision)
    card: str | None = None  # the card it is about
    face_down: tuple[tuple[str, ...], ...] = ()
    scores: tuple[LineScore, ...] = ()
    over: bool = False
    summary: bool = False  # the round just recorded (its summary), not in play

    @staticmethod
    def of(ids: list[str], rnd: Round, summary: bool = False) -> TableView:
        seats = range(rnd.players)
        pend = rnd.pending
        return TableView(
            tuple(ids),
            tuple(tuple(rnd.line(i)) for i in seats),
            tuple(str(rnd.status(i)) for i in seats),
            None if pend is None else pend.player,
            tuple(rnd.legal()),
            rnd.flip7,
            rnd.deck_size(),
            rnd.dealer,
            len(rnd.choices),
            len(rnd.zones()["discard"]),
            None if pend is None else str(pend.kind),
            None if pend is None else pend.card or None,
            tuple(tuple(rnd.face_down(i)) for i in seats),
            tuple(rnd.line_score(i) for i in seats),
            rnd.over,
            summary,
        )


@dataclass(frozen=True)
class Mirror:
    sheet: Sheet
    draft: RoundDraft
    seats: Seats
    table: TableView | None
    bots: dict[str, str] = field(default_factory=dict)  # computer players' levels
    purist: bool = False
    tie_break: bool = False  # the digital round is a tie-break


def game_body(state: GameState) -> dict[str, Any]:
    """The revision's state as :class:`~.wire.Revision` carries it."""
    d, seats = state.digital, state.seats
    rnd = d.round or d.last
    ids = d.ids if d.round is not None else d.last_ids
    table = None if rnd is None else TableView.of(ids, rnd, d.round is None)
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
        "digital": {"bots": dict(d.bots), "purist": d.purist, "tb": d.tie_break},
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
        "dealer": view.dealer,
        "step": view.step,
        "discard": view.discard,
        "kind": view.kind,
        "card": view.card,
        "down": view.face_down,
        "scores": [astuple(score) for score in view.scores],
        "over": view.over,
        "summary": view.summary,
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
        digital = body["digital"]
        bots = _levels(digital["bots"])
        purist, tie_break = _bool(digital["purist"]), _bool(digital["tb"])
    except (ShareCodeError, KeyError, TypeError, ValueError, AttributeError) as exc:
        raise BadMessage(f"an odd state: {exc}") from exc
    return Mirror(sheet, draft, seats, table, bots, purist, tie_break)


def _levels(value: Any) -> dict[str, str]:
    if not isinstance(value, dict) or len(value) > MAX_SEATS:
        raise ValueError("no computer players")
    return dict(zip(value, _strs(list(value.values())), strict=True))


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("not a yes or no")
    return value


def _count(value: Any, most: int = 216) -> int:
    if type(value) is not int or not 0 <= value <= most:
        raise ValueError("not a count")
    return value


def _text(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 64:
        raise ValueError("not text")
    return value


def _score(value: Any) -> LineScore:
    if not isinstance(value, list) or len(value) != len(SCORE_FIELDS):
        raise ValueError("not a score")
    for item, kind in zip(value, SCORE_FIELDS, strict=True):
        if type(item) is not kind or (isinstance(item, int) and abs(item) > 10_000):
            raise ValueError("not a score")
    return LineScore(*value)


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
    size = len(ids)
    kind = _text(data["kind"])
    if kind is not None and kind not in KINDS:
        raise ValueError("no such decision")
    down = tuple(_strs(cards, 40) for cards in data["down"])
    scores = tuple(_score(score) for score in data["scores"])
    if len(down) != size or len(scores) != size:
        raise ValueError("seats do not match")
    return TableView(
        ids,
        lines,
        statuses,
        _seat(data["pending"], size),
        _strs(data["choices"], 200),
        _seat(data["flip7"], size),
        _count(data["deck"]),
        _count(_seat(data["dealer"], size)),
        _count(data["step"], 10_000),
        _count(data["discard"]),
        kind,
        _text(data["card"]),
        down,
        scores,
        _bool(data["over"]),
        _bool(data["summary"]),
    )
