"""Every screen has a URL path that names it back (reload, restart, Back)."""

from __future__ import annotations

import typing

import pytest

from companion.ui.routes import Route, Screen, parse

GAME_SCREENS = (
    "game",
    "entry",
    "digital",
    "share",
    "invite",
    "join",
    "past",
    "past-share",
    "board",
)


@pytest.mark.parametrize("screen", typing.get_args(Screen))
def test_every_screen_round_trips(screen: Screen) -> None:
    route = Route(screen, "g1a2" if screen in GAME_SCREENS else "")
    assert parse(route.path) == route


@pytest.mark.parametrize(
    "path", ["", "/nope", "/game/", "/game/a/b/c", "/game/x/delete", "/past/x/entry"]
)
def test_unknown_paths_are_home(path: str) -> None:
    assert parse(path) == Route()


def test_paths() -> None:
    assert parse("/game/abc/entry") == Route("entry", "abc")
    assert parse("/game/abc/invite") == Route("invite", "abc")
    assert parse("/game/abc/invite").open_game
    assert parse("/history/stats/") == Route("stats")
    assert parse("/past/abc?x=1") == Route("past", "abc")
    assert not parse("/past/abc").open_game and parse("/game/abc/share").open_game


def test_the_board_opens_its_game_and_ignores_the_invite_token() -> None:
    route = Route("board", "g1a2")
    assert route.path == "/board/g1a2"
    assert parse("/board/g1a2") == route
    assert parse("/board/g1a2?t=0123abcdef") == route
    assert parse("/board/g1a2/?t=x") == route
    assert route.open_game
    assert parse("/board/g1a2/entry") == Route()  # the board has no sub-screens


# --- a phones-only invite (issue 39) -------------------------------------------
def test_a_table_link_round_trips_through_the_route() -> None:
    from companion.tablelink.invite import new_invite
    from companion.ui.routes import table_link

    invite = new_invite("g1a2", "wss://nats.example.org:8443", bytes([4]) + bytes(64))
    for app in ("https://flip7.example.org", "https://example.org/apps/flip7/"):
        link = table_link(invite.link(app))
        assert link is not None
        assert link.invite == invite and not link.board
        assert link.route == Route("join", "g1a2")
        assert parse(link.route.path) == link.route
        board = table_link(invite.link(app).replace("/join/", "/board/"))
        assert board is not None and board.board and board.invite == invite
        assert board.route == Route("board", "g1a2")


@pytest.mark.parametrize(
    "url",
    [
        None,
        "",
        "https://x.org/join/g1",  # no fragment: the served app's join
        "https://x.org/join/g1#room=short&key=a&host=b&broker=wss%3A%2F%2Fb",
        "https://x.org/game/g1#room=abcdefghijklmnop",
        "https://x.org/join/g1/entry#room=abcdefghijklmnop",
    ],
)
def test_anything_else_is_no_table_link(url: str | None) -> None:
    from companion.ui.routes import table_link

    assert table_link(url) is None
