"""An oversize paste (300,000 characters once took 16.6 s) is refused by
its size alone, before any decoding (no base64, no checksum, no inflating),
with the size message."""

from __future__ import annotations

import pytest
from drive import drive

from companion.app import AppState
from companion.share import Reason, ShareCodeError, decode, sharecode
from companion.store import GameStore

PASTE = "F7C1:" + "A" * 299_995  # the 300,000 characters of the bug report


@pytest.fixture()
def no_decoding(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any decoding step, if reached, fails the test."""

    def reached(*_: object) -> None:
        raise AssertionError("decoding started before the size check")

    for step in ("_blob", "_json", "_inflate", "_checksum", "sheet_from_json"):
        monkeypatch.setattr(sharecode, step, reached)


@pytest.mark.usefixtures("no_decoding")
def test_size_is_checked_before_decoding() -> None:
    for data in (PASTE, PASTE.encode()):
        with pytest.raises(ShareCodeError) as caught:
            decode(data)
        assert caught.value.reason is Reason.TOO_LARGE


@pytest.mark.usefixtures("no_decoding")
def test_import_of_an_oversize_paste_says_too_large_and_stores_nothing() -> None:
    files: dict[str, str] = {}
    state = AppState(GameStore.memory(files))
    before = dict(files)
    message = ShareCodeError(Reason.TOO_LARGE).message
    assert state.library.paste_refusal(PASTE) == message
    assert state.library.paste_refusal("F7C1:short") is None
    assert drive(state.act(state.library.import_code, PASTE)) == message
    assert state.notice is not None and state.notice.text == message
    assert files == before and state.library.games() == []


def test_the_cap_is_one_character_over_max_input() -> None:
    with pytest.raises(ShareCodeError) as at_cap:
        decode("A" * sharecode.MAX_INPUT)
    assert at_cap.value.reason is Reason.MALFORMED
    with pytest.raises(ShareCodeError) as over:
        decode("A" * (sharecode.MAX_INPUT + 1))
    assert over.value.reason is Reason.TOO_LARGE
