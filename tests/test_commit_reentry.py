"""One game's commits never interleave (issues 34 and 36): while a commit
waits for its write (the disk on a server, IndexedDB on a phone), the next
tap's commit waits for it, then builds on what it left; neither is lost and
neither is refused.

The phone app once waited for IndexedDB with ``run_sync`` under a re-entrant
lock, and the next tap's commit walked in on the same thread: one swap
overwrote the other. Here the write yields in the middle of the commit and
a second commit is started meanwhile, on the server (the write on a worker
thread) and in the browser (the write awaited on the one loop).
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest
from own_loop import run_alone

from companion.app import AppState
from companion.machine import runtime
from companion.store import GameStore, storage


class Held(GameStore):
    """A store whose next draft write stops halfway until ``go`` is set
    (``inside`` is set when it got there): a slow disk, on a worker thread."""

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.inside = threading.Event()
        self.go = threading.Event()
        self.hold = False
        self.writes: list[dict[str, list[str]]] = []

    def save_draft(self, game_id: str, draft: Any) -> None:
        self.writes.append({p: list(c) for p, c in draft["lines"].items() if c})
        if self.hold:
            self.hold = False
            self.inside.set()
            assert self.go.wait(10), "the test never let the write finish"
        super().save_draft(game_id, draft)


async def a_game(state: AppState) -> None:
    for name in ("Ann", "Bob"):
        assert await state.act(state.form.add, name) is None
    assert state.start_game() is None and state.entry is not None


def test_on_the_server_a_second_commit_waits_for_the_first_write(
    tmp_path: Path,
) -> None:
    store = Held(tmp_path)

    async def play() -> tuple[AppState, list[str]]:
        state = AppState(store)
        await a_game(state)
        entry = state.entry
        assert entry is not None and state.watch is not None
        game = state.watch.game
        store.hold = True
        first = asyncio.ensure_future(state.act(entry.add_card, "p1", "8"))
        await asyncio.to_thread(store.inside.wait, 10)  # the write is halfway
        other = AppState(state.hub)  # another phone on the same game
        assert other.open_game(game.id) is None and other.entry is not None
        second = asyncio.ensure_future(other.act(other.entry.add_card, "p2", "5"))
        for _ in range(20):
            await asyncio.sleep(0)  # the loop is free: the second tap runs
        assert game.busy and not second.done()  # it waits: it did not walk in
        assert entry.draft.lines.get("p1", []) == []  # nothing shown before the write
        store.go.set()
        results = [await first, await second]
        return state, results

    state, results = run_alone(play())
    assert results == [None, None]  # Bob's line is not Ann's: applied on top
    assert state.entry is not None
    assert state.entry.draft.lines["p1"] == ["8"]
    assert state.entry.draft.lines["p2"] == ["5"]
    # the second write built on the first: nothing lost
    assert store.writes[-2:] == [{"p1": ["8"]}, {"p1": ["8"], "p2": ["5"]}]
    stored = GameStore(tmp_path).load(state.game_id or "")
    assert stored.draft is not None
    assert stored.draft["lines"]["p1"] == ["8"] and stored.draft["lines"]["p2"] == ["5"]


def test_in_the_browser_a_second_commit_waits_for_indexeddb(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No threads: the write goes to memory, then the commit awaits the copy
    to IndexedDB; the next tap's task runs meanwhile and must wait."""
    monkeypatch.setattr(runtime, "IN_BROWSER", True)
    waits: list[asyncio.Future[None]] = []

    async def indexeddb() -> None:  # the copy to IndexedDB, ended by the test
        done = asyncio.get_running_loop().create_future()
        waits.append(done)
        await done

    monkeypatch.setattr(storage, "SETTLED", [indexeddb])

    async def play() -> tuple[AppState, list[str | None]]:
        state = AppState(GameStore(tmp_path))
        await a_game(state)
        for done in waits:
            assert done.done() or not done.set_result(None)
        await asyncio.sleep(0)
        waits.clear()
        entry = state.entry
        assert entry is not None and state.watch is not None
        game = state.watch.game
        first = asyncio.ensure_future(state.act(entry.add_card, "p1", "8"))
        second = asyncio.ensure_future(state.act(entry.add_card, "p1", "9"))
        for _ in range(20):
            await asyncio.sleep(0)
        assert len(waits) == 1 and game.busy and not second.done()
        assert entry.draft.lines.get("p1", []) == []  # not shown before IndexedDB
        waits[0].set_result(None)
        for _ in range(20):
            await asyncio.sleep(0)
        assert len(waits) == 2 and entry.draft.lines["p1"] == ["8"]
        waits[1].set_result(None)
        return state, [await first, await second]

    state, results = run_alone(play())
    assert results == [None, None]
    assert state.entry is not None and state.entry.draft.lines["p1"] == ["8", "9"]
    stored = GameStore(tmp_path).load(state.game_id or "")
    assert stored.draft is not None and stored.draft["lines"]["p1"] == ["8", "9"]
