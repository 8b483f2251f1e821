"""Benchmark: a tap on one phone → shown on the others, a phones-only table
(issue 39) of 8 phones and a board on one local ``nats-server``.

Run: ``uv run python tests/bench/bench_tablelink_table.py [--taps 200]
[--rounds 10] [--rate 8]``. Not collected by pytest (its smoke test runs it small).

Python phones (``TableGuest`` + ``PySealer`` over nats-py), a Python host
(``TableHost``): the published app's pages are too heavy for 9 at once on
this machine (each boot is a Pyodide of 10-15 s and ~300 MB). The host's
game is a small table (one line a seat, the served app's seat rules); its
revision carries beside it an 8-player game of ``--rounds`` rounds in the
mirror's schema (``state.game_body``), so each revision is as big on the
wire as a real one. Each of the 8 phones taps in turn (one tap at a time,
as a table does, ``--rate`` taps a second at the whole table: 8, each
phone's once a second; the host refuses over 5 a second from one phone); a
tap's time is from the tap until every other phone and
the board show its revision. Bytes: everything a subscriber on ``>`` saw
(what the broker carried once), and what it delivered (the revision to the
9 phones, the intent and the answer once each).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nats_broker import NatsTransport, running  # noqa: E402
from tablelink_table import Table  # noqa: E402
from test_tablelink_state import a_game  # noqa: E402

from companion.tablelink.guest import TableGuest  # noqa: E402
from companion.tablelink.host import TableHost  # noqa: E402
from companion.tablelink.sealing import PySealer, new_key  # noqa: E402
from companion.tablelink.state import game_body  # noqa: E402

PHONES = 8


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


class BigTable(Table):
    """The test table with 8 seats and a real game's body riding along."""

    def __init__(self, rounds: int) -> None:
        pids = [f"p{i}" for i in range(1, PHONES + 1)]
        super().__init__(
            names={p: f"Player {i}" for i, p in enumerate(pids, 1)},
            lines={p: [] for p in pids},
        )
        self.body = game_body(a_game(rounds))

    def snapshot(self) -> tuple[int, dict[str, Any]]:
        revision, state = super().snapshot()
        return revision, {**state, "game": self.body}


async def bench(url: str, taps: int, rounds: int, rate: float) -> str:
    table, key, room = BigTable(rounds), new_key(), "room-bench-123"
    host = TableHost(
        transport=await NatsTransport.connect(url),
        sealer=PySealer(),
        room=room,
        room_key=key,
        name="Ann",
        apply=table.apply,
        snapshot=table.snapshot,
        clock=time.monotonic,
    )
    await host.start()
    spy: list[tuple[str, int]] = []
    watcher = await NatsTransport.connect(url)

    async def seen(msg: Any) -> None:
        spy.append((msg.subject, len(msg.data)))

    await watcher.nc.subscribe(f"*.{room}.>", cb=seen)  # intents, answers
    await watcher.nc.subscribe(f"$KV.*.*.{room}.rev", cb=seen)  # revisions
    phones: list[TableGuest] = []
    for _ in range(PHONES + 1):  # the last one is the board
        guest = TableGuest(
            transport=await NatsTransport.connect(url),
            sealer=PySealer(),
            room=room,
            room_key=key,
            host_key=host.verify_key,
            clock=time.monotonic,
        )
        await guest.join()
        phones.append(guest)
    for i, guest in enumerate(phones[:PHONES], 1):
        await asyncio.wait_for((await guest.tap("claim", f"p{i}")).done, 10)
    await asyncio.sleep(0.3)
    spy.clear()
    waits: list[float] = []
    begun = time.perf_counter()
    codes = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"]
    for n in range(taps):  # ``rate`` taps a second at the table
        await asyncio.sleep(max(0.0, n / rate - (time.perf_counter() - begun)))
        i = n % PHONES
        tapper, others = phones[i], [p for j, p in enumerate(phones) if j != i]
        start = time.perf_counter()
        tap = await tapper.tap("add_card", f"p{i + 1}", codes[(n // PHONES) % 12])
        answer = await asyncio.wait_for(tap.done, 10)
        assert answer.refused is None, answer.refused
        want = answer.revision
        while any(p.shown is None or p.shown.revision < want for p in others):
            await asyncio.sleep(0.0005)
        waits.append((time.perf_counter() - start) * 1000)
    await asyncio.sleep(0.3)
    carried = sum(size for _, size in spy)
    revs = [size for subject, size in spy if subject.endswith(".rev")]
    rest = carried - sum(revs)
    delivered = rest + sum(revs) * (PHONES + 1)
    for link in [host.transport, watcher, *(p.transport for p in phones)]:
        await link.close()  # type: ignore[attr-defined]
    return (
        f"{PHONES} phones + board, {taps} taps one at a time ({rate:g}/s), revision "
        f"{statistics.median(revs):.0f} B ({rounds} rounds played): tap -> "
        f"shown on the other {PHONES}: p50 {pct(waits, 0.5):.1f} ms, "
        f"p95 {pct(waits, 0.95):.1f} ms, max {max(waits):.1f} ms\n"
        f"bytes a tap: {carried / taps:.0f} carried by the broker once "
        f"(intent + answer {rest / taps:.0f}), {delivered / taps:.0f} delivered"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--taps", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--rate", type=float, default=8.0)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as folder, running(Path(folder)) as broker:
        print(asyncio.run(bench(broker.url, args.taps, args.rounds, args.rate)))
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
