"""One rule for names, at the door (issue 37, bug 10): what setup, Add
player and Rename accept is what a share code carries, so anything
accepted can be shared; names the app cannot show or share (control
characters, nothing visible, text-direction overrides, piles of accents)
are refused with a clear message in every language. Any script, accents
and emoji are names."""

from __future__ import annotations

import pytest
from drive import drive

from companion import i18n
from companion.app import AppState
from companion.app.problems import error_text
from companion.rules import Sheet, SheetError, check_name
from companion.share import ShareCodeError
from companion.share.meta import ShareMeta
from companion.share.schema import sheet_from_json, sheet_to_json
from companion.store import GameStore

REFUSED = {
    "\x00nul": "name_control",
    "Ann\x1b[31m": "name_control",
    "\u200b": "name_invisible",
    "\u200b\u200d\ufe0f": "name_invisible",
    "\u3164": "name_invisible",  # a Hangul filler: a letter that shows nothing
    "\u202eevil": "name_direction",
    "Bob\u2066x": "name_direction",
    "a" + "\u0301" * 15: "name_marks",
    "a" + "\u0301\u200d" * 5: "name_marks",  # joiners do not part the pile
}
ACCEPTED = [
    "Zoë",
    "王小明",
    "김민준",
    "Ann 🎲",
    "👨\u200d👩\u200d👧",  # an emoji family: joiners between visible emoji
    "1\ufe0f\u20e3",  # a keycap: two marks on one digit
    "Nguye\u0302\u0303n",  # Vietnamese, decomposed: two accents on one letter
    "मनोज्ञ",
    "محمد",
    "Ωμέγα",
]


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_check_name_refuses_what_cannot_be_shown_or_shared(name: str) -> None:
    with pytest.raises(SheetError) as err:
        check_name(name, [])
    assert err.value.code == REFUSED[name]


@pytest.mark.parametrize("name", ACCEPTED)
def test_any_script_accent_or_emoji_is_a_name_and_can_be_shared(name: str) -> None:
    assert check_name(name, []) == name
    sheet = Sheet.new([name, "Bob"])
    back, _ = sheet_from_json(sheet_to_json(sheet, ShareMeta()))
    assert back.players[0].name == name


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_share_refuses_by_the_same_rule(name: str) -> None:
    data = sheet_to_json(Sheet.new(["Ann", "Bob"]), ShareMeta())
    data["players"][0][1] = name
    with pytest.raises(ShareCodeError):
        sheet_from_json(data)


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_setup_add_and_rename_refuse_with_a_message(name: str) -> None:
    state = AppState(GameStore.memory())
    assert drive(state.act(state.form.add, name)) is not None
    assert state.form.names == []
    drive(state.act(state.form.add, "Ann"))
    drive(state.act(state.form.add, "Bob"))
    assert drive(state.act(state.form.rename, 0, name)) is not None
    assert state.form.names == ["Ann", "Bob"]
    sheet = Sheet.new(["Ann", "Bob"])
    with pytest.raises(SheetError):
        sheet.add_player(name)
    with pytest.raises(SheetError):
        sheet.rename(sheet.players[0].id, name)


@pytest.mark.parametrize("language", ["it", "hu"])
def test_each_refusal_is_said_in_the_readers_language(language: str) -> None:
    said: dict[str, tuple[str, str]] = {}
    for name, code in REFUSED.items():
        with pytest.raises(SheetError) as err:
            check_name(name, [])
        with i18n.use("en"):
            english = error_text(err.value)
        with i18n.use(language):
            said[code] = (english, error_text(err.value))
    assert len(said) == 4
    assert len({english for english, _ in said.values()}) == 4  # one a fault
    assert [code for code, (en, it) in said.items() if en == it] == []
