"""Issue 25, item 4: the page that saved gets its frame first.

Flet runs every session's re-render on one event loop, in the order they
were asked for. A commit told every other session first (from the handler,
as it committed) and the committing session re-rendered only once its
handler returned, so at a table of eight phones and a board the phone that
saved the round drew it last (1.26 s, after the others' 1.10 s). Now what a
handler tells other pages waits until the handler has finished: its own
re-render is asked for first."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

from drive import drive

from companion.app import AppState
from companion.app.hub import GameHub
from companion.server.flet_workers import after_handler, handled
from companion.store import GameStore
from companion.ui.app import on_page_thread


class Page:
    """What ``on_page_thread`` needs of a page: a live session, run_task."""

    def __init__(self, name: str, asked: list[str]) -> None:
        self.name, self.asked = name, asked
        self.session = SimpleNamespace(connection=object())

    def run_task(self, work: Callable[[], object]) -> None:
        self.asked.append(self.name)
        work().close()  # the coroutine is not run here: only the order counts


def table(asked: list[str]) -> tuple[AppState, AppState]:
    """Two sessions on one game, hooked up as ``ui.app.use_session`` does."""
    hub = GameHub(GameStore.memory())
    saver, other = AppState(hub), AppState(hub)
    for name in ("Ann", "Bob"):
        assert drive(saver.act(saver.form.add, name)) is None
    assert saver.start_game() is None and saver.game_id is not None
    assert other.open_game(saver.game_id) is None
    for state, name in ((saver, "saver"), (other, "other")):
        page = Page(name, asked)
        state.subscribe(lambda name=name: asked.append(name))
        state.news.subscribe(lambda page=page: on_page_thread(page, lambda: None))
    assert (
        drive(saver.act(saver.entry.set_typed, "p1", 10)) is None
        and drive(saver.act(saver.entry.set_typed, "p2", 7)) is None
    )
    asked.clear()
    return saver, other


def test_the_saving_page_is_redrawn_before_the_others() -> None:
    asked: list[str] = []
    saver, _other = table(asked)
    handled(
        lambda: drive(saver.act(saver.entry.save))
    )  # a tap's handler, as a worker runs it
    assert asked == ["saver", "other"]


def test_outside_a_handler_the_others_are_told_at_once() -> None:
    asked: list[str] = []
    saver, _other = table(asked)
    drive(
        saver.act(saver.entry.save)
    )  # a computer player's move, a timer: no handler to wait for
    assert asked == ["other", "saver"]


def test_what_waits_for_the_handler_runs_in_order_even_when_one_fails() -> None:
    done: list[str] = []

    def handler() -> str:
        after_handler(lambda: done.append("first"))
        after_handler(lambda: 1 / 0)
        after_handler(lambda: done.append("third"))
        done.append("handler")
        return "answer"

    assert handled(handler) == "answer"
    assert done == ["handler", "first", "third"]
    after_handler(lambda: done.append("now"))  # not in a handler: at once
    assert done[-1] == "now"
