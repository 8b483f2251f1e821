"""Player stats across every stored game: a table (games, wins, win rate,
mean round score, bust rate, Flip 7s, best round) and a bar chart of the
statistic chosen under it. The numbers come from companion.share.stats.
The table is ours, not Flet's DataTable: the Player column stays put while
the figures scroll sideways, headers wrap at spaces, never cut mid-word."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from companion.app.views.stats import COLUMNS, StatsView
from companion.i18n import _
from companion.ui.guard import screen
from companion.ui.parts.charts import METRICS, stats_bar_chart
from companion.ui.parts.wide_table import (
    PAD,
    Col,
    WideTable,
    fit_width,
    room,
    text_width,
)
from companion.ui.widgets import bind, choice, header, section

SIZE = 14


def _text(value: str, *, bold: bool = False, end: bool = False) -> ft.Control:
    """A cell: numbers to the right (their digits line up), names to the left;
    two lines at most, broken at spaces (the column is wide enough)."""
    return ft.Container(
        alignment=ft.Alignment.CENTER_RIGHT if end else ft.Alignment.CENTER_LEFT,
        padding=ft.Padding.symmetric(horizontal=8),
        content=ft.Text(
            value,
            size=SIZE,
            weight=ft.FontWeight.BOLD if bold else None,
            max_lines=2,
            overflow=ft.TextOverflow.ELLIPSIS,
            text_align=ft.TextAlign.RIGHT if end else ft.TextAlign.LEFT,
        ),
    )


def stats_table(rows: Sequence[Sequence[str]]) -> ft.Control:
    """The Player column stays put; the figures scroll sideways on a phone.
    Headers take one line where the page has room, two on a phone."""
    heads = [_(c) for c in COLUMNS]

    def widths_for(one_line: bool) -> list[int]:
        return [
            fit_width(
                [(c, SIZE, True)] + [(r[i], SIZE, False) for r in rows],
                least=48,
                most=170 if i == 0 else 120,
                one_line=one_line,
            )
            for i, c in enumerate(heads)
        ]

    widths = widths_for(one_line=True)
    if sum(widths) > room():
        widths = widths_for(one_line=False)
    two_lines = any(
        text_width(c, SIZE, True) > w - PAD for c, w in zip(heads, widths, strict=True)
    )
    heights = [52 if two_lines else 44] + [
        44 if text_width(r[0], SIZE) > widths[0] - PAD else 40 for r in rows
    ]
    first = [_text(heads[0], bold=True)] + [_text(r[0]) for r in rows]
    columns = [
        Col(
            c,
            widths[i],
            [_text(c, bold=True, end=True)] + [_text(r[i], end=True) for r in rows],
        )
        for i, c in enumerate(heads)
        if i > 0
    ]
    return WideTable(
        first, widths[0], columns, heights, ("column", "columns"), lines=True
    )


@screen
def StatsScreen(view: StatsView, on_back: Callable[[], None]) -> ft.Control:
    chosen, set_chosen = ft.use_state(0)
    metric = METRICS[chosen]
    controls: list[ft.Control] = []
    if not view.rows:
        controls.append(section(_("No games yet: play or import one.")))
    else:
        controls += [
            ft.Text(
                _(
                    "Every stored game counts; a player is matched by name. Win "
                    "rate is over finished games; Flip 7s are counted from the "
                    "cards, so a typed score adds none."
                ),
                size=13,
            ),
            stats_table(view.rows),
            section(_("{statistic} per player").format(statistic=_(metric.label))),
            ft.Row(
                [
                    choice(_(m.label), i == chosen, bind(set_chosen, i))
                    for i, m in enumerate(METRICS)
                ],
                wrap=True,
            ),
            stats_bar_chart(view.players, metric),
        ]
    return ft.Column(
        [
            header(_("Player stats"), on_back),
            ft.ListView(controls=controls, padding=16, spacing=12, expand=True),
        ],
        expand=True,
        spacing=0,
    )
