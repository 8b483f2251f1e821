"""History: every stored game, found by a player's name as you type; a tap
opens one past game (screens/past_game.py)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.app import AppState
from companion.i18n import _
from companion.store.records import GameSummary
from companion.ui.guard import screen
from companion.ui.parts.game_tile import game_status, game_tile
from companion.ui.parts.play_log import BGSPLAY
from companion.ui.screens.share import save_bytes
from companion.ui.widgets import flat, header, message, secondary, section


def _tile(game: GameSummary, day: str, on_open: Callable[[str], None]) -> ft.Control:
    return game_tile(
        game.title,
        game_status(game, day),
        [flat(_("Open"), lambda: on_open(game.id))],
    )


@screen
def HistoryScreen(
    state: AppState,
    on_back: Callable[[], None],
    on_open: Callable[[str], None],
    on_stats: Callable[[], None],
    on_import: Callable[[], None],
) -> ft.Control:
    query, set_query = ft.use_state("")
    spoke, set_spoke = ft.use_state(False)  # the notice is the log button's
    games = state.history(query)
    everything = len(state.games)

    async def log_plays() -> None:
        """Every finished game listed (the search narrows it) in one file."""
        set_spoke(True)
        log = state.history_log(query)
        if isinstance(log, str):
            state.tell(_(log), error=True)
        else:
            await save_bytes(state, log.file_name, log.file_bytes, BGSPLAY, log.said)

    controls: list[ft.Control] = [
        ft.TextField(
            label=_("Search by player name"),
            value=query,
            prefix_icon=ft.Icons.SEARCH,
            on_change=lambda e: set_query(e.control.value or ""),
        ),
        ft.Row(
            [
                secondary(_("Player stats"), on_stats, ft.Icons.BAR_CHART),
                flat(_("Import a game"), on_import, ft.Icons.DOWNLOAD),
                flat(_("Log these plays"), log_plays, ft.Icons.EVENT_NOTE),
            ],
            wrap=True,
        ),
    ]
    if spoke and state.notice is not None:
        controls.append(message(state.notice.text, error=state.notice.error))
    if not everything:
        controls.append(section(_("No games yet")))
    elif not games:
        controls.append(
            section(
                _("No game with a player called “{name}”").format(name=query.strip())
            )
        )
    else:
        if query.strip():
            shown = _("Games ({shown} of {count})").format(
                shown=len(games), count=everything
            )
        else:
            shown = _("Games ({count})").format(count=everything)
        controls.append(section(shown))
    controls += [_tile(g, state.game_day(g), on_open) for g in games]
    return ft.Column(
        [
            header(_("History"), on_back),
            ft.ListView(controls=controls, padding=16, spacing=10, expand=True),
        ],
        expand=True,
        spacing=0,
    )
