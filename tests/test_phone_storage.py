"""The phone app's games folder on IndexedDB (issue 34), without a browser:
:mod:`companion.browser.storage` against :mod:`tests.fake_pyodide`, and its
plain parts (:mod:`companion.browser.saving`, :mod:`companion.browser.records`).

The browser's own run of these is tests/browser/test_phone_app_faults.py.
"""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

import pytest
from fake_pyodide import DIR, Browser, Int8Array, in_browser, record
from own_loop import run_alone

from companion.app import AppState
from companion.browser.records import BYTES, MISSING, Record, damage, sort_out
from companion.browser.saving import NO_ROOM, SAVED_AGAIN, Saver, WriteRefused
from companion.machine import runtime
from companion.store import GameStore, storage

Told = list[tuple[str, bool]]


async def settle(browser: Browser, *waiting: Any) -> None:
    """Let the page run: its queued tasks and Python's, until nothing is left."""
    for _ in range(200):
        browser.run()
        await asyncio.sleep(0)
        if not browser.queue and all(f.done() for f in waiting):
            await asyncio.sleep(0)
            if not browser.queue:
                return
    raise AssertionError("the page never settled")


async def opened(browser: Browser, root: Path, told: Told) -> tuple[Any, list[str]]:
    from companion.browser.storage import Folder

    folder = Folder(root, lambda text, error: told.append((text, error)))
    opening = asyncio.ensure_future(folder.open())
    await settle(browser, opening)
    return folder, opening.result()


async def a_game(root: Path) -> AppState:
    state = AppState(GameStore(root))
    for name in ("Ann", "Bob"):
        assert await state.act(state.form.add, name) is None
    assert state.start_game() is None and state.entry is not None
    return state


async def tapped(browser: Browser, tap: Awaitable[str | None]) -> str | None:
    """A tap's intent run to its end while the page runs (IndexedDB's
    writes end in the page's own tasks)."""
    task = asyncio.ensure_future(tap)
    await settle(browser, task)
    return task.result()


@pytest.fixture()
def hooks(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The browser's storage hooks, fresh; the app as it runs in Pyodide."""
    fresh: list[Any] = []
    monkeypatch.setattr(storage, "AFTER_CHANGE", fresh)
    monkeypatch.setattr(storage, "SETTLED", [])
    monkeypatch.setattr(runtime, "IN_BROWSER", True)
    return fresh


def test_a_tap_made_while_indexeddb_writes_the_last_one_is_kept(
    tmp_path: Path, hooks: list[Any]
) -> None:
    """Tap 8, and tap 9 while 8 is being written to IndexedDB: the browser
    runs the second tap's task as soon as the first commit lets it (it did,
    inside ``run_sync``: the second commit walked into the first, and the
    first swapped its state over it, 9 lost). Now the first commit awaits
    IndexedDB and the second waits for it (issue 36): both cards are kept,
    in memory, on disk and in IndexedDB, and nothing used ``run_sync``."""
    root = tmp_path / "games"

    async def play() -> tuple[Browser, AppState]:
        with in_browser(root, asyncio.get_running_loop()) as browser:
            await opened(browser, root, [])
            state = await tapped(browser, a_game(root))  # type: ignore[arg-type]
            assert state.entry is not None
            entry = state.entry
            later: list[asyncio.Future[str | None]] = []
            browser.queue.append(
                lambda: later.append(
                    asyncio.ensure_future(state.act(entry.add_card, "p1", "9"))
                )
            )
            assert await tapped(browser, state.act(entry.add_card, "p1", "8")) is None
            await settle(browser, *later)
            assert [f.result() for f in later] == [None]
            return browser, state

    browser, state = run_alone(play())
    assert state.entry is not None and state.entry.draft is not None
    assert state.entry.draft.lines["p1"] == ["8", "9"]
    assert browser.suspended == 0  # no commit waited for IndexedDB inside
    gid = state.game_id
    stored = GameStore(root).load(gid or "")
    assert stored.draft is not None and stored.draft["lines"]["p1"] == ["8", "9"]
    saved = browser.files()[str(root / "games" / f"{gid}.json")]
    assert '["8","9"]' in saved.decode()


def test_a_write_indexeddb_refuses_is_told_at_once_and_saved_by_the_next(
    tmp_path: Path, hooks: list[Any]
) -> None:
    """The phone is full: the change stays on screen (memory), the player
    reads why at once; space freed, the next change saves both."""
    root = tmp_path / "games"
    told: Told = []

    async def play() -> tuple[Browser, AppState, Told]:
        with in_browser(root, asyncio.get_running_loop()) as browser:
            await opened(browser, root, told)
            state = await tapped(browser, a_game(root))  # type: ignore[arg-type]
            assert state.entry is not None and told == []
            browser.refuse = "QuotaExceededError"
            assert (
                await tapped(browser, state.act(state.entry.add_card, "p1", "8"))
                is None
            )
            assert told == [(NO_ROOM, True)]
            browser.refuse = None
            assert (
                await tapped(browser, state.act(state.entry.add_card, "p2", "5"))
                is None
            )
            return browser, state, told

    browser, state, told = run_alone(play())
    assert told == [(NO_ROOM, True), (SAVED_AGAIN, False)]
    saved = browser.files()[str(root / "games" / f"{state.game_id}.json")].decode()
    assert '"p1":["8"]' in saved and '"p2":["5"]' in saved
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}

    async def reload() -> list[str]:  # a new page: memory empty, IndexedDB kept
        with in_browser(root, asyncio.get_running_loop()) as again:
            again.records = browser.records
            return (await opened(again, root, []))[1]

    shutil.rmtree(root)
    assert run_alone(reload()) == []  # Python's own files are no damage
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before


