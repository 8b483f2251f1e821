"""Share, import, history and stats intents of the app state (no Flet)."""

from __future__ import annotations

import io

import pytest
import zxingcpp
from drive import drive
from PIL import Image
from share_games import META_FULL, brutal_game, standard_game

from companion.app import AppState, share_meta
from companion.share import Reason, ShareCodeError, decode, encode
from companion.share.sharecode import _seal
from companion.store import GameStore


def read_qr(png: bytes) -> str:
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    assert len(found) == 1
    return str(found[0].text)


def state_with(*sheets, files=None):  # type: ignore[no-untyped-def]
    store = GameStore.memory({} if files is None else files)
    ids = [store.create(s, {"title": f"Game {i}"}) for i, s in enumerate(sheets)]
    return AppState(store), ids


def test_share_view_of_the_open_game_has_qr_code_file_and_names() -> None:
    state, [gid] = state_with(standard_game())
    assert state.open_game(gid) is None
    view = state.library.share_view(state.game_id)
    assert not isinstance(view, str)
    assert read_qr(view.summary_png) == view.summary.text
    assert "Game 0" in view.summary.text and "Bo" in view.summary.text
    assert view.code_png is not None and read_qr(view.code_png) == view.code
    assert decode(view.code)[0] == standard_game()
    assert decode(view.file_bytes) == decode(view.code)
    assert view.file_name.endswith(".f7c") and view.png_name.endswith(".png")
    assert view.file_name[:-4] == view.png_name[:-4]
    assert (
        state.library.share_view(state.game_id) is view
    )  # cached while the game is unchanged


def test_share_view_without_a_game_or_of_a_deleted_one_says_why() -> None:
    state, [gid] = state_with(standard_game())
    assert state.library.share_view(state.game_id) == "No game is open."
    state.store.delete(gid)
    assert state.library.share_view(gid) == "That game is no longer stored."


def test_share_view_of_a_huge_game_notes_the_code_is_too_large(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import companion.app.views.share as mod

    monkeypatch.setattr(mod, "fits_qr", lambda code: False)
    state, [gid] = state_with(brutal_game())
    view = state.library.share_view(gid)
    assert not isinstance(view, str) and view.code_png is None


def test_import_adds_the_game_with_its_title_and_first_day() -> None:
    code = encode(brutal_game(), META_FULL)
    state = AppState(GameStore.memory())
    heard: list[int] = []
    state.subscribe(lambda: heard.append(1))
    assert (
        drive(
            state.act(
                state.library.import_code, "  " + code[:40] + "\n" + code[40:] + "\n"
            )
        )
        is None
    )
    assert heard and state.notice is not None and not state.notice.error
    assert "History" in state.notice.text and META_FULL.title in state.notice.text
    [game] = state.library.games()
    assert game.id == state.library.imported_id and game.title == META_FULL.title
    record = state.store.load(game.id)
    assert record.sheet == brutal_game()
    assert share_meta(record) == META_FULL  # re-shared with its first day
    # the same game again (here as a share file) is recognised, not doubled
    assert drive(state.act(state.library.import_file, code.encode() + b"\n")) is None
    assert len(state.library.games()) == 1
    assert state.notice is not None and "already in History" in state.notice.text
    assert state.library.imported_id == game.id


def test_a_game_shared_from_this_device_is_not_imported_twice() -> None:
    state, [gid] = state_with(brutal_game())
    view = state.library.share_view(gid)
    assert not isinstance(view, str)
    assert drive(state.act(state.library.import_code, view.code)) is None
    assert len(state.store.list_games()) == 1
    other = encode(brutal_game().rename("p1", "Zed"), META_FULL)
    assert drive(state.act(state.library.import_code, other)) is None
    assert len(state.store.list_games()) == 2


def _bad_codes() -> list[tuple[str | bytes, str]]:
    code = encode(standard_game())
    flipped = code[:30] + ("A" if code[30] != "A" else "B") + code[31:]
    return [
        ("hello", ShareCodeError(Reason.MALFORMED).message),
        (code[: len(code) // 2], ShareCodeError(Reason.TRUNCATED).message),
        (flipped, ShareCodeError(Reason.TAMPERED).message),
        ("F7C1:" + "A" * (1 << 20), ShareCodeError(Reason.TOO_LARGE).message),
        ("F7C2:" + code[5:], ShareCodeError(Reason.NEWER_VERSION).message),
        (_seal({"schema": 1}), "This share code does not hold a game"),
        (b"\xff\xfe", ShareCodeError(Reason.MALFORMED).message),
        ("   ", "Paste a share code or choose a share file first."),
    ]


@pytest.mark.parametrize(("data", "message"), _bad_codes())
def test_a_refused_code_says_why_and_changes_nothing(
    data: str | bytes, message: str
) -> None:
    files: dict[str, str] = {}
    state, _ = state_with(standard_game(), files=files)
    before = dict(files)
    result = drive(state.act(state.library.import_code, data))
    assert result is not None and result.startswith(message)
    assert state.notice is not None and state.notice.error
    assert state.notice.text == result
    assert (
        files == before
        and len(state.library.games()) == 1
        and state.library.imported_id is None
    )


def test_import_file_without_contents_is_refused() -> None:
    state = AppState(GameStore.memory())
    assert (
        drive(state.act(state.library.import_file, None))
        == "That file could not be read."
    )


def test_history_filters_by_player_name_ignoring_case_and_spaces() -> None:
    state, _ = state_with(standard_game(), brutal_game())
    assert len(state.library.history()) == 2 and len(state.library.history("  ")) == 2
    state.store.create(standard_game().rename("p2", "Zoë Quinn"))
    assert [g.players[1] for g in state.library.history("zoë  q")] == ["Zoë Quinn"]
    assert state.library.history("nobody") == []
    assert len(state.library.history("an")) == 3  # "Ana" is in every game


def test_stats_over_every_game_and_cached_until_a_game_changes() -> None:
    state, ids = state_with(standard_game(), brutal_game())
    stats = {s.name: s for s in state.library.stats()}
    assert stats["Ana"].games == 2 and stats["Bo"].wins == 1
    assert state.library.stats() is state.library.stats()
    state.store.delete(ids[1])
    assert {s.name: s for s in state.library.stats()}["Ana"].games == 1


def test_load_game_reports_missing_games() -> None:
    state = AppState(GameStore.memory())
    assert state.library.load_game("nope") == "That game is no longer stored."


def test_an_imported_game_keeps_the_day_it_was_played() -> None:
    """History showed the day of import; it shows the game's own day."""
    from datetime import date

    from companion.app import played_day
    from companion.share import ShareMeta

    code = encode(standard_game(), ShareMeta("Spring cup", date(2024, 3, 15)))
    clock = "2026-11-30T10:00:00.000000+00:00"  # the day of import
    state = AppState(GameStore.memory(clock=lambda: clock))
    assert drive(state.act(state.library.import_code, code)) is None
    [game] = state.library.history()
    assert game.created == clock
    assert state.library.game_day(game) == "15 Mar 2024"
    assert played_day(state.store.load(game.id)) == "15 Mar 2024"
    state.store.create(brutal_game())  # a game of this device: the day it began
    native = next(g for g in state.library.history() if g.id != game.id)
    assert state.library.game_day(native) == "30 Nov 2026"
