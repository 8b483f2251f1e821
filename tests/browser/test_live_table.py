"""A live table: the host's page, two players' phones and a board on one game.

The server listens on the LAN (``--host 0.0.0.0``). The host's page is
opened on the serving machine; each phone and the board reach the server
through a :class:`~tests.phone_link.PhoneLink` from their own loopback
address (127.0.0.2, .3, .4), so the server sees them as other machines, and
they open the join link the host's Invite screen shows, as a phone that
scanned its QR code would. Everything is done at a person's pace, one tap
at a time, each page waiting for what it should see.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from drive import drive

from companion.store import GameStore
from tests.phone_link import PhoneLink

from .harness import device, ready, running_server, screenshot
from .table import (
    button,
    choose_player,
    click,
    see,
    start_game,
    tap_cards,
)

pytestmark = pytest.mark.browser

# Round 3 is the game's first digital round, Cy deals: Ann 1, Bob 2, Cy 3;
# Ann stays, Bob hits (the 4), Cy stays, Bob stays.
DECK = "1 2 3 4 5 6 7 8 9 10 11 12"
LAN = "0.0.0.0"  # --host: phones on the LAN may connect


def join_path(host: Any) -> str:
    """The join link's path and query, as the host's Invite screen shows it."""
    click(host, "Invite phones")
    link = host.get_by_text(re.compile(r"^http://.+/join/.+\?t=.+$")).first
    link.wait_for(timeout=20_000)
    parts = urlsplit(link.inner_text().strip())
    click(host, "Back")
    return f"{parts.path}?{parts.query}"


def test_host_two_phones_and_a_board(browser: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    with running_server(data, {"COMPANION_TEST_DECK": DECK}, host=LAN) as server:
        host = device(browser, server.url)
        start_game(host, ("Ann", "Bob", "Cy"))
        path = join_path(host)
        with (
            PhoneLink(server.port, "127.0.0.2") as ann_net,
            PhoneLink(server.port, "127.0.0.3") as bob_net,
            PhoneLink(server.port, "127.0.0.4") as board_net,
        ):
            # A phone without the invite sees nothing of the game; the same
            # tab then opens the join link (scanned at last) and is let in.
            ann = device(browser, ann_net.url)
            see(ann, "Scan the host's invite")
            screenshot(ann, "live-locked")
            assert not ann.get_by_text("Ann").count()
            ann.goto(ann_net.url + path)
            ready(ann)
            see(ann, "Who are you?")
            screenshot(ann, "live-join")
            click(ann, "I am Ann")
            see(ann, "You are Ann")
            bob = device(browser, bob_net.url + path)
            see(bob, "Ann: on another phone")
            click(bob, "I am Bob")
            see(bob, "You are Bob")
            board = device(browser, board_net.url + path.replace("/join/", "/board/"))
            screenshot(ann, "live-ann-sheet")

            _tapped_round(host, ann, bob, board)
            _last_player_saves(host, ann, bob, board)
            _digital_round(host, ann, bob, board)
            for page in (ann, bob, board):
                page.context.close()
        host.context.close()

    store = GameStore(data)
    (game,) = store.list_games()
    sheet = store.load(game.id).sheet
    store.close()
    assert len(sheet.rounds) == 3
    assert sheet.totals() == {"p1": 12 + 6 + 1, "p2": 9 + 10 + 6, "p3": 4 + 3 + 3}


def _tapped_round(host: Any, ann: Any, bob: Any, board: Any) -> None:
    """Each phone taps its own line; the host taps Cy's and sees theirs
    live; the host saves; every page shows the new totals."""
    click(host, "Enter round 1")
    click(ann, "Enter my line")
    see(ann, "Ann")
    assert not button(ann, re.compile(r"^Remove ")).count()
    tap_cards(ann, "5 5")  # a slip: two 5s, and no bust
    two_fives = "Ann: two 5s in a line that did not bust."
    see(ann, two_fives)
    click(ann, "My line is in")  # refused: the round could not be saved so
    see(host, "Ann 10")
    assert not ann.get_by_text("Your line is in.").count()
    assert not host.get_by_text("Ann ✓ 10").count()
    click(ann, "Undo 5")
    tap_cards(ann, "7")
    see(host, "Ann 12")  # live on the host's screen
    click(ann, "My line is in")
    see(ann, "Your line is in.")
    see(host, "Ann ✓ 12")
    click(bob, "Enter my line")
    tap_cards(bob, "9")
    click(bob, "My line is in")
    see(host, "Bob ✓ 9")
    choose_player(host, "Cy")
    tap_cards(host, "4")
    screenshot(host, "live-host-entry")
    screenshot(bob, "live-bob-entry")
    click(host, "Save round 1")
    see(host, "Round 2 · Bob deals")
    for page in (ann, bob):
        see(page, "Round 2 · Bob deals")
        see(page, "12")
    see(board, "12")
    screenshot(board, "live-board")


def _last_player_saves(host: Any, ann: Any, bob: Any, board: Any) -> None:
    """Round 2: Cy has no phone: the host taps Cy's 3 and calls the line in;
    Ann is in, Bob is the last and saves it from his phone; Ann's reload
    mid-round keeps her seat. Every screen then shows the new totals."""
    click(host, "Enter round 2")
    choose_player(host, "Cy")
    tap_cards(host, "3")
    click(host, "Cy's line is in")
    see(host, "✓ Cy's line is in.")
    click(ann, "Enter my line")
    tap_cards(ann, "6")
    ann.reload()
    ready(ann)
    see(ann, "Ann")  # back on her own line, with her card
    see(ann, "Ann 6")
    click(ann, "My line is in")
    click(bob, "Enter my line")
    see(bob, "Saved when every line is in: waiting for Bob.")
    tap_cards(bob, "10")
    click(bob, "My line is in")
    click(bob, "Save round 2")
    for page in (ann, bob, host):  # every screen goes back to the totals
        see(page, "Round 3 · Cy deals")
    for page in (ann, host):  # and those that did not save say why
        see(page, "Round 2 was saved on another screen: here are the totals.")
    see(board, "19")  # Bob's 9 + 10, on the board too


def _digital_round(host: Any, ann: Any, bob: Any, board: Any) -> None:
    """Round 3 dealt digitally: each phone decides for its own seat, the
    host for Cy (no phone); the others see whose turn it is."""
    click(host, "Deal round 3 digitally")
    see(host, "Ann's turn, on Ann's phone.")
    click(ann, "Digital round 3: to the table")
    see(ann, "Ann: hit or stay?")
    click(bob, "Digital round 3: to the table")
    see(bob, "Ann's turn, on Ann's phone.")
    click(ann, "Stay")
    see(bob, "Bob: hit or stay?")
    click(bob, "Hit")
    see(host, "Cy: hit or stay?")  # Cy has no phone: the host plays for Cy
    see(bob, "Cy's turn: waiting for Cy.")
    click(host, "Stay")
    see(bob, "Bob: hit or stay?")
    click(bob, "Stay")
    for page in (host, ann, bob):
        see(page, "Round over")
    screenshot(ann, "live-ann-digital-over")


def seeded(data: Path, names: tuple[str, ...]) -> str:
    """A game made before the server starts; its join link's path."""
    from companion.app import AppState
    from companion.app.hub import GameHub

    hub = GameHub(GameStore(data))
    state = AppState(hub)
    for name in names:
        assert drive(state.act(state.form.add, name)) is None
    assert state.start_game() is None and state.game_id is not None
    token = hub.invite(state.game_id)
    hub.store.close()
    return f"/join/{state.game_id}?t={token}"