def test_a_damaged_record_is_moved_aside_and_the_app_starts_with_the_rest(
    tmp_path: Path, hooks: list[Any]
) -> None:
    """A game file's record holds ``contents: null``: IDBFS's read-back
    threw into the app's start. Now it is moved aside (named, the player
    told), and the other game opens."""
    root = tmp_path / "games"
    good = (root / "games" / "good.json").as_posix()
    bad = (root / "games" / "bad.json").as_posix()

    async def start() -> tuple[Browser, list[str]]:
        with in_browser(root, asyncio.get_running_loop()) as browser:
            browser.records = {
                (root / "games").as_posix(): record(None, DIR),
                good: record(Int8Array(b"{}")),
                bad: record(None),
            }
            _, moved = await opened(browser, root, [])
            return browser, moved

    browser, moved = run_alone(start())
    assert (root / "games" / "good.json").read_bytes() == b"{}"
    assert not (root / "games" / "bad.json").exists()
    (aside,) = [p for p in browser.records if p.startswith(bad + ".corrupt-")]
    assert (Path(aside)).read_bytes() == b""
    assert bad not in browser.records
    assert len(moved) == 1 and "bad.json was damaged" in moved[0]
    assert Path(aside).name in moved[0] and "it holds no contents" in moved[0]


# --- the plain parts ---------------------------------------------------------


def test_writes_run_one_at_a_time_in_order_and_a_burst_costs_two() -> None:
    async def burst() -> list[int]:
        folder = [0]
        written: list[int] = []
        running = [0]

        async def write() -> None:
            running[0] += 1
            assert running[0] == 1  # never two at once
            seen = folder[0]
            await asyncio.sleep(0.01)
            written.append(seen)
            running[0] -= 1

        saver = Saver(write, lambda text, error: None)
        for n in range(1, 6):
            folder[0] = n
            saver.changed()
            await asyncio.sleep(0)
        await saver.settled()
        return written

    assert run_alone(burst()) == [1, 5]


def test_a_refusal_is_worded_by_its_kind() -> None:
    told: Told = []

    async def refuse(name: str) -> None:
        async def write() -> None:
            raise WriteRefused(name, "it said no")

        saver = Saver(write, lambda text, error: told.append((text, error)))
        saver.changed()
        await saver.settled()

    run_alone(refuse("QuotaExceededError"))
    run_alone(refuse("UnknownError"))
    assert told[0] == (NO_ROOM, True)
    assert told[1][1] and "(it said no)" in told[1][0]


def test_a_screen_that_cannot_tell_does_not_stop_the_next_write() -> None:
    async def run() -> list[int]:
        written: list[int] = []
        refuse = [True]

        async def write() -> None:
            if refuse.pop(0) if refuse else False:
                raise WriteRefused("QuotaExceededError", "full")
            written.append(1)

        def tell(text: str, error: bool) -> None:
            raise RuntimeError("Dialog is already opened")

        saver = Saver(write, tell)
        saver.changed()
        await asyncio.sleep(0)
        saver.changed()  # made while the refused write ran
        await saver.settled()
        return written

    assert run_alone(run()) == [1]


@pytest.mark.parametrize(
    ("rec", "reason"),
    [
        (Record("/d/g.json", 0o100666, BYTES), None),
        (Record("/d/games", 0o40777, MISSING), None),
        (Record("/d/g.json", 0o100666, MISSING), "it holds no contents"),
        (Record("/d/g.json", 0o100666, "str"), "its contents are not bytes"),
        (Record("/d/g.json", None, BYTES), "it is neither a file nor a folder"),
        (Record("/d/g.json", 0o010666, BYTES), "it is neither a file nor a folder"),
        (Record("/d/g.json", 0o100666, BYTES, dated=False), "it has no date"),
        (Record("/d/l", 0o120777, MISSING), "it is a link to nothing"),
    ],
)
def test_each_kind_of_damage_is_named(rec: Record, reason: str | None) -> None:
    assert damage(rec) == reason


def test_moved_aside_under_a_free_name_and_a_damaged_folder_kept_as_one() -> None:
    records = [
        Record("/d/games", None, MISSING),
        Record("/d/games/a.json", 0o100666, MISSING),
        Record("/d/games/a.json.corrupt-T", 0o100666, BYTES),
        Record("/d/games/b.json", 0o100666, BYTES),
    ]
    plan = sort_out(records, "T")
    assert plan.folders == ["/d/games"]
    assert [(a.path, a.moved_to) for a in plan.aside] == [
        ("/d/games/a.json", "/d/games/a.json.corrupt-T-1")
    ]
