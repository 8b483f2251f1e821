"""What the phone app reads of its build (companion/app/published.py): the
table broker offered by default, and the browser tests' stacked deck,
which a build for players never carries."""

from __future__ import annotations

import json
from pathlib import Path

from companion.app.published import published, test_deck
from companion.app.table_invite import default_broker


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "published.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_build_for_players_has_no_test_deck(tmp_path: Path) -> None:
    path = _file(tmp_path, json.dumps({"broker": "wss://table.example.org"}))
    assert test_deck(path) is None
    assert default_broker(path) == "wss://table.example.org"
    assert test_deck(tmp_path / "absent.json") is None  # a served app


def test_a_test_build_stacks_its_first_digital_deck(tmp_path: Path) -> None:
    path = _file(tmp_path, json.dumps({"broker": "", "test_deck": "1 2 3"}))
    assert test_deck(path) == "1 2 3"
    assert default_broker(path) == ""


def test_a_damaged_file_gives_no_settings(tmp_path: Path) -> None:
    for text in ("{not json", "[1, 2]", json.dumps({"test_deck": 7})):
        path = _file(tmp_path, text)
        assert test_deck(path) is None and default_broker(path) == ""
    assert published(_file(tmp_path, "{not json")) == {}
