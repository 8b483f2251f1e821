"""Charts of the history screens, drawn with flet-charts: a game's running
totals (one line per player, a dashed target line, a legend of names) and a
bar chart of one statistic per player.

flet-charts only describes the charts; Flet's prebuilt web client already
contains the chart renderer, so they draw offline. Each chart sits in a
Semantics node whose label says what it shows in words, for screen readers
(and the browser tests) that cannot see a canvas.

flet_charts is imported by the two chart functions, not here: it is the
heaviest import of the app (about a third of its start-up) and only the
history screens draw charts, so it is loaded on the first chart instead of
before the first frame (issue 10, item 7).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from companion.app.views.past_game import TotalsChart

if TYPE_CHECKING:
    import flet_charts as fch
from companion.i18n import N_, _, ngettext, one_decimal, rate, signed
from companion.share.stats import PlayerStats, Series
from companion.ui.parts.wide_table import room, text_width
from companion.ui.textscale import text_scale

# Distinct, colour-blind friendlier hues (Okabe-Ito first, then Tableau);
# red is left out: it means bust or problem everywhere else in the app.
PALETTE = (
    "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#8C564B",
    "#F0E442", "#7F7F7F", "#17BECF", "#BCBD22", "#9467BD", "#1F7A8C",
)  # fmt: skip
TARGET_COLOUR = ft.Colors.OUTLINE


def colour(i: int) -> str:
    return PALETTE[i % len(PALETTE)]


def legend(
    items: Sequence[tuple[str, str]], *, dashed_last: bool = False
) -> ft.Control:
    """Coloured swatches with names; ``dashed_last`` draws the last one as a
    dash (the target line)."""
    chips: list[ft.Control] = []
    for i, (name, hue) in enumerate(items):
        dash = dashed_last and i == len(items) - 1
        chips.append(
            ft.Row(
                [
                    ft.Container(
                        width=18,
                        height=4 if dash else 12,
                        bgcolor=hue,
                        border_radius=2 if dash else 6,
                    ),
                    ft.Text(name, size=14),
                ],
                spacing=6,
                tight=True,
            )
        )
    return ft.Row(chips, wrap=True, spacing=14, run_spacing=4)


def _step(n: int, labels: int) -> int:
    return max(1, -(-n // labels))


def totals_chart(totals: TotalsChart, *, height: int = 280) -> ft.Control:
    """Running totals after each round, with the target as a dashed line."""
    import flet_charts as fch

    series = list(totals.series)
    rounds, target = totals.rounds, totals.target
    values = [v for s in series for v in s.totals] + [target, 0]
    low, high = min(values), max(values)
    lines = _total_lines(series, rounds, target)
    step = _step(rounds, round_labels(rounds))
    bottom, top = score_range(low, high, height)
    chart = fch.LineChart(
        data_series=lines,
        min_x=0,
        max_x=max(rounds, 1),
        min_y=bottom,
        max_y=top,
        height=height,
        expand=True,
        interactive=True,
        animation=ft.Animation(duration=0),
        horizontal_grid_lines=fch.ChartGridLines(
            color=ft.Colors.with_opacity(0.2, ft.Colors.ON_SURFACE), width=1
        ),
        left_axis=score_axis(top - bottom, height),
        bottom_axis=fch.ChartAxis(
            label_size=28 * text_scale(),
            labels=[
                fch.ChartAxisLabel(x, _round_label(x))
                for x in range(0, rounds + 1, step)
            ],
        ),
        tooltip=fch.LineChartTooltip(fit_inside_horizontally=True),
    )
    words = ", ".join(f"{s.name} {s.totals[-1]}" for s in series)
    names = [(series_name(s), colour(i)) for i, s in enumerate(series)]
    return ft.Column(
        [
            ft.Semantics(
                label=ngettext(
                    "Chart of running totals over {n} round: {totals}",
                    "Chart of running totals over {n} rounds: {totals}",
                    rounds,
                ).format(n=rounds, totals=words),
                image=True,
                content=ft.Container(chart, padding=ft.Padding.only(right=12, top=8)),
            ),
            legend(
                [*names, (_("Target {n}").format(n=target), TARGET_COLOUR)],
                dashed_last=True,
            ),
        ],
        spacing=8,
    )


def _round_label(x: int) -> ft.Control:
    """R1, R2… centred under their points; "Start" begins at the axis
    instead (centred, it ran into the score axis's "0": issue 37)."""
    if x:
        return ft.Text(_("R{n}").format(n=x), size=12)
    word = _("Start")
    shift = math.ceil(text_width(word, 12))  # as wide again: it starts at 0
    return ft.Container(ft.Text(word, size=12), padding=ft.Padding.only(left=shift))


def series_name(s: Series) -> str:
    """The legend's name for a line: who left says so, and a late player's
    start (her line begins halfway up, issue 37)."""
    if not s.seated:
        return _("{name} (left)").format(name=s.name)
    if s.start:
        return _("{name} (started at {total})").format(
            name=s.name, total=signed(s.start)
        )
    return s.name


def start_tip(s: Series) -> str | None:
    """The tooltip of a late player's first point, where she joined."""
    if not s.start or not s.span[0]:
        return None
    return _("{name}: {total} (start)").format(name=s.name, total=signed(s.start))


def _total_lines(
    series: Sequence[Series], rounds: int, target: int
) -> list[fch.LineChartData]:
    """One line a player, over the rounds they were at the table (a late
    player starts where they joined, one who left stops there: not a dashed
    line from Start, which only the target is), then the target, dashed."""
    import flet_charts as fch

    lines = [
        fch.LineChartData(
            points=[
                fch.LineChartDataPoint(
                    x,
                    y,
                    tooltip=(x == s.span[0] and start_tip(s)) or f"{s.name}: {y}",
                )
                for x, y in enumerate(s.totals)
                if s.span[0] <= x <= s.span[1]
            ],
            color=colour(i),
            stroke_width=3,
            point=True,
        )
        for i, s in enumerate(series)
    ]
    lines.append(
        fch.LineChartData(
            points=[
                fch.LineChartDataPoint(0, target, show_tooltip=False),
                fch.LineChartDataPoint(max(rounds, 1), target, show_tooltip=False),
            ],
            color=TARGET_COLOUR,
            stroke_width=2,
            dash_pattern=[8, 6],
        )
    )
    return lines


@dataclass(frozen=True, slots=True)
class Metric:
    label: str  # marked with N_: translate with _() where shown
    value: Callable[[PlayerStats], float | None]
    text: Callable[[PlayerStats], str]
    rate: bool = False  # a share: the bars run 0 to 100 %


METRICS: tuple[Metric, ...] = (
    Metric(N_("Wins"), lambda s: s.wins, lambda s: str(s.wins)),
    Metric(N_("Win rate"), lambda s: s.win_rate, lambda s: rate(s.win_rate), True),
    Metric(
        N_("Mean round"), lambda s: s.mean_round, lambda s: one_decimal(s.mean_round)
    ),
    Metric(N_("Bust rate"), lambda s: s.bust_rate, lambda s: rate(s.bust_rate), True),
    Metric(N_("Flip 7s"), lambda s: s.flip7s, lambda s: str(s.flip7s)),
    Metric(
        N_("Best round"), lambda s: s.best_round, lambda s: str(s.best_round or "–")
    ),
)


def stats_bar_chart(
    stats: Sequence[PlayerStats], metric: Metric, *, height: int = 260
) -> ft.Control:
    """One bar per player (the first 12 of the table) for ``metric``."""
    import flet_charts as fch

    shown = list(stats[:12])
    values = [metric.value(s) or 0.0 for s in shown]
    scale = 100.0 if metric.rate else 1.0
    top = max([v * scale for v in values] + [1.0])
    low = min([v * scale for v in values] + [0.0])
    groups = [
        fch.BarChartGroup(
            x=i,
            rods=[
                fch.BarChartRod(
                    from_y=0,
                    to_y=v * scale,
                    width=22,
                    color=colour(i),
                    border_radius=4,
                    tooltip=f"{s.name}: {metric.text(s)}",
                )
            ],
        )
        for i, (s, v) in enumerate(zip(shown, values, strict=True))
    ]
    spacing = 20.0 if metric.rate else float(max(1, math.ceil(max(top, -low) / 5)))
    each = plot_width() / max(1, len(shown)) - 2  # a bar's share, less a hair
    chart = fch.BarChart(
        groups=groups,
        min_y=spacing * math.floor(low / spacing),
        max_y=spacing * (math.floor(top / spacing) + 1),
        height=height,
        expand=True,
        animation=ft.Animation(duration=0),
        horizontal_grid_lines=fch.ChartGridLines(
            color=ft.Colors.with_opacity(0.2, ft.Colors.ON_SURFACE), width=1
        ),
        left_axis=fch.ChartAxis(label_size=44 * text_scale(), label_spacing=spacing),
        bottom_axis=fch.ChartAxis(
            label_size=32 * text_scale(),
            labels=[
                fch.ChartAxisLabel(
                    i, ft.Text(bar_label(s.name, each), size=12, no_wrap=True)
                )
                for i, s in enumerate(shown)
            ],
        ),
    )
    words = ", ".join(f"{s.name} {metric.text(s)}" for s in shown)
    return ft.Semantics(
        label=_("Bar chart of {statistic}: {values}").format(
            statistic=_(metric.label).lower(), values=words
        ),
        image=True,
        content=ft.Container(chart, padding=ft.Padding.only(right=12, top=8)),
    )


def score_range(low: int, high: int, height: int) -> tuple[float, float]:
    """The score axis's ends, padded, each on a labelled step: the axis's
    own end label ("220") drew on top of the step's ("200") at large text."""
    pad = max(10, (high - low) // 10)
    floor = low - pad if low < 0 else 0
    step = axis_step(high + pad - floor, height)
    return math.floor(floor / step) * step, math.ceil((high + pad) / step) * step


def plot_width() -> float:
    """The charts' width beside their score axis (44 px at the text scale)
    and inside their right padding (12 px): what bars and labels share."""
    return room() - 12 - 44 * text_scale()


def round_labels(rounds: int) -> int:
    """How many round labels ("Start", "R1"…) fit under the chart side by
    side at the device's text scale (10 at most): "StartR1" ran together
    at 200 % text on a phone."""
    room_px = plot_width()
    need = text_width(_("Start"), 12) + 12
    return max(2, min(10, int(room_px / need)))


def bar_label(name: str, width: float, size: int = 12) -> str:
    """``name`` under its bar, cut with "…" only where the bar's ``width``
    (px) has no room for it whole (a fixed eight letters cut "Computer 1"
    on a phone with room to spare); never less than a letter and "…"."""
    if text_width(name, size) <= width:
        return name
    cut = len(name) - 1
    while cut > 1 and text_width(name[:cut] + "…", size) > width:
        cut -= 1
    return name[:cut] + "…"


def score_axis(span: float, height: float) -> fch.ChartAxis:
    """The line chart's score axis, its labels spaced for the text scale."""
    import flet_charts as fch  # loaded with the first chart, like the others

    return fch.ChartAxis(
        label_size=44 * text_scale(), label_spacing=axis_step(span, height)
    )


def axis_step(span: float, height: float) -> float:
    """A round step (1, 2 or 5 times a power of ten) for the score axis that
    leaves each label room for its line at the device's text scale: at
    200 % text the chart's own choice drew labels on top of each other."""
    most = max(2, int(height / (28 * text_scale())))
    step = 1.0
    while span / step > most:
        for m in (2, 2.5, 2):
            step *= m
            if span / step <= most:
                break
    return step
