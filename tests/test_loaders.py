"""The loaders refuse anything odd with DocumentError only, files
of the released 0.1.0 format still load, and every game a share code
imports also opens, renders its sheet and exports the same code."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from drive import drive
from hypothesis import HealthCheck, currently_in_test_context, event, given, settings
from hypothesis import strategies as st
from share_games import (
    META_DATE,
    META_FULL,
    META_PLAIN,
    brutal_game,
    random_game,
    shared_win_game,
    standard_game,
    tiebreak_game,
    typed_and_roster_game,
)
from test_share_fuzz import BASE_PATHS, _paths, json_values

from companion.app import AppState, banner, share_meta, standings
from companion.app.views.sheet import score_cell
from companion.rules import Rules
from companion.share import ShareCodeError, ShareMeta, decode, encode
from companion.share.schema import sheet_to_json
from companion.share.sharecode import _seal
from companion.store import DocumentError, GameRecord, GameStore
from companion.store.records import GameSummary


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


FIXTURE = Path(__file__).parent / "fixtures" / "store-0.1.0"
GOOD_DOC = GameRecord("g1", standard_game(), "2025", "2025").to_doc()


def test_files_of_the_0_1_0_format_load(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(FIXTURE, data)
    store = GameStore(data)
    assert store.warnings == [] and store.folder_problem is None
    games = {tuple(g.players): g for g in store.list_games()}
    assert set(games) == {("Ann", "Bob"), ("Cy", "Dee", "Eve")}
    state = AppState(store)
    assert state.open_game(games["Ann", "Bob"].id) is None
    assert state.alerts == [] and state.entry.draft is not None
    assert state.entry.draft.lines == {"p1": ["7"]}  # the round being tapped in
    assert state.open_game(games["Cy", "Dee", "Eve"].id) is None
    assert state.alerts == [] and state.digital.round is not None


def test_a_tie_break_round_saved_under_the_old_key_still_loads(
    tmp_path: Path,
) -> None:
    """Files saved before the names were unified mark a tie-break round
    ``"tiebreak": true``; it still opens as one, and is saved back under
    the new key ``tie_break``."""
    data = tmp_path / "data"
    shutil.copytree(FIXTURE, data)
    path = data / "games" / "20261130-112230-f8351a.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    sheet = doc["game"]["1"]["sheet"]
    sheet["rules"]["target"] = 10
    sheet["rounds"] = [
        {"dealer": "p1", "entries": {"p1": {"cards": ["12"]}, "p2": {"cards": ["12"]}}},
        {"dealer": "p2", "tiebreak": True, "entries": {"p1": {"cards": ["3"]}}},
    ]
    path.write_text(json.dumps(doc), encoding="utf-8")
    store = GameStore(data)
    assert store.warnings == []
    record = store.load("20261130-112230-f8351a")
    first, second = record.sheet.rounds
    assert not first.tie_break and second.tie_break
    saved = record.sheet.to_dict()["rounds"][1]
    assert saved["tie_break"] is True and "tiebreak" not in saved


def _load_or_refuse(value: Any) -> None:
    try:
        record = GameRecord.from_doc(value)
    except DocumentError:
        return
    record.sheet.next_dealer()
    record.summary()


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(json_values)
def test_game_loader_raises_only_document_error(value: Any) -> None:
    _load_or_refuse(value)
    _load_or_refuse({**GOOD_DOC, "sheet": value})
    with contextlib.suppress(DocumentError):
        GameSummary.from_dict(value)


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.sampled_from(sorted(GOOD_DOC["sheet"])), json_values)
def test_sheet_with_any_value_changed_loads_or_is_refused(key: str, new: Any) -> None:
    doc = json.loads(json.dumps(GOOD_DOC))
    doc["sheet"][key] = new
    _load_or_refuse(doc)


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.text(max_size=200) | st.binary(max_size=200))
def test_store_opens_on_any_game_file(text: str | bytes) -> None:
    raw = text if isinstance(text, str) else text.decode("latin-1")
    files = {"games/g1.json": raw}
    store = GameStore.memory(files)
    for game in store.list_games():
        store.load(game.id)


# --- whatever imports also opens --------------------------------------------------
def _event(text: str) -> None:
    """Count ``text`` in Hypothesis's statistics (--hypothesis-show-statistics)."""
    if currently_in_test_context():
        event(text)


