"""What the store says of a damaged game (issue 37, bug 11): each thing
once, in our words (never Python's own), and the game named by its
players and day when the file can be read enough to tell, or the index
knew it."""

from __future__ import annotations

import json
from pathlib import Path

from damage import BAD, healthy

from companion.app import AppState
from companion.store import GameStore
from companion.store.storage import parse_tables


def _day(data: Path) -> str:
    """The day the bad game was begun, as its file and the index have it."""
    return str(json.loads(_bad(data).read_text())["game"]["1"]["created"])[:10]


def _bad(data: Path) -> Path:
    return data / "games" / f"{BAD}.json"


def _edit(data: Path, change: str, by: str) -> None:
    """Replace ``change`` in the bad game's file text by ``by``."""
    text = _bad(data).read_text()
    assert change in text
    _bad(data).write_text(text.replace(change, by, 1))


def _warnings(data: Path) -> list[str]:
    """What Home shows of the folder's damage."""
    return AppState(GameStore(data)).alerts


def _with_round(data: Path, cards: str) -> None:
    doc = json.loads(_bad(data).read_text())
    sheet = doc["game"]["1"]["sheet"]
    first = sheet["players"][0]["id"]
    sheet["rounds"] = [{"dealer": first, "entries": {first: {"cards": ["CARD"]}}}]
    _bad(data).write_text(json.dumps(doc).replace('"CARD"', cards))


def test_a_card_that_is_not_text_is_said_once(tmp_path: Path) -> None:
    data = tmp_path / "data"
    healthy(data)
    _with_round(data, "NaN")
    [said] = [w for w in GameStore(data).warnings if f"{BAD}.json" in w]
    assert said.count("not readable") == 1, said
    assert "a card is not text" in said and ".." not in said


def test_a_number_too_long_is_said_in_our_words(tmp_path: Path) -> None:
    data = tmp_path / "data"
    healthy(data)
    _with_round(data, "1" * 5000)
    [said] = [w for w in GameStore(data).warnings if f"{BAD}.json" in w]
    assert "sys." not in said and "int_max_str_digits" not in said, said
    assert "a number with too many digits" in said, said


def test_parse_tables_never_passes_pythons_own_words() -> None:
    text = '{"t": {"1": {"n": ' + "9" * 5000 + "}}}"
    try:
        parse_tables(text)
    except ValueError as exc:
        assert "sys." not in str(exc)
        assert str(exc).endswith(": a number with too many digits")
    else:
        raise AssertionError("read")


def test_a_game_whose_sheet_is_damaged_is_named_by_its_players(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    healthy(data)
    day = _day(data)
    _edit(data, '"first_dealer": "p1"', '"first_dealer": "p9"')
    [said] = [w for w in _warnings(data) if f"{BAD}.json" in w]
    assert said.startswith(
        f"The game of Ann, Bob begun {day}: {BAD}.json could not be read"
    ), said
    assert "moved to" in said and "could not be read" in said


def test_an_unreadable_file_is_named_by_what_the_index_knew(tmp_path: Path) -> None:
    data = tmp_path / "data"
    healthy(data)
    day = _day(data)
    _bad(data).write_bytes(b"\x00\xff garbage")
    # Read on open only when unfinished; then it is the index that names it.
    [said] = [w for w in _warnings(data) if f"{BAD}.json" in w]
    assert said.startswith(
        f"The game of Ann, Bob begun {day}: {BAD}.json could not be read"
    ), said


def test_a_file_told_by_nothing_is_named_by_its_file_name(tmp_path: Path) -> None:
    data = tmp_path / "data"
    healthy(data)
    (data / "index.json").unlink()
    _bad(data).write_bytes(b"\x00\xff garbage")
    [said] = [w for w in _warnings(data) if f"{BAD}.json" in w]
    assert said.startswith(f"{BAD}.json could not be read"), said
