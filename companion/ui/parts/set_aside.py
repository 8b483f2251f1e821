"""The files the app moved aside, unreadable, on "Your games": download one
(to keep it, or send it to someone who can mend it) or remove it for good,
asked first. On a phone nothing else reaches them (issue 37, bug 11)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from companion.app import AppState
from companion.app.refusal import Refusal
from companion.app.views.your_games import AsideLine
from companion.i18n import _
from companion.ui.screens.share import save_bytes
from companion.ui.widgets import bind, flat, primary, secondary


def _downloader(state: AppState, name: str) -> Callable[[], Awaitable[None]]:
    """Download handler of one file (async: Flet awaits it on its loop)."""

    async def download() -> None:
        try:
            file, data = state.backups.aside.download(name)
        except Refusal as exc:
            state.tell(exc.message, error=True)
            return
        await save_bytes(state, file, data, file.rpartition(".")[2])

    return download


@ft.component
def SetAsideFiles(state: AppState, lines: tuple[AsideLine, ...]) -> ft.Control:
    doomed, set_doomed = ft.use_state("")

    async def remove(name: str) -> None:
        set_doomed("")
        await state.act(state.backups.aside.remove, name)

    controls: list[ft.Control] = [
        ft.Text(_("Files that could not be read"), size=17, weight=ft.FontWeight.BOLD),
        ft.Text(
            _(
                "The app moved these aside and never writes over them. Download "
                "one to keep it or to have it mended; remove it to free its space."
            ),
            size=14,
        ),
    ]
    for line in lines:
        controls.append(ft.Text(line.label, size=14))
        if doomed == line.name:
            controls.append(
                ft.Row(
                    [
                        primary(_("Remove for good"), bind(remove, line.name)),
                        flat(_("Keep"), lambda: set_doomed("")),
                    ],
                    wrap=True,
                )
            )
            continue
        actions = [flat(_("Remove"), bind(set_doomed, line.name))]
        if not line.empty:
            actions.insert(0, secondary(_("Download"), _downloader(state, line.name)))
        controls.append(ft.Row(actions, wrap=True))
    return ft.Column(controls, spacing=8)
