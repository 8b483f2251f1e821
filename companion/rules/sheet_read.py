"""Strict reading of a saved score sheet (``Sheet.to_dict`` output).

Why strict: a sheet comes back from a file that anything may have changed
(a crash of another tool, a hand edit, a copy from an older app). Every key,
type and value is checked here, and the whole sheet must pass
:meth:`Sheet.check`, so a sheet that reads also opens: no KeyError or
TypeError later, deep inside a screen. Everything wrong is one
:class:`SheetError` naming the problem.

Keys that older files may lack (``rules``, ``rounds``, a player's ``start``
and ``seated``, an entry's flags) take their defaults: that is the forward
migration of earlier files.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from .cards import card
from .config import RULE_KEYS, Rules
from .sheet import Entry, Player, RoundRecord, Sheet, SheetError


def _error(detail: str) -> ValueError:
    return SheetError(f"The score sheet is not readable: {detail.rstrip('.')}.")


def _object(
    value: Any, what: str, required: set[str], optional: Collection[str] = ()
) -> Mapping[str, Any]:
    if type(value) is not dict:
        raise _error(f"{what} is not an object")
    missing, unknown = required - set(value), set(value) - required - set(optional)
    if missing:
        raise _error(f"{what} lacks {', '.join(sorted(missing))}")
    if unknown:
        raise _error(f"{what} has unknown keys {', '.join(sorted(map(str, unknown)))}")
    return value


def _int(value: Any, what: str) -> int:
    if type(value) is not int:
        raise _error(f"{what} is not a whole number")
    return value


def _bool(value: Any, what: str) -> bool:
    if type(value) is not bool:
        raise _error(f"{what} is not true or false")
    return value


def _text(value: Any, what: str) -> str:
    if type(value) is not str:
        raise _error(f"{what} is not text")
    return value


def _list(value: Any, what: str) -> list[Any]:
    if type(value) is not list:
        raise _error(f"{what} is not a list")
    return value


def read_rules(value: Any) -> Rules:
    data = _object(value, "the rules", set(), set(RULE_KEYS))
    args: dict[str, Any] = {}
    for key in RULE_KEYS:
        if key in data:
            check = _int if key in ("target", "decks") else _bool
            args[key] = check(data[key], f"the rule {key}")
    try:
        return Rules(**args)
    except ValueError as exc:
        raise _error(str(exc)) from None


def read_player(value: Any) -> Player:
    data = _object(value, "a player", {"id", "name"}, {"start", "seated"})
    return Player(
        _text(data["id"], "a player id"),
        _text(data["name"], "a player name"),
        _int(data.get("start", 0), "a starting total"),
        _bool(data.get("seated", True), "seated"),
    )


def read_entry(value: Any) -> Entry:
    """Strict: :class:`SheetError` for anything ``Entry.to_dict`` never
    writes."""
    flags = {"busted", "attacked", "sent_attack"}
    data = _object(value, "a player's round", set(), {"cards", "typed", *flags})
    codes = _list(data.get("cards", []), "a line of cards")
    texts = [_text(c, "a card") for c in codes]  # its own SheetError, once
    try:
        cards = tuple(card(c).code for c in texts)
    except ValueError as exc:
        raise _error(str(exc)) from None
    typed = data.get("typed")
    return Entry(
        cards=cards,
        busted=_bool(data.get("busted", False), "busted"),
        typed=None if typed is None else _int(typed, "a typed score"),
        attacked=_bool(data.get("attacked", False), "attacked"),
        sent_attack=_bool(data.get("sent_attack", False), "sent_attack"),
    )


def read_round(value: Any) -> RoundRecord:
    data = _object(
        value, "a round", {"dealer", "entries"}, {"digital", "tie_break", "tiebreak"}
    )
    entries = data["entries"]
    if type(entries) is not dict:
        raise _error("a round's entries are not an object of players")
    return RoundRecord(
        dealer=_text(data["dealer"], "a round's dealer"),
        entries=tuple((str(pid), read_entry(e)) for pid, e in entries.items()),
        digital=_bool(data.get("digital", False), "digital"),
        # "tiebreak": the old name of the key, in files saved before it was
        # unified with Rules.tie_break; still read, never written.
        tie_break=_bool(
            data.get("tie_break", data.get("tiebreak", False)), "tie_break"
        ),
    )


def read_sheet(value: Any) -> Sheet:
    """The sheet in ``value`` (``Sheet.to_dict``'s output), checked whole:
    every sheet that reads also opens; :class:`SheetError` if not."""
    data = _object(value, "the sheet", {"players", "first_dealer"}, {"rules", "rounds"})
    sheet = Sheet(
        players=tuple(read_player(p) for p in _list(data["players"], "players")),
        rules=read_rules(data.get("rules", {})),
        first_dealer=_text(data["first_dealer"], "the first dealer"),
        rounds=tuple(read_round(r) for r in _list(data.get("rounds", []), "rounds")),
    )
    sheet.check()
    return sheet
