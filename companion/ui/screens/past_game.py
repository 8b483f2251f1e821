"""One past game: its sheet (read-only), its running-totals chart and the
standings. Opening it to correct it goes through the score sheet."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.app import AppState, banner, played_day, standings
from companion.i18n import _
from companion.ui.guard import screen
from companion.ui.parts.charts import totals_chart
from companion.ui.parts.score_table import score_table
from companion.ui.theme import ACCENT
from companion.ui.widgets import header, message, primary, secondary, section


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
        title = _("Past game")
    else:
        sheet = record.sheet
        title = str(record.meta.get("title") or ", ".join(p.name for p in sheet.seated))
        head = banner(sheet) if sheet.over else None
        leader = standings(sheet)[0] if sheet.rounds else None
        if head is None and leader is not None:
            head = _("In progress · {name} leads with {total}").format(
                name=leader.player.name, total=leader.total
            )
        body = [
            ft.Text(
                head or _("Not started yet"),
                size=20,
                weight=ft.FontWeight.BOLD,
                color=ACCENT,
            ),
            ft.Text(
                _("Played {day} · target {target}").format(
                    day=played_day(record), target=sheet.rules.target
                )
                + (" · " + _("Brutal") if sheet.rules.brutal else ""),
                size=13,
            ),
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
            totals_chart(sheet),
            section(_("Score sheet")),
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
