"""The server's guards around Flet, without a server (issue 25): the event
budget, the strand that keeps one session's handlers in order, the full
collection after sessions expire, and the text probe's sanity check."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

from companion.server.flet_limits import CONTROL_EVENT, Budget, admitted
from companion.server.flet_workers import Strand, plain
from companion.server.gc_tuning import Sweep
from companion.ui.textscale import LINE, scale_of


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_budget_lets_a_burst_through_then_its_rate() -> None:
    clock = Clock()
    budget = Budget(burst=3, rate=2.0, clock=clock)
    assert [budget.take() for _ in range(5)] == [True, True, True, False, False]
    clock.now = 1.0  # two more a second
    assert [budget.take() for _ in range(3)] == [True, True, False]
    assert budget.dropped == 3


def test_only_control_events_count() -> None:
    class App:
        pass

    app = App()
    events = [admitted(app, [CONTROL_EVENT, {}]) for _ in range(100)]
    assert events.count(False) > 0  # a burst of 100 in no time
    assert admitted(app, [4, {"id": 1, "props": {}}])  # a property update
    assert admitted(app, [5, {"call_id": "x"}])  # an answer to the server
    assert admitted(app, [1, {}])  # registering


def test_a_strand_runs_one_sessions_jobs_one_at_a_time_in_order() -> None:
    seen: list[int] = []
    running = [0]
    overlap = []

    def job(i: int) -> int:
        running[0] += 1
        overlap.append(running[0])
        time.sleep(0.001)
        seen.append(i)
        running[0] -= 1
        return i

    with ThreadPoolExecutor(4) as pool:
        strand = Strand(pool)
        futures = [strand.submit(lambda i=i: job(i)) for i in range(50)]
        assert [f.result(timeout=30) for f in futures] == list(range(50))
    assert seen == list(range(50))
    assert max(overlap) == 1


def test_a_strand_hands_an_error_to_whoever_waits() -> None:
    with ThreadPoolExecutor(1) as pool:
        strand = Strand(pool)
        failed = strand.submit(lambda: 1 / 0)
        after = strand.submit(lambda: "next")
        assert isinstance(failed.exception(timeout=30), ZeroDivisionError)
        assert after.result(timeout=30) == "next"


def test_only_plain_handlers_go_to_a_worker() -> None:
    async def coroutine() -> None:
        pass

    def generator() -> object:
        yield None

    assert plain(lambda: None)
    assert not plain(coroutine)
    assert not plain(generator)
    assert not plain(None)


def test_one_sweep_for_a_burst_of_expiries() -> None:
    swept = threading.Event()
    calls = []

    def collect() -> None:
        calls.append(1)
        swept.set()

    sweep = Sweep(after=0.05, collect=collect)
    for _ in range(20):
        sweep.closed()
    assert swept.wait(30)
    time.sleep(0.2)
    assert calls == [1]
    swept.clear()
    sweep.closed()  # a later expiry: another sweep
    assert swept.wait(30)


def test_the_text_probe_ignores_what_no_device_draws() -> None:
    assert scale_of(LINE) == 1.0
    assert scale_of(LINE * 2) == 2.0
    for nonsense in (None, "57", True, float("nan"), float("inf"), -57.0, 0, 1e9):
        assert scale_of(nonsense) is None


def test_a_tap_drawn_over_before_its_handler_ran_still_runs() -> None:
    """A tap is dispatched on the loop and handled on a worker; when the
    page was redrawn in between (another phone's change), the control tapped
    had left the tree and Flet refused its handler ("Control must be added
    to the page first"): the tap was lost. Its handler runs, as the person
    saw it, on the page it was tapped on."""
    import weakref

    import flet as ft

    from companion.server.flet_workers import on_its_page

    class Session:
        """What a page needs of its session here: nothing."""

    page = ft.Page(sess=Session())  # type: ignore[arg-type]
    column = ft.Column([ft.Button("7")])
    key = column.controls[0]
    object.__setattr__(column, "_parent", weakref.ref(page))
    object.__setattr__(key, "_parent", weakref.ref(column))
    assert on_its_page(key, page, lambda: key.page) is page
    assert key.parent is column  # still in the tree: left alone
    object.__setattr__(key, "_parent", None)  # drawn over meanwhile
    assert on_its_page(key, page, lambda: key.page) is page
    assert on_its_page(key, None, lambda: "ran") == "ran"
