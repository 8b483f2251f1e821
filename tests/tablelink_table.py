"""A small table for the mirror protocol's tests: two seats, lines of cards,
and the served app's seat and freshness rules with its own words (the real
``OpenGame`` is wired in after issue 36, when its commit path is awaitable).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from companion.i18n import N_
from companion.tablelink.broker import MemoryBroker
from companion.tablelink.guest import TableGuest
from companion.tablelink.host import CHANGED_MEANWHILE, TableHost
from companion.tablelink.sealing import PySealer, b64, new_key
from companion.tablelink.wire import Intent, Refused

LINE_ELSEWHERE = N_("{name}'s line is entered on {name}'s phone.")
SEAT_TAKEN = N_("{name}'s seat is taken by another phone.")


@dataclass
class Clock:
    now: float = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Table:
    """The host's game: ``changed[pid]`` is the revision that last touched
    pid's line (the served app's scopes)."""

    names: dict[str, str] = field(default_factory=lambda: {"p1": "Ann", "p2": "Bob"})
    lines: dict[str, list[str]] = field(default_factory=lambda: {"p1": [], "p2": []})
    seats: dict[str, str] = field(default_factory=dict)
    changed: dict[str, int] = field(default_factory=dict)
    revision: int = 1

    def snapshot(self) -> tuple[int, dict[str, Any]]:
        return self.revision, {
            "names": self.names,
            "lines": self.lines,
            "seats": self.seats,
        }

    def add(self, pid: str, code: str) -> int:
        self.lines[pid] = [*self.lines[pid], code]
        self.revision += 1
        self.changed[pid] = self.revision
        return self.revision

    async def apply(self, intent: Intent) -> int | Refused:
        await asyncio.sleep(0)  # a commit awaits its write
        pid = str(intent.args[0]) if intent.args else ""
        name = self.names.get(pid, "")
        if intent.action == "claim":
            if self.seats.get(pid, intent.holder) != intent.holder:
                return Refused(SEAT_TAKEN, {"name": name})
            self.seats = {**self.seats, pid: intent.holder}
            self.revision += 1
            return self.revision
        if self.seats.get(pid) != intent.holder:
            return Refused(LINE_ELSEWHERE, {"name": name})
        if self.changed.get(pid, 0) > intent.seen:
            return Refused(CHANGED_MEANWHILE, code="stale")
        return self.add(pid, str(intent.args[1]))


@dataclass
class Room:
    broker: MemoryBroker
    table: Table
    host: TableHost
    clock: Clock
    key: bytes
    room: str
    sealer: PySealer

    def guest(self, **kw: Any) -> TableGuest:
        return TableGuest(
            transport=self.broker.connect(),
            sealer=self.sealer,
            room=self.room,
            room_key=self.key,
            host_key=self.host.verify_key,
            clock=self.clock,
            **kw,
        )

    async def seated(self, pid: str) -> TableGuest:
        guest = self.guest()
        await guest.join()
        tap = await guest.tap("claim", pid)
        await self.broker.settle()
        assert (await tap.done).refused is None
        await self.broker.settle()
        return guest


async def open_room(**kw: Any) -> Room:
    broker, table, clock, sealer = MemoryBroker(), Table(), Clock(), PySealer()
    key, room = new_key(), b64(b"room-123!")
    host = TableHost(
        transport=broker.connect(),
        sealer=sealer,
        room=room,
        room_key=key,
        name="Ann",
        apply=table.apply,
        snapshot=table.snapshot,
        clock=clock,
        **kw,
    )
    await host.start()
    return Room(broker, table, host, clock, key, room, sealer)