def _opens_and_exports_the_same(code: str) -> bool:
    """Import ``code`` as a person would, open the game and compute what the
    sheet screen shows, then export it from the share screen's path: the
    same game, as the canonical code of what was accepted. False: refused."""
    try:
        sheet, meta = decode(code)
    except ShareCodeError:
        _event("refused")
        return False
    state = AppState(GameStore.memory())
    assert (
        drive(state.act(state.library.import_code, code)) is None
        and state.library.imported_id is not None
    )
    assert state.open_game(state.library.imported_id) is None and state.alerts == []
    assert state.sheet == sheet and state.entry.draft is not None
    # What the sheet screen renders: the table, the banner or the standings,
    # the next dealer and the round being entered.
    # (the table itself is a Flet component; its every cell comes from score_cell)
    for rec in state.sheet.rounds:
        for p in state.sheet.players:
            score_cell(state.sheet, rec, p.id)
    banner(state.sheet)
    if state.sheet.over:
        assert standings(state.sheet) and sheet.winners()
    else:
        assert sheet.end().over is False
        state.sheet.next_dealer()
        standings(state.sheet)
    record = state.store.load(state.library.imported_id)
    export = encode(record.sheet, share_meta(record))  # as the share screen
    assert export == encode(sheet, meta)
    assert decode(export) == (sheet, meta)
    _event("accepted: " + ("same bytes" if export == code else "canonical form"))
    return True


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None, max_examples=200)
@given(st.sampled_from(BASE_PATHS), json_values)
def test_every_accepted_code_opens(path: tuple[Any, ...], new: Any) -> None:
    data = sheet_to_json(standard_game(), META_FULL)
    _change(data, path, new)
    _opens_and_exports_the_same(_seal(data))


DELETE = object()  # a change that removes the part instead
FUZZ_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "1000"))  # ~40 % accepted
GAMES = [
    standard_game(),
    brutal_game(),
    tiebreak_game(),
    shared_win_game(),
    typed_and_roster_game(),
    random_game(4, 6, seed=9),
    random_game(6, 5, seed=2, rules=Rules(brutal=True, target=150)),
    random_game(20, 3, seed=4, rules=Rules(decks=2)),
    random_game(3, 4, seed=5, digital_every=2),
]
BASES = [
    sheet_to_json(game, meta)
    for game in GAMES
    for meta in (META_FULL, META_PLAIN, META_DATE)
]


def _kind(path: tuple[Any, ...]) -> tuple[Any, ...]:
    """A part's kind: its path, any item of a list but the last step (a
    player's seat, name, start and flag are each their own kind)."""
    return (*("#" if isinstance(key, int) else key for key in path[:-1]), path[-1])


POOLS: dict[tuple[Any, ...], list[str]] = {}  # the values each kind of part takes
for base in BASES:
    for p in _paths(base):
        if p:
            POOLS.setdefault(_kind(p), []).append(json.dumps(_at(base, p)))
POOL = {kind: sorted(set(values)) for kind, values in POOLS.items()}


@st.composite
def plausible_codes(draw: st.DrawFn) -> str:
    """A real game's code with 1 to 3 parts changed, mostly to a value that
    part takes in another game (a round, a line, a name, a dealer...), else
    removed, a number or any JSON: many are accepted, which is the point."""
    data = json.loads(json.dumps(draw(st.sampled_from(BASES))))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from([p for p in _paths(data) if p]))
        how = draw(st.integers(0, 11))
        if how == 0:
            new: Any = DELETE
        elif how == 1:
            new = draw(st.integers(-100, 400))
        elif how == 2:
            new = draw(json_values)
        else:
            new = json.loads(draw(st.sampled_from(POOL.get(_kind(path), ["null"]))))
        _change(data, path, new)
    return _seal(data)


def _change(data: Any, path: tuple[Any, ...], new: Any) -> None:
    target = _at(data, path[:-1])
    if new is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = new


@settings(
    suppress_health_check=[HealthCheck.too_slow],
    deadline=None,
    max_examples=FUZZ_EXAMPLES,
)
@given(plausible_codes())
def test_every_accepted_code_opens_plausible_changes(code: str) -> None:
    _opens_and_exports_the_same(code)


def test_an_imported_game_without_a_date_exports_without_one() -> None:
    data = sheet_to_json(standard_game(), META_FULL)
    del data["meta"]["created"]
    code = _seal(data)
    assert _opens_and_exports_the_same(code)
    state = AppState(GameStore.memory())
    drive(state.act(state.library.import_code, code))
    (game,) = state.store.list_games()  # listed on the day it came in
    today = ShareMeta(created=datetime.now(UTC).date()).day_text()
    assert state.library.game_day(game) == today


def test_codes_that_crashed_on_open_are_refused() -> None:
    data = sheet_to_json(standard_game(), META_FULL)
    data.update(first_dealer=None, rounds=[])
    try:
        decode(_seal(data))
    except ShareCodeError as exc:
        assert "first dealer" in exc.message
    else:
        raise AssertionError("a code without a first dealer was accepted")
