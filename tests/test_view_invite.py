"""The Invite screen's view (companion/app/views/invite.py) and its owner
(companion/app/invite.py): the links carry the game's current token, a
loopback server or a computer without a network address says why phones
can't join, "New invite" changes the link shown, and only the host sees it."""

from __future__ import annotations

import io
from urllib.parse import parse_qs, urlsplit

import zxingcpp
from drive import drive
from PIL import Image

from companion.app import AppState
from companion.app.access import Access, Role
from companion.app.hub import GameHub
from companion.app.invite import REVOKED, Invite
from companion.app.serving import STANDALONE, Serving
from companion.app.views.invite import (
    LOCAL_ONLY,
    NO_ADDRESS,
    ON_THIS_PHONE,
    InviteView,
    Link,
    invite_view,
)
from companion.store import GameStore

LAN = Serving("0.0.0.0", 9000)


def host(serving: Serving = LAN) -> AppState:
    state = AppState(GameHub(GameStore.memory()), serving=serving)
    for name in ("Ann", "Bob"):
        assert drive(state.act(state.form.add, name)) is None
    assert state.start_game() is None
    return state


def view_of(
    state: AppState, found: list[str], address: str | None = None
) -> InviteView:
    invite = Invite(state.hub, state.serving, state.seat, found=lambda: found)
    view = invite.view(address)
    assert isinstance(view, InviteView), view
    return view


def joined(view: InviteView) -> Link:
    assert view.join is not None, view.problem
    return view.join


def boarded(view: InviteView) -> Link:
    assert view.board is not None, view.problem
    return view.board


def decoded(png: bytes) -> str:
    (code,) = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    return code.text


def test_the_join_link_carries_the_game_and_its_token() -> None:
    state = host()
    gid = state.game_id
    assert gid is not None
    view = view_of(state, ["192.168.1.23", "10.0.0.5"])
    assert view.problem is None
    assert view.addresses == ("192.168.1.23", "10.0.0.5")
    assert view.address == "192.168.1.23"
    token = state.hub.invite(gid)
    assert joined(view).url == f"http://192.168.1.23:9000/join/{gid}?t={token}"
    assert boarded(view).url == f"http://192.168.1.23:9000/board/{gid}?t={token}"
    parts = urlsplit(joined(view).url)
    assert state.hub.admits(gid, parse_qs(parts.query)["t"][0])


def test_the_qr_codes_read_back_as_the_links() -> None:
    view = view_of(host(), ["192.168.1.23"])
    assert decoded(joined(view).png) == joined(view).url
    assert decoded(boarded(view).png) == boarded(view).url


def test_the_host_picks_another_address_and_a_gone_one_falls_back() -> None:
    state = host()
    view = view_of(state, ["192.168.1.23", "10.0.0.5"], "10.0.0.5")
    assert view.address == "10.0.0.5"
    assert joined(view).url.startswith("http://10.0.0.5:9000/")
    gone = view_of(state, ["192.168.1.23"], "10.0.0.5")
    assert gone.address == "192.168.1.23"


def test_a_server_on_one_address_offers_that_one_only() -> None:
    state = host(Serving("192.168.1.23", 8550))
    view = view_of(state, ["10.0.0.5", "192.168.1.23"])
    assert view.addresses == ("192.168.1.23",)


def test_a_loopback_server_says_phones_cannot_join_and_makes_no_token() -> None:
    state = host(Serving("127.0.0.1", 8550))
    view = view_of(state, ["192.168.1.23"])
    assert view.problem == LOCAL_ONLY.format(command="uv run companion --host 0.0.0.0")
    assert view.join is None
    assert state.game_id is not None and state.store.invite(state.game_id) is None


def test_the_app_on_a_phone_says_phones_cannot_join_it() -> None:
    """The installed web app has no server: it says so in players' words,
    not the computer's command line, and makes no token."""
    state = host(STANDALONE)
    view = view_of(state, ["192.168.1.23"])
    assert view.problem == ON_THIS_PHONE and "uv run" not in ON_THIS_PHONE
    assert view.join is None and view.board is None
    assert state.game_id is not None and state.store.invite(state.game_id) is None


def test_no_network_address_is_said() -> None:
    view = view_of(host(), [])
    assert view.problem == NO_ADDRESS and view.join is None


def test_new_invite_changes_the_link_and_says_old_links_stop() -> None:
    state = host()
    gid = state.game_id
    assert gid is not None
    before = view_of(state, ["192.168.1.23"])
    assert drive(state.act(state.invite.renew)) is None
    assert state.notice is not None and state.notice.text == REVOKED
    after = view_of(state, ["192.168.1.23"])
    assert joined(after).url != joined(before).url
    old = parse_qs(urlsplit(joined(before).url).query)["t"][0]
    assert not state.hub.admits(gid, old)


def test_without_an_open_game_there_is_nothing_to_invite_to() -> None:
    state = AppState(GameStore.memory(), serving=LAN)
    assert state.invite.view() == "No game is open."
    assert drive(state.act(state.invite.renew)) == "No game is open."


def test_a_session_asks_through_its_own_serving() -> None:
    assert isinstance(host().invite.view(), InviteView)


def test_the_view_is_a_pure_function_of_game_serving_addresses_and_token() -> None:
    view = invite_view("g1", LAN, ["10.0.0.5", "192.168.1.2"], "tok", "192.168.1.2")
    assert view.address == "192.168.1.2" and view.addresses == (
        "10.0.0.5",
        "192.168.1.2",
    )
    assert joined(view).url == "http://192.168.1.2:9000/join/g1?t=tok"
    assert boarded(view).url == "http://192.168.1.2:9000/board/g1?t=tok"
    assert decoded(joined(view).png) == joined(view).url
    gone = invite_view("g1", LAN, ["10.0.0.5"], "tok", "192.168.1.2")
    assert gone.address == "10.0.0.5"  # the address picked is gone: the first


def test_a_guest_sees_no_invite_and_cannot_renew_it() -> None:
    state = host()
    gid = state.game_id
    assert gid is not None
    token = state.hub.invite(gid)
    state.seat.access = Access(Role.GUEST, gid, token)
    assert state.invite.view() == "Only the host's screen can do that."
    assert drive(state.act(state.invite.renew)) == "Only the host's screen can do that."
    assert state.hub.admits(gid, token)  # the link given out still works


def test_the_session_reads_the_addresses_the_server_handed_in() -> None:
    """app/ never imports server/: the server's reader of this machine's
    addresses comes in with :class:`Serving`, asked when the Invite is
    drawn (a Wi-Fi joined after the start counts)."""
    found = ["192.168.1.23"]
    state = host(Serving("0.0.0.0", 9000, addresses=lambda: list(found)))
    view = state.invite.view(None)
    assert isinstance(view, InviteView)
    assert view.addresses == ("192.168.1.23",)
    found[:] = ["10.0.0.7"]
    view = state.invite.view(None)
    assert isinstance(view, InviteView)
    assert view.addresses == ("10.0.0.7",)
    assert Serving("0.0.0.0", 9000, addresses=lambda: found) == LAN  # a value
