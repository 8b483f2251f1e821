"""Property tests: decode refuses anything with ShareCodeError only, never
writes anything, and any game the sheet can hold round-trips."""

from __future__ import annotations

import builtins
import os
import random
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from share_games import META_FULL, random_game, standard_game

from companion.rules import ALL_CODES, Entry, Player, RoundRecord, Rules, Sheet
from companion.rules.names import name_fault
from companion.rules.sheet import MAX_NAME
from companion.share import ShareCodeError, ShareMeta, decode, encode
from companion.share.schema import sheet_to_json
from companion.share.sharecode import PREFIX, _seal

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=30,
)


def decode_or_refuse(data: str | bytes) -> None:
    try:
        sheet, meta = decode(data)
    except ShareCodeError as exc:
        assert exc.message and isinstance(exc, ValueError)
    else:  # a lucky valid input must then be a real, encodable game
        assert isinstance(sheet, Sheet) and isinstance(meta, ShareMeta)
        sheet.totals()
        summary_ok = encode(sheet, meta)
        assert summary_ok.startswith(PREFIX)


@given(st.binary(max_size=400))
def test_random_bytes(data: bytes) -> None:
    decode_or_refuse(data)
    decode_or_refuse(PREFIX.encode() + data)


@given(st.text(max_size=200))
def test_random_text(text: str) -> None:
    decode_or_refuse(text)
    decode_or_refuse(PREFIX + text)


@given(json_values)
def test_random_json_sealed_with_a_valid_checksum(value: Any) -> None:
    decode_or_refuse(_seal({"v": 1, "x": value}))
    if isinstance(value, dict):
        decode_or_refuse(_seal(value))


GOOD = encode(random_game(4, 6, seed=9), META_FULL)
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=:!"


@given(st.data())
def test_mutated_codes(data: st.DataObject) -> None:
    code = GOOD
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(len(PREFIX), len(code)))
        j = data.draw(st.integers(i, min(len(code), i + 8)))
        new = data.draw(st.text(ALPHABET, max_size=4))
        code = code[:i] + new + code[j:]
    decode_or_refuse(code)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, (*path, i))


BASE = sheet_to_json(standard_game(), META_FULL)
BASE_PATHS = [p for p in _paths(BASE) if p]


@given(st.sampled_from(BASE_PATHS), json_values)
def test_mutated_game_json_with_valid_checksum(path: tuple[Any, ...], new: Any) -> None:
    data = sheet_to_json(standard_game(), META_FULL)
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    decode_or_refuse(_seal(data))


# --- any game the sheet can hold round-trips ------------------------------------
names = st.text(
    st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=MAX_NAME
).filter(lambda name: bool(name.strip()) and name_fault(name) is None)
entries = st.builds(
    Entry,
    cards=st.lists(st.sampled_from(ALL_CODES), max_size=12).map(tuple),
    busted=st.booleans(),
    typed=st.none() | st.integers(-500, 500),
    attacked=st.booleans(),
    sent_attack=st.booleans(),
)


@st.composite
def sheets(draw: st.DrawFn) -> Sheet:
    decks = draw(st.sampled_from([1, 2]))
    n = draw(st.integers(2, 18 * decks))
    players = tuple(
        Player(f"p{i + 1}", draw(names), draw(st.integers(-50, 300)), True)
        for i in range(n)
    )
    gone = draw(st.lists(st.integers(0, n - 1), max_size=n - 2, unique=True))
    players = tuple(
        Player(p.id, p.name, p.start, i not in gone) for i, p in enumerate(players)
    )
    ids = [p.id for p in players]
    rules = Rules(
        brutal=draw(st.booleans()),
        target=draw(st.integers(1, 100_000)),
        decks=decks,
        lucky_pair_counts_two=draw(st.booleans()),
        tie_break=draw(st.booleans()),
    )
    rounds = []
    for _ in range(draw(st.integers(0, 6))):
        who = draw(st.lists(st.sampled_from(ids), min_size=1, unique=True))
        rounds.append(
            RoundRecord(
                draw(st.sampled_from(ids)),
                tuple((pid, draw(entries)) for pid in who),
                digital=draw(st.booleans()),
                tie_break=draw(st.booleans()),
            )
        )
    return Sheet(players, rules, draw(st.sampled_from(ids)), tuple(rounds))


metas = st.builds(
    ShareMeta,
    title=st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=80),
    created=st.none() | st.dates() | st.datetimes(),
)


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(sheets(), metas)
def test_any_sheet_round_trips(sheet: Sheet, meta: ShareMeta) -> None:
    assert decode(encode(sheet, meta)) == (sheet, meta)


# --- decode is pure ------------------------------------------------------------
@contextmanager
def no_writes(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"decode tried to touch the disk: {args!r}")

    real_open = builtins.open

    def guarded_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if any(ch in mode for ch in "wax+"):
            refuse(file, mode)
        return real_open(file, mode, *args, **kwargs)

    with monkeypatch.context() as m:
        m.setattr(builtins, "open", guarded_open)
        for name in ("open", "write", "replace", "rename", "remove", "mkdir"):
            m.setattr(os, name, refuse)
        yield


def test_decode_is_pure(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    good = encode(random_game(5, 5), META_FULL)
    rng = random.Random(7)
    inputs: list[str | bytes] = [good, good.encode(), good[:-3], "junk", b"\xff"]
    inputs += [bytes(rng.randrange(256) for _ in range(64)) for _ in range(50)]
    monkeypatch.chdir(tmp_path)
    before = list(tmp_path.iterdir())
    with no_writes(monkeypatch):
        for data in inputs:
            with suppress(ShareCodeError):
                decode(data)
        first = decode(good)
        assert decode(good) == first  # same input, same answer
    assert list(tmp_path.iterdir()) == before
