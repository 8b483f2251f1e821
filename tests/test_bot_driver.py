"""Computer players move on the server: one driver per open game.

On main the pages moved them (each page slept, then asked for a move), so
two phones on one game both drove the bots, and with every phone on the
score sheet (or no page at all) they never moved. Here no session renders
anything: the hub's driver alone moves them, once per pause.
"""

from __future__ import annotations

import asyncio
import errno
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from drive import drive
from own_loop import run_alone

from companion.app import AppState
from companion.app.bots import BotClock
from companion.app.hub import GameHub
from companion.machine import runtime
from companion.store import GameStore

PAUSE = 0.9
# Ann deals: Bob 5, Cy 6, Ann 7; then Bob, Cy (computers), then Ann decides.
DECK = "5 6 7 8 9 10 11 12 1 2 3 4"


@dataclass
class Job:
    delay: float
    work: Callable[[], None]
    cancelled: bool = False

    def cancel(self) -> None:
        self.cancelled = True


class Manual:
    """A scheduler whose time passes only when the test says so."""

    def __init__(self) -> None:
        self.jobs: list[Job] = []

    def schedule(self, delay: float, work: Callable[[], None]) -> Callable[[], None]:
        job = Job(delay, work)
        self.jobs.append(job)
        return job.cancel

    @property
    def waiting(self) -> list[Job]:
        return [j for j in self.jobs if not j.cancelled]

    def pause(self) -> int:
        """One pause passes: the moves waiting now run on the loop, to their
        end (thinking and commit); how many there were."""
        due, self.jobs = self.waiting, []

        async def run() -> None:
            for job in due:
                job.work()
            others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            await asyncio.gather(*others)

        drive(run())
        return len(due)


def two_phones(
    clock: Manual, store: GameStore | None = None
) -> tuple[GameHub, AppState, AppState]:
    hub = GameHub(store or GameStore.memory(), BotClock(PAUSE, clock.schedule))
    one, two = AppState(hub, test_deck=DECK), AppState(hub)
    for name in ("Ann", "Bob", "Cy"):
        assert drive(one.act(one.form.add, name)) is None
    for seat in (1, 2):
        assert drive(one.act(one.form.set_computer, seat, "stop")) is None
    assert one.start_game() is None
    assert one.game_id is not None
    assert two.open_game(one.game_id) is None
    assert drive(one.act(one.table.start)) is None
    return hub, one, two


def choices(state: AppState) -> int:
    rnd = state.digital.round
    assert rnd is not None
    return len(rnd.choices)


def revision(state: AppState) -> int:
    assert state.watch is not None
    return state.watch.game.revision


def test_two_sessions_one_move_per_pause_and_no_page_needed() -> None:
    clock = Manual()
    _, one, two = two_phones(clock)
    assert [j.delay for j in clock.waiting] == [PAUSE]  # Bob, once, not per page
    two.shown()  # the other page re-rendered (the UI does this on every change)
    assert (
        drive(two.act(two.table.set_advisor, True)) is None
    )  # more commits: still one move waiting
    one.shown()
    assert drive(one.act(one.table.set_advisor, False)) is None
    assert len(clock.waiting) == 1
    before = (revision(one), choices(one))
    assert clock.pause() == 1  # Bob decides
    assert (revision(one), choices(one)) == (before[0] + 1, before[1] + 1)
    assert clock.pause() == 1  # Cy decides
    assert (revision(one), choices(one)) == (before[0] + 2, before[1] + 2)
    rnd = one.digital.round
    assert rnd is not None and rnd.pending is not None and rnd.pending.player == 0
    assert clock.waiting == []  # Ann's turn: nothing to move
    two.shown()
    assert drive(two.act(two.table.play, "stay")) is None
    moves = 0
    while one.digital.round is not None:  # only computers left; no page renders
        start = revision(one)
        assert clock.pause() == 1
        assert revision(one) == start + 1  # exactly one move per pause
        moves += 1
        assert moves < 40
    print(f"computer moves after Ann stayed: {moves}, one per pause")
    assert clock.waiting == []
    assert one.sheet is not None and len(one.sheet.rounds) == 1
    assert two.sheet is one.sheet
    # The round's end is news for every screen on the game.
    news = f"{one.sheet.next_dealer().name} deals next."
    assert one.notice is not None and one.notice.text == news
    assert two.notice is not None and two.notice.text == news


def test_bots_move_while_one_phone_left_and_stop_when_nobody_watches() -> None:
    clock = Manual()
    hub, one, two = two_phones(clock)
    one.close_game()  # one phone went Home; the other shows the score sheet
    assert clock.pause() == 1
    assert choices(two) == 1
    gid = two.game_id
    assert gid is not None
    two.close_game()  # nobody watches: the waiting move does nothing
    assert clock.pause() == 1
    assert clock.waiting == []
    assert hub.store.load(gid).digital is not None
    again = AppState(hub)
    assert again.open_game(gid) is None  # watched again: Cy moves next
    assert len(clock.waiting) == 1
    assert clock.pause() == 1 and choices(again) == 2


