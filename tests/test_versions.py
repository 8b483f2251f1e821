"""Every saved document carries its layout's version: the game file, the
round being entered and the digital round. One written by a newer app is
refused with a message that says so and is left where it is (an update
reads it); files without a version (0.1.0) still load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.app import AppState, Digital, RoundDraft
from companion.i18n import use
from companion.rules import Sheet
from companion.store import DocumentError, GameStore, NewerDocumentError, read_blob
from companion.store.records import DOC_VERSION


def saved_game(folder: Path) -> tuple[str, Path]:
    store = GameStore(folder)
    sheet = Sheet.new(["Ann", "Bob"])
    game_id = store.create(
        sheet,
        draft=RoundDraft.fresh(sheet).to_dict(),
        digital=Digital().to_dict(),
    )
    store.close()
    return game_id, folder / "games" / f"{game_id}.json"


def test_every_saved_document_says_its_version(tmp_path: Path) -> None:
    _, path = saved_game(tmp_path)
    doc = json.loads(path.read_text())["game"]["1"]
    assert doc["v"] == 1 and doc["draft"]["v"] == 1 and doc["digital"]["v"] == 1


def test_a_game_from_a_newer_app_is_refused_and_left_in_place(tmp_path: Path) -> None:
    game_id, path = saved_game(tmp_path)
    data = json.loads(path.read_text())
    data["game"]["1"]["v"] = DOC_VERSION + 1
    path.write_text(json.dumps(data))
    state = AppState(GameStore(tmp_path))
    refused = state.open_game(game_id)
    assert refused is not None and "newer version of the app" in refused
    assert path.exists()  # not moved aside as damaged
    assert json.loads(path.read_text())["game"]["1"]["v"] == DOC_VERSION + 1


@pytest.mark.parametrize("reader", [RoundDraft.from_dict, Digital.from_dict])
def test_a_blob_from_a_newer_app_raises_the_one_loader_error(reader: object) -> None:
    sheet = Sheet.new(["Ann", "Bob"])
    blob = {**RoundDraft.fresh(sheet).to_dict(), **Digital().to_dict(), "v": 9}
    with pytest.raises(NewerDocumentError) as caught:
        read_blob(reader, blob)  # type: ignore[arg-type]
    assert isinstance(caught.value, DocumentError)


def test_a_draft_from_a_newer_app_is_said_and_the_sheet_still_opens(
    tmp_path: Path,
) -> None:
    game_id, path = saved_game(tmp_path)
    data = json.loads(path.read_text())
    data["game"]["1"]["draft"]["v"] = 2
    path.write_text(json.dumps(data))
    state = AppState(GameStore(tmp_path))
    assert state.open_game(game_id) is None
    assert "The round being entered could not be restored." in state.alerts
    assert state.sheet is not None


def test_drafts_and_digital_rounds_saved_as_tiebreak_still_load() -> None:
    """The key was "tiebreak" before names were unified (now "tie_break")."""
    sheet = Sheet.new(["Ann", "Bob"])
    draft = {**RoundDraft.fresh(sheet).to_dict(), "tiebreak": True}
    del draft["tie_break"]
    digital = {**Digital().to_dict(), "tiebreak": True}
    del digital["tie_break"]
    assert RoundDraft.from_dict(draft).tie_break
    assert Digital.from_dict(digital).tie_break
    assert RoundDraft.from_dict(RoundDraft.from_dict(draft).to_dict()).tie_break


@pytest.mark.parametrize(
    ("language", "words"),
    [("it", "versione più recente"), ("hu", "újabb változata")],
)
def test_the_refusal_of_a_newer_game_is_said_in_the_readers_language(
    tmp_path: Path, language: str, words: str
) -> None:
    """The store raises its error once, in English; each reader sees it in
    their own language (an Italian phone, a Hungarian host)."""
    game_id, path = saved_game(tmp_path)
    data = json.loads(path.read_text())
    data["game"]["1"]["v"] = DOC_VERSION + 1
    path.write_text(json.dumps(data))
    state = AppState(GameStore(tmp_path))
    with use(language):
        refused = state.open_game(game_id)
        shown = state.library.load_game(game_id)
    assert refused is not None and words in refused, refused
    assert isinstance(shown, str) and words in shown, shown
