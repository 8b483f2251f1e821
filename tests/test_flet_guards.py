"""The server's guards around Flet, without a server (issue 25): the event
budget, the strand that keeps one session's handlers in order, the full
collection after sessions expire, and the text probe's sanity check."""

from __future__ import annotations

import threading
import time

from companion.server.flet_limits import CONTROL_EVENT, Budget, admitted
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