def test_deleting_the_game_cancels_its_waiting_move() -> None:
    clock = Manual()
    hub, one, two = two_phones(clock)
    (job,) = clock.waiting
    assert one.game_id is not None
    hub.delete(one.game_id)
    assert job.cancelled and clock.pause() == 0
    assert two.game_id is None  # told, gone Home


def test_a_failed_write_is_said_and_the_next_change_moves_on() -> None:
    clock = Manual()
    store = GameStore.memory()
    _, one, two = two_phones(clock, store)
    save = store.save_digital

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    store.save_digital = full  # type: ignore[method-assign]
    assert clock.pause() == 1
    assert choices(one) == 0  # nothing moved, memory is as the disk
    said = (
        "Bob (computer) could not move: Could not save (No space left on "
        "device); nothing was changed. Reload the page to let Bob try again."
    )
    for state in (one, two):
        assert state.notice is not None and state.notice.error
        assert state.notice.text == said
    assert clock.waiting == []  # no retry loop on a full disk
    store.save_digital = save  # type: ignore[method-assign]
    assert (
        drive(one.act(one.table.set_advisor, True)) is None
    )  # the next commit reschedules
    assert clock.pause() == 1 and choices(one) == 1
    assert two.notice is None  # the trouble is over: its message goes


def test_computer_players_alone_finish_the_round_without_any_page() -> None:
    """The loop's real timer with a tiny pause: nobody calls anything."""
    hub = GameHub(GameStore.memory(), BotClock(0.001))
    state = AppState(hub, test_deck=DECK)
    for seat, name in enumerate(("Ann", "Bob", "Cy")):
        assert drive(state.act(state.form.add, name)) is None
        assert drive(state.act(state.form.set_computer, seat, "odds")) is None
    assert state.start_game() is None
    done = threading.Event()
    state.news.subscribe(lambda: done.set() if state.digital.last else None)
    start = revision(state)
    assert drive(state.act(state.table.start)) is None
    assert done.wait(10), "the computer players stopped"
    time.sleep(0.05)  # nothing moves after the round is over
    last = state.digital.last
    assert last is not None and last.over
    assert state.sheet is not None and len(state.sheet.rounds) == 1
    assert state.digital.round is None
    moves = len(last.choices)
    assert revision(state) == start + 1 + moves  # the deal, then one per move
    print(f"round finished by computers alone: {moves} moves")


@pytest.mark.parametrize("in_browser", [False, True])
def test_moves_wait_on_the_event_loop_everywhere(
    monkeypatch: pytest.MonkeyPatch, in_browser: bool
) -> None:
    """One scheduler, the loop's (issue 36): on the server as in Pyodide,
    which has no threads, the pause is kept by the event loop, which runs
    the move on its own thread, and cancelling still works."""
    monkeypatch.setattr(runtime, "IN_BROWSER", in_browser)
    schedule = BotClock().schedule
    ran: list[int] = []

    async def play() -> int:
        schedule(0.01, lambda: ran.append(threading.get_ident()))
        cancel = schedule(0.01, lambda: ran.append(-1))
        cancel()
        await asyncio.sleep(0.05)
        return threading.get_ident()  # the loop's own thread

    assert ran == [run_alone(play())]


def test_the_hard_player_thinks_without_holding_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While a computer player thinks (off the loop, on the state as it
    was), a person's tap commits at once; the move thought about the old
    state is not committed over it: the player thinks again."""
    clock = Manual()
    _, one, two = two_phones(clock)
    from companion.app import bots

    gate = threading.Event()
    thinking = threading.Event()
    real = bots.bot_moved

    def slow(state: object) -> object:
        thinking.set()
        assert gate.wait(10)
        return real(state)  # type: ignore[arg-type]

    monkeypatch.setattr(bots, "bot_moved", slow)
    (job,) = clock.waiting
    start = choices(one)

    async def meanwhile() -> tuple[int, bool]:
        clock.jobs = []
        job.work()  # Bob starts thinking
        await asyncio.to_thread(thinking.wait, 10)
        assert one.watch is not None
        busy = one.watch.game.busy
        two.shown()
        assert await two.act(two.table.set_advisor, True) is None  # not blocked
        rev = revision(one)
        gate.set()
        others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        await asyncio.gather(*others)
        return rev, busy

    rev, busy = drive(meanwhile())
    assert not busy  # the game's lock was free while Bob thought
    assert choices(one) == start  # the stale move was not committed
    assert revision(one) == rev
    assert len(clock.waiting) == 1  # Bob thinks again after a pause
    assert clock.pause() == 1 and choices(one) == start + 1
