"""The phones-only table's protocol through a real ``nats-server`` (issue
39): the kept revision in a JetStream bucket, two hosts refused, a
broker-wide subscriber seeing only ciphertext, and the bytes a tap costs on
the wire with 8 players (printed: docs/live-without-computer.md)."""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any

import pytest
from nats_broker import Broker, NatsTransport, nats_server  # noqa: F401
from own_loop import run_alone
from tablelink_table import Table

from companion.tablelink.guest import TableGuest
from companion.tablelink.host import HostTaken, Limits, TableHost
from companion.tablelink.sealing import PySealer, b64, new_key

NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"]


async def play(url: str) -> dict[str, Any]:
    table = Table(
        names={f"p{i}": n for i, n in enumerate(NAMES)},
        lines={f"p{i}": ["3", "11", "x2", "7"] for i in range(8)},
    )
    sealer, key, room = PySealer(), new_key(), b64(b"room-nats")
    wire: list[tuple[str, bytes]] = []
    spy = await NatsTransport.connect(url)

    async def seen(subject: str, data: bytes) -> None:
        wire.append((subject, data))

    await spy.subscribe(">", seen)
    host = TableHost(
        transport=await NatsTransport.connect(url),
        sealer=sealer,
        room=room,
        room_key=key,
        name="Ann",
        apply=table.apply,
        snapshot=table.snapshot,
        clock=time.monotonic,
        limits=Limits(burst=100),  # a quick machine, not a person
    )
    await host.start()
    guest = TableGuest(
        transport=await NatsTransport.connect(url),
        sealer=sealer,
        room=room,
        room_key=key,
        host_key=host.verify_key,
        clock=time.monotonic,
    )
    await guest.join()
    claim = await guest.tap("claim", "p1")
    assert (await asyncio.wait_for(claim.done, 5)).refused is None
    waits = []
    for _ in range(40):
        started = time.perf_counter()
        tap = await guest.tap("add_card", "p1", "5")
        answer = await asyncio.wait_for(tap.done, 5)
        assert answer.refused is None
        while guest.shown is None or guest.shown.revision < answer.revision:
            await asyncio.sleep(0.001)
        waits.append(time.perf_counter() - started)
        table.lines["p1"] = ["3", "11", "x2", "7"]  # a typical line stays typical
    second = TableHost(
        transport=await NatsTransport.connect(url),
        sealer=sealer,
        room=room,
        room_key=key,
        name="Ann's tablet",
        apply=table.apply,
        snapshot=table.snapshot,
        clock=time.monotonic,
    )
    await second.keys(*host.saved_keys())  # the same game and invite elsewhere
    with pytest.raises(HostTaken):
        await second.start()
    second.kept_seq = 0  # or both started at once: the broker refuses it
    with pytest.raises(HostTaken):
        await second.changed()
    await asyncio.sleep(0.2)
    for t in (spy, host.transport, guest.transport, second.transport):
        await t.close()  # type: ignore[attr-defined]
    return {"wire": wire, "waits": waits}


def test_a_table_plays_through_nats_server(nats_server: Broker) -> None:  # noqa: F811
    out = run_alone(play(nats_server.url))
    wire: list[tuple[str, bytes]] = out["wire"]
    for _subject, data in wire:
        for clear in (b'"Ann"', b'"Hal"', b'"x2"', b"add_card"):
            assert clear not in data
    size = {k: max(len(d) for s, d in wire if s.endswith(k)) for k in (".in", ".rev")}
    answer = max(len(d) for s, d in wire if ".ans." in s)
    waits = sorted(out["waits"])
    p50, p95 = statistics.median(waits), waits[int(len(waits) * 0.95)]
    print(
        f"\nbytes on the wire: intent {size['.in']}, answer {answer}, "
        f"revision (8 players) {size['.rev']}; "
        f"tap -> shown p50 {p50 * 1000:.1f} ms p95 {p95 * 1000:.1f} ms"
    )
    assert p95 < 0.3
