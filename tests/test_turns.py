"""Pages told of a change are redrawn one at a time, each page's frame sent
before the next is drawn (ui/turns.py, issue 25 item 4): at a save, every
page's frame used to leave only after all nine pages were drawn."""

from __future__ import annotations

import asyncio

from own_loop import run_alone

from companion.ui.turns import in_turn


def page(name: str, seen: list[str]) -> object:
    """A page's re-render asked for, as Flet runs it: the page's update task
    wakes on the next pass of the loop and draws, and its frames wake the
    connection's send task, which sends them on the pass after."""
    loop = asyncio.get_running_loop()

    def send() -> None:
        seen.append(f"sent {name}")

    def draw() -> None:
        seen.append(f"drew {name}")
        loop.call_soon(send)

    return lambda: loop.call_soon(draw)


def test_each_page_is_drawn_and_sent_before_the_next_is_drawn() -> None:
    seen: list[str] = []

    async def tell() -> None:
        turns = [asyncio.create_task(in_turn(page(n, seen))) for n in "abc"]
        await asyncio.gather(*turns)

    run_alone(tell())
    assert seen == ["drew a", "sent a", "drew b", "sent b", "drew c", "sent c"]


def test_a_page_whose_turn_fails_or_is_cancelled_hands_on() -> None:
    seen: list[str] = []

    def broken() -> None:
        raise RuntimeError("page gone")

    async def tell() -> None:
        first = asyncio.create_task(in_turn(broken))
        second = asyncio.create_task(in_turn(page("b", seen)))
        third = asyncio.create_task(in_turn(page("c", seen)))
        fourth = asyncio.create_task(in_turn(page("d", seen)))
        third.cancel()
        done = await asyncio.gather(
            first, second, third, fourth, return_exceptions=True
        )
        assert isinstance(done[0], RuntimeError)
        assert isinstance(done[2], asyncio.CancelledError)

    run_alone(tell())
    assert seen == ["drew b", "sent b", "drew d", "sent d"]
