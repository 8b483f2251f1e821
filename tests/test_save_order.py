"""Issue 25, item 4: the page that saved gets its frame first.

Flet runs every session's re-render on one event loop, in the order they
were asked for. A commit told every other session first (from the handler,
as it committed) and the committing session re-rendered only once its
handler returned, so at a table of eight phones and a board the phone that
saved the round drew it last (1.26 s, after the others' 1.10 s).

On the one loop (issue 36) another page's re-render is a task that starts
only when the committing handler yields or ends; the saving page asks for
its own re-render before that, as its intent returns."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from own_loop import run_alone

from companion.app import AppState
from companion.app.hub import GameHub
from companion.store import GameStore
from companion.ui.app import on_page_thread


class Page:
    """What ``on_page_thread`` needs of a page: a live session, run_task
    (the re-render asked for is drawn when its task runs)."""

    def __init__(self, name: str, drawn: list[str]) -> None:
        self.name, self.drawn = name, drawn
        self.session = SimpleNamespace(connection=object())
        self.tasks: list[asyncio.Task[Any]] = []

    def run_task(self, work: Callable[[], Coroutine[Any, Any, object]]) -> None:
        self.tasks.append(asyncio.ensure_future(work()))


async def table(drawn: list[str]) -> tuple[AppState, AppState, list[Page]]:
    """Two sessions on one game, hooked up as ``ui.app.use_session`` does."""
    hub = GameHub(GameStore.memory())
    saver, other = AppState(hub), AppState(hub)
    for name in ("Ann", "Bob"):
        assert await saver.act(saver.form.add, name) is None
    assert saver.start_game() is None and saver.game_id is not None
    assert other.open_game(saver.game_id) is None
    pages = []
    for state, name in ((saver, "saver"), (other, "other")):
        page = Page(name, drawn)
        pages.append(page)
        state.subscribe(lambda name=name: drawn.append(name))

        def told(page: Page = page) -> None:
            on_page_thread(page, lambda: page.drawn.append(page.name))  # type: ignore[arg-type]

        state.news.subscribe(told)
    assert await saver.act(saver.entry.set_typed, "p1", 10) is None
    assert await saver.act(saver.entry.set_typed, "p2", 7) is None
    await asyncio.sleep(0.05)
    drawn.clear()
    return saver, other, pages


def test_the_saving_page_is_redrawn_before_the_others() -> None:
    async def play() -> tuple[list[str], list[str]]:
        drawn: list[str] = []
        saver, _other, pages = await table(drawn)
        assert saver.entry is not None
        assert await saver.act(saver.entry.save) is None  # the tap's handler
        at_once = list(drawn)
        for page in pages:
            await asyncio.gather(*page.tasks)
        return at_once, drawn

    at_once, drawn = run_alone(play())
    assert at_once == ["saver"]  # nothing else drawn before its handler ends
    assert drawn == ["saver", "other"]


def test_a_computer_players_move_is_told_to_every_page() -> None:
    """A commit made by no page (a computer player, a restore) is news to
    every page, the one that shows it included."""

    async def play() -> list[str]:
        drawn: list[str] = []
        saver, _other, pages = await table(drawn)
        assert saver.watch is not None
        game = saver.watch.game
        await game.commit(replace, what="a computer player moved")
        for page in pages:
            await asyncio.gather(*page.tasks)
        return drawn

    assert sorted(run_alone(play())) == ["other", "saver"]
