"""History: every stored game, found by a player's name as you type; a tap
opens one past game (screens/past_game.py); every game backed up in one
file."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import cast

import flet as ft

from companion.app import PlayLogView
from companion.app.actions.history import HistoryIntents
from companion.app.views.games import GameLine
from companion.app.views.history import HistoryView
from companion.i18n import _
from companion.ui.guard import screen
from companion.ui.parts.backup import back_up
from companion.ui.parts.game_tile import game_tile
from companion.ui.parts.play_log import BGSPLAY, copy_button, text_box, told_copied
from companion.ui.screens.share import save_bytes
from companion.ui.widgets import flat, header, message, secondary, section


def _tile(game: GameLine, on_open: Callable[[str], None]) -> ft.Control:
    return game_tile(
        game.heading, game.status, [flat(_("Open"), lambda: on_open(game.id))]
    )


def _logged(
    view: HistoryView, intents: HistoryIntents, logged: PlayLogView | None
) -> list[ft.Control]:
    """What "Log these plays" said, and the plays as BoardGameGeek text."""
    out: list[ft.Control] = []
    if view.notice is not None:
        out.append(message(view.notice.text, error=view.notice.error))
    if logged is not None:
        text = logged.bgg_text

        async def copied() -> None:
            await told_copied(intents.tell)

        copy = copy_button(text, copied)
        out += [ft.Row([copy]), text_box(text)]
    return out


def _actions(
    on_stats: Callable[[], None],
    on_import: Callable[[], None],
    log_plays: Callable[[], Awaitable[None]],
    backup: Callable[[], Awaitable[None]],
) -> ft.Control:
    return ft.Row(
        [
            secondary(_("Player stats"), on_stats, ft.Icons.BAR_CHART),
            flat(_("Import a game"), on_import, ft.Icons.DOWNLOAD),
            flat(_("Log these plays"), log_plays, ft.Icons.EVENT_NOTE),
            flat(_("Back up all games"), backup, ft.Icons.SAVE_ALT),
        ],
        wrap=True,
    )


@screen
def HistoryScreen(
    intents: HistoryIntents,
    on_back: Callable[[], None],
    on_open: Callable[[str], None],
    on_stats: Callable[[], None],
    on_import: Callable[[], None],
) -> ft.Control:
    query, set_query = ft.use_state("")
    spoke, set_spoke = ft.use_state(False)  # the notice is the log button's
    logged, set_logged = ft.use_state(cast(PlayLogView | None, None))
    view = intents.find(query)  # the view of the name typed so far

    async def log_plays() -> None:
        """Every finished game listed (the search narrows it) in one file,
        and their BoardGameGeek text to copy."""
        set_spoke(True)
        log = await intents.log_plays(query)
        set_logged(log)
        if log is not None:
            await save_bytes(intents, log.file_name, log.file_bytes, BGSPLAY, log.said)

    async def backup() -> None:
        """Every game, whatever the search shows, in one backup file."""
        set_spoke(True)
        set_logged(None)
        await back_up(intents)

    def search(text: str) -> None:
        set_query(text)
        set_logged(None)  # the text was of the games listed before

    controls: list[ft.Control] = [
        ft.TextField(
            label=_("Search by player name"),
            value=query,
            prefix_icon=ft.Icons.SEARCH,
            on_change=lambda e: search(e.control.value or ""),
        ),
        _actions(on_stats, on_import, log_plays, backup),
    ]
    if spoke:
        controls += _logged(view, intents, logged)
    controls.append(section(view.heading))
    controls += [_tile(g, on_open) for g in view.games]
    return ft.Column(
        [
            header(_("History"), on_back),
            ft.ListView(controls=controls, padding=16, spacing=10, expand=True),
        ],
        expand=True,
        spacing=0,
    )
