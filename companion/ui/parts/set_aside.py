"""The files the app moved aside, unreadable, on "Your games": download one
(to keep it, or send it to someone who can mend it) or remove it for good,
asked first. On a phone nothing else reaches them (issue 37, bug 11)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from companion.app.actions.games import GamesIntents
from companion.app.views.your_games import AsideLine
from companion.i18n import _
from companion.ui.screens.share import save_bytes
from companion.ui.widgets import bind, flat, primary, secondary


def _downloader(intents: GamesIntents, name: str) -> Callable[[], Awaitable[None]]:
    """Download handler of one file (async: Flet awaits it on its loop)."""

    async def download() -> None:
        file = await intents.aside_file(name)
        if file is not None:
            await save_bytes(intents, file.name, file.data, file.ext)

    return download


@ft.component
def SetAsideFiles(intents: GamesIntents, lines: tuple[AsideLine, ...]) -> ft.Control:
    doomed, set_doomed = ft.use_state("")

    async def remove(name: str) -> None:
        set_doomed("")
        await intents.remove_aside(name)

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
            actions.insert(0, secondary(_("Download"), _downloader(intents, line.name)))
        controls.append(ft.Row(actions, wrap=True))
    return ft.Column(controls, spacing=8)
