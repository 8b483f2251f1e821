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
