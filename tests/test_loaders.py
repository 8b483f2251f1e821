"""Issue 14: the loaders refuse anything odd with DocumentError only, files
of the released 0.1.0 format still load, and every game a share code
imports also opens, renders its sheet and exports the same code."""

from __future__ import annotations

import contextlib
import json
import shutil
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from share_games import META_FULL, standard_game
from test_share_fuzz import BASE_PATHS, json_values

from companion.rules import Sheet
from companion.share import ShareCodeError, decode, encode
from companion.share.schema import sheet_to_json
from companion.share.sharecode import _seal
from companion.store import DocumentError, GameRecord, GameStore
from companion.store.records import GameSummary
from companion.ui.state import AppState
from companion.ui.state_views import standings

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
    assert state.alerts == [] and state.draft is not None
    assert state.draft.lines == {"p1": ["7"]}  # the round being tapped in
    assert state.open_game(games["Cy", "Dee", "Eve"].id) is None
    assert state.alerts == [] and state.digital.round is not None


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
def _opens_and_exports_the_same(code: str) -> None:
    try:
        sheet, meta = decode(code)
    except ShareCodeError:
        return
    assert Sheet.from_dict(sheet.to_dict()) == sheet  # the store's loader
    state = AppState(GameStore.memory())
    assert state.import_code(code) is None and state.imported_id is not None
    assert state.open_game(state.imported_id) is None
    assert state.sheet == sheet
    standings(sheet)
    sheet.next_dealer()
    assert encode(sheet, meta) == encode(*decode(encode(sheet, meta)))


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None, max_examples=200)
@given(st.sampled_from(BASE_PATHS), json_values)
def test_every_accepted_code_opens(path: tuple[Any, ...], new: Any) -> None:
    data = sheet_to_json(standard_game(), META_FULL)
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    _opens_and_exports_the_same(_seal(data))


def test_codes_that_crashed_on_open_are_refused() -> None:
    data = sheet_to_json(standard_game(), META_FULL)
    data.update(first_dealer=None, rounds=[])
    try:
        decode(_seal(data))
    except ShareCodeError as exc:
        assert "first dealer" in exc.message
    else:
        raise AssertionError("a code without a first dealer was accepted")
