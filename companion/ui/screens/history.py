"""History: every stored game, found by a player's name as you type, and
one past game at a time with its sheet (read-only) and its running-totals
chart. Opening a past game to correct it goes through the score sheet."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.store.records import GameSummary
from companion.ui.guard import screen
from companion.ui.parts.charts import totals_chart
from companion.ui.parts.game_tile import game_status, game_tile
from companion.ui.parts.score_table import score_table
from companion.ui.state import AppState
from companion.ui.state_share import played_day
from companion.ui.state_views import banner, standings
from companion.ui.theme import ACCENT
from companion.ui.widgets import flat, header, message, primary, secondary, section


def _tile(game: GameSummary, day: str, on_open: Callable[[str], None]) -> ft.Control:
    return game_tile(
        game.title,
        game_status(game, day),
        [flat("Open", lambda: on_open(game.id))],
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
    games = state.history(query)
    everything = len(state.games)
    controls: list[ft.Control] = [
        ft.TextField(
            label="Search by player name",
            value=query,
            prefix_icon=ft.Icons.SEARCH,
            on_change=lambda e: set_query(e.control.value or ""),
        ),
        ft.Row(
            [
                secondary("Player stats", on_stats, ft.Icons.BAR_CHART),
                flat("Import a game", on_import, ft.Icons.DOWNLOAD),
            ],
            wrap=True,
        ),
    ]
    if not everything:
        controls.append(section("No games yet"))
    elif not games:
        controls.append(section(f"No game with a player called “{query.strip()}”"))
    else:
        shown = f"{len(games)} of {everything}" if query.strip() else str(everything)
        controls.append(section(f"Games ({shown})"))
    controls += [_tile(g, state.game_day(g), on_open) for g in games]
    return ft.Column(
        [
            header("History", on_back),
            ft.ListView(controls=controls, padding=16, spacing=10, expand=True),
        ],
        expand=True,
        spacing=0,
    )


@screen
def PastGameScreen(
    state: AppState,
    game_id: str,
    on_back: Callable[[], None],
    on_share: Callable[[str], None],
    on_play: Callable[[str], None],
) -> ft.Control:
    record = state.load_game(game_id)
    if isinstance(record, str):
        body: list[ft.Control] = [message(record, error=True)]
        title = "Past game"
    else:
        sheet = record.sheet
        title = str(record.meta.get("title") or ", ".join(p.name for p in sheet.seated))
        head = banner(sheet) if sheet.over else None
        leader = standings(sheet)[0] if sheet.rounds else None
        if head is None and leader is not None:
            head = f"In progress · {leader.player.name} leads with {leader.total}"
        body = [
            ft.Text(
                head or "Not started yet",
                size=20,
                weight=ft.FontWeight.BOLD,
                color=ACCENT,
            ),
            ft.Text(
                f"Played {played_day(record)} · target {sheet.rules.target}"
                + (" · Brutal" if sheet.rules.brutal else ""),
                size=13,
            ),
            ft.Row(
                [
                    primary("Share", lambda: on_share(game_id), ft.Icons.QR_CODE),
                    secondary(
                        "Open on the score sheet",
                        lambda: on_play(game_id),
                        ft.Icons.EDIT_NOTE,
                    ),
                ],
                wrap=True,
            ),
            section("Running totals"),
            totals_chart(sheet),
            section("Score sheet"),
            score_table(sheet, None),
        ]
    return ft.Column(
        [
            header(title, on_back),
            ft.ListView(controls=body, padding=16, spacing=12, expand=True),
        ],
        expand=True,
        spacing=0,
    )
