"""Where the app is, as a URL path: a reload, a reconnect after a server
restart and the browser's Back all come back to the same screen.

Flet-free, so the mapping is unit-tested: ``parse(path).path == path`` for
every screen.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal
from urllib.parse import urlsplit, urlunsplit

from companion.tablelink.invite import BadInvite, Invite, read_invite

Screen = Literal[
    "home",
    "rules",
    "setup",
    "history",
    "stats",
    "import",
    "your-games",
    "past",
    "past-share",
    "game",
    "entry",
    "digital",
    "share",
    "join",
    "invite",
    "board",
]
_FIXED: dict[str, Screen] = {
    "/": "home",
    "/rules": "rules",
    "/new": "setup",
    "/history": "history",
    "/history/stats": "stats",
    "/import": "import",
    "/games": "your-games",
}
_GAME = re.compile(
    r"^/(game|past|join|board)/([A-Za-z0-9_-]{1,64})"
    r"(?:/(entry|digital|share|invite))?$"
)
_GAME_SCREENS: dict[tuple[str, str], Screen] = {
    ("game", ""): "game",
    ("game", "entry"): "entry",
    ("game", "digital"): "digital",
    ("game", "share"): "share",
    ("game", "invite"): "invite",
    ("past", ""): "past",
    ("past", "share"): "past-share",
    ("join", ""): "join",  # a phone arriving from the host's invite
    ("board", ""): "board",  # the read-only board for a TV or tablet
}


@dataclass(frozen=True, slots=True)
class Route:
    screen: Screen = "home"
    game_id: str = ""

    @property
    def path(self) -> str:
        for path, screen in _FIXED.items():
            if screen == self.screen:
                return path
        for (kind, tail), screen in _GAME_SCREENS.items():
            if screen == self.screen:
                return f"/{kind}/{self.game_id}" + (f"/{tail}" if tail else "")
        raise AssertionError(self.screen)  # every Screen is mapped above

    @property
    def open_game(self) -> bool:
        """Screens that open their game (the others only read games)."""
        return self.screen in (
            "game",
            "entry",
            "digital",
            "share",
            "invite",
            "join",
            "board",
        )


def parse(path: str) -> Route:
    """The screen a URL path names; unknown paths are Home."""
    path = (path or "/").split("?", 1)[0].rstrip("/") or "/"
    if path in _FIXED:
        return Route(_FIXED[path])
    m = _GAME.match(path)
    if m is None:
        return Route()
    kind, game_id, tail = m.group(1), m.group(2), m.group(3) or ""
    screen = _GAME_SCREENS.get((kind, tail))
    return Route() if screen is None else Route(screen, game_id)


_LINK_TAIL = re.compile(r"/(?:join|board)/[^/]+$")


@dataclass(frozen=True, slots=True)
class TableLink:
    """A phones-only invite opened on this phone (issue 39): the join link
    ``…/join/<game>#room=…&key=…&host=…&broker=…``, or the same under
    ``/board/<game>`` for a board. The route is :func:`parse`'s of the path."""

    invite: Invite
    board: bool
    route: Route


def table_link(url: str | None) -> TableLink | None:
    """The phones-only invite in the address the phone opened (the part
    after ``#`` never reaches a server); None when it is not one."""
    if not url or "#" not in url:
        return None
    parts = urlsplit(url)
    path = parts.path.rstrip("/")  # the app may live under a folder
    tail = _LINK_TAIL.search(path)
    route = parse(tail.group(0) if tail else "")
    if tail is None or route.screen not in ("join", "board"):
        return None
    as_join = f"{path[: tail.start()]}/join/{route.game_id}"
    try:
        invite = read_invite(urlunsplit(parts._replace(path=as_join)))
    except BadInvite:
        return None
    return TableLink(invite, route.screen == "board", route)
