"""Player stats across every stored game: a table (games, wins, win rate,
mean round score, bust rate, Flip 7s, best round) and a bar chart of the
statistic chosen under it. The numbers come from companion.share.stats."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.share.stats import PlayerStats, one_decimal, percent

from .charts import METRICS, stats_bar_chart
from .guard import screen
from .widgets import choice, header, section

COLUMNS = ("Player", "Games", "Wins", "Win rate", "Mean round", "Bust rate")
COLUMNS += ("Flip 7s", "Best round")


def _row(s: PlayerStats) -> list[str]:
    best = "–" if s.best_round is None else str(s.best_round)
    return [
        s.name,
        str(s.games),
        str(s.wins),
        percent(s.win_rate),
        one_decimal(s.mean_round),
        percent(s.bust_rate),
        str(s.flip7s),
        best,
    ]


def stats_table(stats: list[PlayerStats]) -> ft.Control:
    table = ft.DataTable(
        columns=[
            ft.DataColumn(ft.Text(c, weight=ft.FontWeight.BOLD), numeric=i > 0)
            for i, c in enumerate(COLUMNS)
        ],
        rows=[ft.DataRow([ft.DataCell(ft.Text(v)) for v in _row(s)]) for s in stats],
        column_spacing=18,
        horizontal_margin=8,
        heading_row_height=44,
        data_row_min_height=40,
        data_row_max_height=44,
    )
    return ft.Row([table], scroll=ft.ScrollMode.AUTO)


@screen
def StatsScreen(stats: list[PlayerStats], on_back: Callable[[], None]) -> ft.Control:
    chosen, set_chosen = ft.use_state(0)
    metric = METRICS[chosen]
    controls: list[ft.Control] = []
    if not stats:
        controls.append(section("No games yet: play or import one."))
    else:
        controls += [
            ft.Text(
                "Every stored game counts; a player is matched by name. Win rate "
                "is over finished games; Flip 7s count tapped-in cards only.",
                size=13,
            ),
            stats_table(stats),
            section(f"{metric.label} per player"),
            ft.Row(
                [
                    choice(m.label, i == chosen, lambda i=i: set_chosen(i))
                    for i, m in enumerate(METRICS)
                ],
                wrap=True,
            ),
            stats_bar_chart(stats, metric),
        ]
    return ft.Column(
        [
            header("Player stats", on_back),
            ft.ListView(controls=controls, padding=16, spacing=12, expand=True),
        ],
        expand=True,
        spacing=0,
    )