def test_a_phone_that_loses_wifi_comes_back_to_its_seat(
    browser: Any, tmp_path: Path
) -> None:
    """Ann's phone drops off the Wi-Fi for longer than the server keeps a
    closed session; the host sees her phone away, and when it is back it is
    Ann's again, on her line, without asking who she is."""
    data = tmp_path / "data"
    path = seeded(data, ("Ann", "Bob"))
    env = {"FLET_SESSION_TIMEOUT": "2"}
    with running_server(data, env, host=LAN) as server, PhoneLink(server.port) as net:
        host = device(browser, server.url)
        click(host, re.compile(r"^Continue round 1"))
        click(host, "Enter round 1")
        ann = device(browser, net.url + path)
        click(ann, "I am Ann")
        click(ann, "Enter my line")
        tap_cards(ann, "8")
        see(host, "On their phones: Ann · waiting for Ann and Bob")
        net.cut()
        see(host, "On their phones: Ann (phone away) · waiting for Ann and Bob")
        ann.wait_for_timeout(6_000)  # past the 2 s the server keeps a session
        net.restore()
        see(host, "On their phones: Ann · waiting for Ann and Bob", timeout=60_000)
        see(ann, "Ann 8")
        click(ann, "My line is in")
        see(host, "Ann ✓ 8")
        screenshot(ann, "live-ann-back")
        ann.context.close()
        host.context.close()
