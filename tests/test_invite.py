"""A game's invite token: what a phone's join link carries.

The host's Invite shows a link with the game's token; the access code lets a
phone in only when :meth:`GameHub.admits` says so. The token is stored with
the game (a server restart keeps the links working), "New invite" replaces
it (old links stop working at once) and nothing but the current token of
that very game is admitted.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from drive import drive

from companion.app import AppState
from companion.app.hub import GameHub
from companion.app.refusal import Refusal
from companion.rules import Rules, Sheet
from companion.store import GameStore
from companion.store.records import GameRecord


def new_game(hub: GameHub, *names: str) -> str:
    return hub.store.create(Sheet.new(list(names or ("Ann", "Bob")), Rules()))


def game_file(folder: Path, game_id: str) -> Path:
    return folder / "games" / f"{game_id}.json"


def test_the_token_is_128_random_bits_made_once_and_kept(tmp_path: Path) -> None:
    hub = GameHub(GameStore(tmp_path))
    gid = new_game(hub)
    token = hub.invite(gid)
    assert len(token) == 22 and token.isascii()  # token_urlsafe(16): 128 bits
    assert hub.invite(gid) == token
    assert hub.admits(gid, token)
    doc = json.loads(game_file(tmp_path, gid).read_text())["game"]["1"]
    assert doc["invite"] == token


def test_tokens_differ_between_games() -> None:
    hub = GameHub(GameStore.memory())
    one, two = new_game(hub), new_game(hub, "Cleo", "Dan")
    assert hub.invite(one) != hub.invite(two)


def test_the_token_survives_a_server_restart(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    hub = GameHub(store)
    gid = new_game(hub)
    token = hub.invite(gid)
    store.close()
    again = GameHub(GameStore(tmp_path))
    assert again.admits(gid, token)
    assert again.invite(gid) == token


def test_a_new_invite_revokes_the_old_one_even_after_a_restart(
    tmp_path: Path,
) -> None:
    store = GameStore(tmp_path)
    hub = GameHub(store)
    gid = new_game(hub)
    old = hub.invite(gid)
    new = hub.new_invite(gid)
    assert new != old and len(new) == 22
    assert not hub.admits(gid, old)
    assert hub.admits(gid, new)
    assert hub.invite(gid) == new
    store.close()
    again = GameHub(GameStore(tmp_path))
    assert not again.admits(gid, old)
    assert again.admits(gid, new)


def test_only_the_current_token_of_that_very_game_is_admitted() -> None:
    hub = GameHub(GameStore.memory())
    one, two = new_game(hub), new_game(hub, "Cleo", "Dan")
    token_one, token_two = hub.invite(one), hub.invite(two)
    assert not hub.admits(one, token_two)
    assert not hub.admits(two, token_one)
    assert not hub.admits(one, "")
    assert not hub.admits("", token_one)
    assert not hub.admits(one, token_one[:-1])
    assert not hub.admits(one, token_one + "A")
    changed = ("B" if token_one[0] == "A" else "A") + token_one[1:]
    assert not hub.admits(one, changed)
    assert not hub.admits(one, "é" * 22)  # not ASCII: refused, not an error
    assert not hub.admits("no-such-game", token_one)


def test_asking_whether_a_token_is_admitted_never_makes_one(tmp_path: Path) -> None:
    hub = GameHub(GameStore(tmp_path))
    gid = new_game(hub)
    before = game_file(tmp_path, gid).read_bytes()
    assert not hub.admits(gid, "A" * 22)
    assert game_file(tmp_path, gid).read_bytes() == before
    assert hub.store.invite(gid) is None


def test_a_deleted_game_admits_no_one_and_has_no_invite() -> None:
    hub = GameHub(GameStore.memory())
    gid = new_game(hub)
    token = hub.invite(gid)
    hub.delete(gid)
    assert not hub.admits(gid, token)
    with pytest.raises(Refusal, match="no longer stored"):
        hub.invite(gid)
    with pytest.raises(Refusal, match="no longer stored"):
        hub.new_invite(gid)


def test_undo_delete_brings_the_same_invite_back() -> None:
    hub = GameHub(GameStore.memory())
    gid = new_game(hub)
    token = hub.invite(gid)
    record = hub.delete(gid)
    assert record is not None and record.invite == token
    hub.store.restore(record)
    assert hub.admits(gid, token)


@pytest.mark.parametrize(
    "damaged", [None, 42, "", "short", "not a token!" * 3, ["x" * 22], {"t": "x"}]
)
def test_a_damaged_invite_field_admits_no_one_and_is_replaced(
    tmp_path: Path, damaged: object
) -> None:
    store = GameStore(tmp_path)
    gid = new_game(GameHub(store))
    store.close()
    path = game_file(tmp_path, gid)
    data = json.loads(path.read_text())
    data["game"]["1"]["invite"] = damaged
    path.write_text(json.dumps(data))
    hub = GameHub(GameStore(tmp_path))
    assert not hub.admits(gid, "short")
    assert not hub.admits(gid, "x" * 22)
    record = hub.store.load(gid)  # the game itself still opens
    assert record.invite is None and len(record.sheet.players) == 2
    token = hub.invite(gid)
    assert len(token) == 22 and hub.admits(gid, token)


def test_an_old_game_file_without_an_invite_loads_and_gets_one(
    tmp_path: Path,
) -> None:
    record = GameRecord("old-1", Sheet.new(["Ann", "Bob"], Rules()), "2025", "2025")
    doc = record.to_doc()
    assert "invite" not in doc  # a game never shared keeps the old layout
    (tmp_path / "games").mkdir()
    game_file(tmp_path, "old-1").write_text(json.dumps({"game": {"1": doc}}))
    hub = GameHub(GameStore(tmp_path))
    assert hub.store.load("old-1").invite is None
    assert not hub.admits("old-1", "A" * 22)
    assert hub.admits("old-1", hub.invite("old-1"))


def test_saving_rounds_keeps_the_invite() -> None:
    hub = GameHub(GameStore.memory())
    state = AppState(hub)
    for name in ("Ann", "Bob"):
        assert drive(state.act(state.form.add, name)) is None
    assert state.start_game() is None
    gid = state.game_id
    assert gid is not None
    token = hub.invite(gid)
    assert drive(state.act(state.entry.set_typed, "p1", 10)) is None
    assert drive(state.act(state.entry.set_typed, "p2", 20)) is None
    assert drive(state.act(state.entry.save)) is None, state.notice
    assert drive(state.act(state.entry.add_card, "p1", "7")) is None
    assert hub.admits(gid, token)


def test_a_new_invite_tells_every_session_showing_the_game() -> None:
    hub = GameHub(GameStore.memory())
    host, phone = AppState(hub), AppState(hub)
    for name in ("Ann", "Bob"):
        assert drive(host.act(host.form.add, name)) is None
    assert host.start_game() is None
    gid = host.game_id
    assert gid is not None
    assert phone.open_game(gid) is None
    heard: list[str] = []
    phone.news.subscribe(lambda: heard.append("phone"))
    old = hub.invite(gid)
    hub.new_invite(gid)
    assert heard == ["phone"]
    assert not hub.admits(gid, old)
    # Nothing of the game changed: the phone's next tap is not refused.
    assert drive(phone.act(phone.entry.add_card, "p1", "7")) is None, phone.notice


def test_a_new_invite_that_cannot_be_written_keeps_the_old_one(
    tmp_path: Path,
) -> None:
    store = GameStore(tmp_path)
    hub = GameHub(store)
    gid = new_game(hub)
    old = hub.invite(gid)
    store.folder_problem = "The games folder cannot be written (test)."
    with pytest.raises(Refusal):
        hub.new_invite(gid)
    assert hub.admits(gid, old)


def test_a_game_with_an_invite_is_written_as_layout_2(tmp_path: Path) -> None:
    """An app from before invites refuses such a file and leaves it in place
    (version check) instead of moving it aside as damaged (unknown key)."""
    store = GameStore(tmp_path)
    hub = GameHub(store)
    plain = store.create(Sheet.new(["Ann", "Bob"]))
    shared = store.create(Sheet.new(["Cy", "Dee"]))
    hub.invite(shared)
    store.close()

    def version(game_id: str) -> int:
        path = tmp_path / "games" / f"{game_id}.json"
        return int(json.loads(path.read_text())["game"]["1"]["v"])

    assert version(plain) == 1
    assert version(shared) == 2
    again = GameStore(tmp_path)
    assert GameHub(again).admits(shared, GameHub(again).invite(shared))
    again.close()
