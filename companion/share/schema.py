"""A sheet as compact JSON (schema version 1), and strict reading back.

Why not ``Sheet.to_dict``: a share code should fit a QR code for a typical
game, so rounds are lists that name players by their seat in ``players``
and lines are card codes joined by spaces. Why so strict when reading: the
data comes from outside the app; every value is type-checked and bounded,
and anything odd becomes a :class:`ShareCodeError` naming what is wrong,
never a KeyError or TypeError deep inside the rules core.

Layout (keys never abbreviated at the top level, so a person can read it)::

    {"v": 1, "meta": {"title": str, "created": iso},
     "rules": {"brutal": b, "target": n, "decks": n,
               "lucky_pair_counts_two": b, "tie_break": b},
     "players": [[id, name, start, seated], ...],
     "first_dealer": seat | null,
     "rounds": [[dealer_seat, flags, [[seat, "3 11 /2", flags, typed?], ...]]]}

Round flags: 1 digital, 2 tie-break. Entry flags: 1 busted, 2 attacked,
4 sent_attack.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from companion.rules import (
    CardParseError,
    Entry,
    Player,
    RoundRecord,
    Rules,
    Sheet,
    SheetError,
)
from companion.rules import card as parse_card
from companion.rules.config import RULE_KEYS
from companion.rules.names import FAULTS, name_fault
from companion.rules.sheet import MAX_NAME

from .errors import Reason, ShareCodeError
from .meta import MAX_TITLE, ShareMeta, date_from_text, date_to_text

SCHEMA_VERSION = 1
MAX_ROUNDS = 2000
MAX_CARDS_IN_LINE = 40
MAX_ID = 32
MAX_SCORE = 1_000_000  # bound for typed scores and start totals
TOP_KEYS = {"v", "meta", "rules", "players", "first_dealer", "rounds"}

_R_DIGITAL, _R_TIEBREAK = 1, 2
_E_BUSTED, _E_ATTACKED, _E_SENT = 1, 2, 4


def _bad(detail: str) -> ShareCodeError:
    return ShareCodeError(Reason.INVALID_GAME, detail)


# --- writing -----------------------------------------------------------------
def _entry_out(seat: int, e: Entry) -> list[Any]:
    flags = (
        (_E_BUSTED if e.busted else 0)
        | (_E_ATTACKED if e.attacked else 0)
        | (_E_SENT if e.sent_attack else 0)
    )
    out: list[Any] = [seat, " ".join(e.cards), flags]
    if e.typed is not None:
        out.append(e.typed)
    return out


def sheet_to_json(sheet: Sheet, meta: ShareMeta) -> dict[str, Any]:
    """The compact schema-1 object for ``sheet`` and ``meta``."""
    seat = {p.id: i for i, p in enumerate(sheet.players)}
    meta_out: dict[str, Any] = {}
    if meta.title:
        meta_out["title"] = meta.title
    if meta.created is not None:
        meta_out["created"] = date_to_text(meta.created)
    rounds = []
    for rec in sheet.rounds:
        flags = (_R_DIGITAL if rec.digital else 0) | (
            _R_TIEBREAK if rec.tie_break else 0
        )
        entries = [_entry_out(seat[pid], e) for pid, e in rec.entries]
        rounds.append([seat[rec.dealer], flags, entries])
    return {
        "v": SCHEMA_VERSION,
        "meta": meta_out,
        "rules": {key: getattr(sheet.rules, key) for key in RULE_KEYS},
        "players": [[p.id, p.name, p.start, p.seated] for p in sheet.players],
        "first_dealer": seat.get(sheet.first_dealer),
        "rounds": rounds,
    }


# --- reading -------------------------------------------------------------------
def _int(value: Any, what: str, lo: int = -MAX_SCORE, hi: int = MAX_SCORE) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise _bad(f"{what} must be a whole number from {lo} to {hi}")
    return value


def _bool(value: Any, what: str) -> bool:
    if type(value) is not bool:
        raise _bad(f"{what} must be true or false")
    return value


def _list(value: Any, what: str, lo: int, hi: int) -> list[Any]:
    if type(value) is not list or not lo <= len(value) <= hi:
        raise _bad(f"{what} must be a list of {lo} to {hi} items")
    return value


def _text(value: Any, what: str, hi: int, *, empty: bool = False) -> str:
    if type(value) is not str or len(value) > hi or (not empty and not value.strip()):
        raise _bad(f"{what} must be text of {0 if empty else 1} to {hi} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in value):
        raise _bad(f"{what} holds control characters")
    return value


def _name(value: Any) -> str:
    """A player name, by the rule the app takes names by at the door
    (``companion/rules/names.py``): what was typed in can be shared."""
    name = _text(value, "a player name", MAX_NAME)
    fault = name_fault(name)
    if fault is not None:
        raise _bad(f"a player name {FAULTS[fault]}")
    return name


def _meta(value: Any) -> ShareMeta:
    if type(value) is not dict or not set(value) <= {"title", "created"}:
        raise _bad("the game's title and date are not readable")
    title = _text(value.get("title", ""), "the title", MAX_TITLE, empty=True)
    created = None
    if "created" in value:
        raw = _text(value["created"], "the date", 40)
        try:
            created = date_from_text(raw)
        except ValueError:
            raise _bad(f"{raw!r} is not a date") from None
    return ShareMeta(title, created)


def _rules(value: Any) -> Rules:
    if type(value) is not dict or set(value) != set(RULE_KEYS):
        raise _bad("the house rules are not readable")
    try:
        return Rules(
            brutal=_bool(value["brutal"], "brutal"),
            target=_int(value["target"], "the target", 1, 100_000),
            decks=_int(value["decks"], "decks", 1, 2),
            lucky_pair_counts_two=_bool(value["lucky_pair_counts_two"], "lucky"),
            tie_break=_bool(value["tie_break"], "tie_break"),
        )
    except ValueError as exc:
        if isinstance(exc, ShareCodeError):
            raise
        raise _bad(str(exc)) from None


def _players(value: Any, rules: Rules) -> tuple[Player, ...]:
    rows = _list(value, "players", 2, 4 * rules.max_players)
    players = []
    for row in rows:
        pid, name, start, seated = _list(row, "a player", 4, 4)
        players.append(
            Player(
                _text(pid, "a player id", MAX_ID),
                _name(name),
                _int(start, "a starting total"),
                _bool(seated, "seated"),
            )
        )
    if len({p.id for p in players}) != len(players):
        raise _bad("two players have the same id")
    if not 2 <= sum(p.seated for p in players) <= rules.max_players:
        raise _bad(f"the table must seat 2 to {rules.max_players} players")
    return tuple(players)


def _cards(value: Any) -> tuple[str, ...]:
    tokens = _text(value, "a line of cards", 8 * MAX_CARDS_IN_LINE, empty=True)
    codes = tokens.split(" ") if tokens else []
    if len(codes) > MAX_CARDS_IN_LINE:
        raise _bad("a line holds too many cards")
    try:
        return tuple(parse_card(c).code for c in codes)
    except CardParseError as exc:
        raise _bad(f"{exc.token!r} is not a card") from None


def _entry(row: Any, ids: tuple[str, ...]) -> tuple[str, Entry]:
    items = _list(row, "a player's round", 3, 4)
    seat = _int(items[0], "a player seat", 0, len(ids) - 1)
    flags = _int(items[2], "entry flags", 0, 7)
    typed = _int(items[3], "a typed score") if len(items) == 4 else None
    entry = Entry(
        cards=_cards(items[1]),
        busted=bool(flags & _E_BUSTED),
        typed=typed,
        attacked=bool(flags & _E_ATTACKED),
        sent_attack=bool(flags & _E_SENT),
    )
    return ids[seat], entry


def _round(row: Any, ids: tuple[str, ...]) -> RoundRecord:
    dealer, flags, entries = _list(row, "a round", 3, 3)
    seat = _int(dealer, "the dealer's seat", 0, len(ids) - 1)
    flags = _int(flags, "round flags", 0, 3)
    pairs = tuple(_entry(e, ids) for e in _list(entries, "a round", 1, len(ids)))
    if len({pid for pid, _ in pairs}) != len(pairs):
        raise _bad("a player appears twice in one round")
    return RoundRecord(
        ids[seat], pairs, bool(flags & _R_DIGITAL), bool(flags & _R_TIEBREAK)
    )


def sheet_from_json(data: Any) -> tuple[Sheet, ShareMeta]:
    """Read a schema-1 object; anything unexpected is a ShareCodeError."""
    if type(data) is not dict:
        raise _bad("the game data is not an object")
    version = data.get("v")
    if type(version) is int and version > SCHEMA_VERSION:
        raise ShareCodeError(Reason.NEWER_VERSION)
    if version != SCHEMA_VERSION or type(version) is not int:
        raise _bad("the data version is missing")
    if set(data) != TOP_KEYS:
        raise _bad("the game data has missing or unknown parts")
    meta = _meta(data["meta"])
    rules = _rules(data["rules"])
    players = _players(data["players"], rules)
    ids = tuple(p.id for p in players)
    first = data["first_dealer"]
    first_id = (
        "" if first is None else ids[_int(first, "first dealer", 0, len(ids) - 1)]
    )
    rounds = tuple(
        _round(r, ids) for r in _list(data["rounds"], "rounds", 0, MAX_ROUNDS)
    )
    sheet = Sheet(players, rules, first_id, rounds)
    try:
        sheet.check()  # the store's own check: whatever imports also opens
    except SheetError as exc:
        raise _bad(str(exc).rstrip(".")) from None
    return sheet, meta
