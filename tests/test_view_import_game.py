"""The import screen's view: what to paste, and the game to open once a
code went in (not after a refusal, nor before any try)."""

from __future__ import annotations

from drive import drive
from share_games import standard_game

from companion.app import AppState
from companion.app.views.import_game import import_view
from companion.i18n import use
from companion.share import FILE_EXTENSION, ShareMeta, encode
from companion.store import GameStore


def test_before_any_try_it_says_what_to_paste_and_offers_nothing() -> None:
    view = import_view(None, "")
    assert FILE_EXTENSION in view.intro and "share code" in view.intro
    assert view.notice is None and view.imported is None


def test_a_good_code_offers_its_game_and_a_bad_one_does_not() -> None:
    state = AppState(GameStore.memory())
    code = encode(standard_game(), ShareMeta(title="Friday night"))
    assert drive(state.act(state.library.import_code, code)) is None
    done = state.library.imported_id or ""
    view = import_view(state.notice, done)
    assert done and view.imported == done
    assert view.notice is not None and not view.notice.error

    assert drive(state.act(state.library.import_code, "F7C1:garbage")) is not None
    view = import_view(state.notice, done)  # the screen still holds the old id
    assert view.imported is None and view.notice is not None and view.notice.error


def test_the_intro_is_in_the_sessions_language() -> None:
    with use("it"):
        italian = import_view(None, "").intro
    assert italian != import_view(None, "").intro and FILE_EXTENSION in italian
