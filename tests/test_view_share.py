"""The share screen's view (companion/app/views/share.py) without a
browser: the summary text the QR carries, the heading, the file names, the
share code (and whether it fits one QR), the logged play — and who may see it."""

from __future__ import annotations

import io
from datetime import date

import zxingcpp
from drive import drive
from PIL import Image
from share_games import standard_game

from companion.app import AppState, build_share_view
from companion.app.access import Access, Role
from companion.share import ShareMeta, decode, encode
from companion.store import GameRecord, GameStore


def read_qr(png: bytes) -> str:
    (found,) = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    return str(found.text)


def test_the_texts_of_an_imported_titled_game() -> None:
    state = AppState(GameStore.memory())
    code = encode(standard_game(), ShareMeta("Spring cup", date(2024, 3, 15)))
    assert drive(state.act(state.library.import_code, code)) is None
    view = state.library.share_view(state.library.imported_id)
    assert not isinstance(view, str)
    assert view.heading.startswith("Spring cup")
    assert "Spring cup" in view.summary.text and "Ana" in view.summary.text
    assert read_qr(view.summary_png) == view.summary.text
    assert (
        view.file_name.endswith(".f7c")
        and view.png_name == view.file_name[:-4] + ".png"
    )
    assert decode(view.code) == decode(code)
    assert not isinstance(view.log, str)  # a finished game can be logged


def test_the_view_is_built_from_the_record_alone() -> None:
    record = GameRecord("g1", standard_game(), "2024-03-15T20:00:00+00:00", "")
    view = build_share_view(record)
    assert view.game_id == "g1" and view.code_png is not None
    assert read_qr(view.code_png) == view.code
    assert decode(view.file_bytes)[0] == standard_game()


def test_a_guest_sees_its_own_games_share_and_no_other() -> None:
    store = GameStore.memory()
    mine, other = store.create(standard_game()), store.create(standard_game())
    state = AppState(store)
    state.seat.access = Access(Role.GUEST, mine, "token")
    assert not isinstance(state.library.share_view(mine), str)
    assert state.library.share_view(other) == "Only the host's screen can do that."
    assert state.library.share_view(None) == "No game is open."
