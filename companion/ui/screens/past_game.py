"""One past game: its sheet (read-only), its running-totals chart and the
standings. Opening it to correct it goes through the score sheet."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.app.views.past_game import PastGameView
from companion.i18n import _
from companion.ui.guard import screen
from companion.ui.parts.charts import totals_chart
from companion.ui.parts.score_table import score_table
from companion.ui.theme import ACCENT
from companion.ui.widgets import header, message, primary, secondary, section


@screen
def PastGameScreen(
    view: PastGameView,
    on_back: Callable[[], None],
    on_share: Callable[[str], None],
    on_play: Callable[[str], None],
) -> ft.Control:
    game_id, sheet, chart = view.game_id, view.sheet, view.chart
    if sheet is None or chart is None:
        body: list[ft.Control] = [message(view.problem or "", error=True)]
    else:
        body = [
            ft.Text(view.head, size=20, weight=ft.FontWeight.BOLD, color=ACCENT),
            ft.Text(view.played, size=13),
            ft.Row(
                [
                    primary(_("Share"), lambda: on_share(game_id), ft.Icons.QR_CODE),
                    secondary(
                        _("Open on the score sheet"),
                        lambda: on_play(game_id),
                        ft.Icons.EDIT_NOTE,
                    ),
                ],
                wrap=True,
            ),
            section(_("Running totals")),
            totals_chart(chart),
            section(_("Score sheet")),
            score_table(sheet, None),
        ]
    return ft.Column(
        [
            header(view.title, on_back),
            ft.ListView(controls=body, padding=16, spacing=12, expand=True),
        ],
        expand=True,
        spacing=0,
    )
