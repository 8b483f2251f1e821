"""The phone app opened from a phones-only invite (issue 39): join the host's
game through the broker.

Why read ``location.href``: the invite's room and key are in the URL's
fragment, which the browser never sends anywhere and Flet's route leaves
out. The link is kept in the phone's storage per game, so a reload (or a
screen reached later, whose address no longer has the fragment) joins the
same table again; the key pair is kept by :class:`BrowserLinks` in
IndexedDB, so the seat is still this phone's.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import flet as ft

from companion.app import AppState
from companion.machine import runtime
from companion.tablelink.links import BrowserLinks, Links

from .routes import TableLink, parse, table_link

TABLE_KEY = "flip7.table."  # + game id: the phones-only invite this phone opened
log = logging.getLogger(__name__)
# How the phone app reaches a table (tests may put their own here).
make_links: Callable[[], Links] = BrowserLinks


def page_address() -> str:
    """The address the page was opened at, fragment included. The app's
    Python runs in a worker, whose ``location`` is the worker script's:
    the page's is what Flet's page posted to it (``flet_js.documentUrl``,
    its ``document.URL``)."""
    if not runtime.IN_BROWSER:
        return ""
    import flet_js  # type: ignore[import-not-found]

    return str(getattr(flet_js, "documentUrl", "") or "")  # i18n: not shown


def app_address() -> str:
    """The phone app's own address (its folder, where index.html and the
    Python worker are), whatever screen the page shows: links are made
    under it."""
    if not runtime.IN_BROWSER:
        return ""
    import js  # type: ignore[import-not-found]

    return str(js.location.href).split("#", 1)[0].split("?", 1)[0].rsplit("/", 1)[0]


async def found_link(path: str, address: str) -> TableLink | None:
    """The invite in ``address``, kept for the game; else the one kept for
    the game ``path`` names (a reload of a later screen)."""
    prefs = ft.SharedPreferences()
    link = table_link(address)
    if link is not None:
        await prefs.set(TABLE_KEY + link.invite.game, address)
        return link
    game = parse(path).game_id
    stored = await prefs.get(TABLE_KEY + game) if game else None
    return table_link(stored) if isinstance(stored, str) else None


def elsewhere(state: AppState, game_id: str) -> bool:
    """The game is not this phone's: a table's, joined (or being joined)
    through the broker, never opened from this phone's storage."""
    if state.link is not None:
        return True
    if not runtime.IN_BROWSER or not game_id:
        return False
    return all(g.id != game_id for g in state.store.list_games())


def use_table_join(page: ft.Page, state: AppState, path: str) -> None:
    """Join the table the phone's address (or its storage) names, once."""

    def start() -> None:
        if not runtime.IN_BROWSER or state.link is not None:
            return

        async def join() -> None:
            try:
                link = await found_link(path, page_address())
            except (RuntimeError, TimeoutError):  # the tab went away
                log.debug("table link not read", exc_info=True)
                return
            if link is None or state.link is not None:
                return
            if any(g.id == link.invite.game for g in state.store.list_games()):
                return  # this phone's own game: it is the host
            await state.join_table(link.invite, make_links(), board=link.board)

        page.run_task(join)

    ft.use_effect(start, [path])
