"""Pages told of another page's change are redrawn one at a time, each
page's frame sent before the next page is drawn.

Why (issue 25, item 4): Flet draws every session on the server's one event
loop, and a page's frame leaves only when the loop is next free. A change
told to eight phones and a board woke all nine pages' updates at once: the
loop drew them back to back and sent every frame only after the last, so
the first page to be drawn waited as long as the last (at a save, about
0.6 s) and then all nine browsers drew at the same moment. Here each page
told takes its turn: its re-render is asked for, the loop draws it (its
update was queued first), then its frames go out, then the next page's
turn. The work is the same; each page's frame leaves as soon as it is drawn.

A turn is two passes of the loop after ``work``: in the first, the page's
own update task (woken by ``work``) draws it and queues its frames; in the
second, its connection's send task (woken by those frames) sends them.
Turns never wait on anything else: a page that is gone just takes its two
passes, and a turn whose task is cancelled still hands on to the next.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

# the last turn queued on each event loop: the next one waits for it
_last: dict[asyncio.AbstractEventLoop, asyncio.Future[None]] = {}


async def in_turn(work: Callable[[], None]) -> None:
    """Run ``work`` (a page's re-render asked for) in its turn (module doc)."""
    loop = asyncio.get_running_loop()
    before = _last.get(loop)
    mine: asyncio.Future[None] = loop.create_future()
    _last[loop] = mine
    try:
        if before is not None:
            await asyncio.shield(before)
        work()
        await asyncio.sleep(0)  # the page's update draws it, queues its frames
        await asyncio.sleep(0)  # its connection sends them
    finally:
        mine.set_result(None)
        if _last.get(loop) is mine:
            del _last[loop]
