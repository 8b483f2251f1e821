"""How long the advisor may think about one decision.

Why: with the compiled engine the advisor's budget is counted in
play-outs (up to 960 a decision, p95 about 0.2 s; the same advice for the
same position on every machine). In a phone's browser the same Python runs
several times slower (tests/bench/bench_phone_app.py measured p95 about 1 s
a decision), and so does a computer without the compiled engine (plain
Python, about 2-3x); a player waiting on a button, or on the hard computer
player, feels every tenth of a second. There the advisor also stops at
:data:`BROWSER_SECONDS` and its advice says how many play-outs it rests on.

Play-outs never run on the event loop's turn while pages wait:
:func:`off_loop` runs them on a worker thread on the server, and in the
browser (no threads) after letting the loop draw what is pending, within
the time budget above.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TypeVar

from companion.machine import native, runtime

BROWSER_SECONDS = 0.35  # room left for drawing the screen in a 0.5 s answer


def compiled() -> bool:
    """The compiled engine runs the play-outs (never in a browser)."""
    return native.active()


def time_budget(
    clock: Callable[[], float] = time.perf_counter,
) -> Callable[[], bool] | None:
    """A "time's up" check started now (None where play-outs alone decide:
    the compiled engine). The advisors ask it between play-outs; it says
    stop once the next play-out, if as long as the longest between two
    asks so far, would end past :data:`BROWSER_SECONDS`. Why not "once the
    time is past": the play-out under way when the time ran out came on
    top, and the advice's 95th percentile ran 30-60 ms over the budget on
    a loaded machine (issue 38); why the longest and not the last: play-outs
    vary (a bust ends one early), and a short one must not let a long one
    start at the very end."""
    if not runtime.IN_BROWSER and compiled():
        return None
    return _Deadline(clock, clock() + BROWSER_SECONDS)


class _Deadline:
    """Time's up when the next play-out would end past ``end``."""

    def __init__(self, clock: Callable[[], float], end: float) -> None:
        self.clock, self.end = clock, end
        self.last: float | None = None
        self.longest = 0.0  # between two asks: one play-out (or a pair)

    def __call__(self) -> bool:
        now = self.clock()
        if self.last is not None:
            self.longest = max(self.longest, now - self.last)
        self.last = now
        return now + self.longest >= self.end


T = TypeVar("T")
A = TypeVar("A")


async def off_loop(work: Callable[[A], T], arg: A) -> T:
    """``work(arg)`` (play-outs on a snapshot) without holding up the loop:
    a worker thread on the server; in the browser, after the loop had a
    turn to draw (its own budget keeps it short)."""
    if runtime.IN_BROWSER:
        await asyncio.sleep(0)
        return work(arg)
    return await asyncio.to_thread(work, arg)
