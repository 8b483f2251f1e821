"""A tap-in round of a table of phones (issue 39) through a real
``nats-server``: the host's session and two guest sessions (a phone and a
board), with the app's own HostLink and GuestLink over nats-py; a client
subscribed to everything sees no player's name."""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nats_broker import Broker, NatsTransport, nats_server  # noqa: F401
from own_loop import run_alone

from companion.app import AppState
from companion.app.board import board_of
from companion.app.hub import GameHub
from companion.app.table_host import HostLink
from companion.store import GameStore
from companion.tablelink.broker import Transport
from companion.tablelink.host import Limits
from companion.tablelink.links import MemoryShelf
from companion.tablelink.sealing import PySealer, Sealer


@dataclass
class NatsLinks(MemoryShelf):
    """One phone's links to the test's nats-server (its TCP listener: the
    invite names the WebSocket one, as a browser would use)."""

    url: str
    opened: list[NatsTransport] = field(default_factory=list)

    def sealer(self) -> Sealer:
        return PySealer()

    async def connect(self, broker: str) -> Transport:
        transport = await NatsTransport.connect(self.url)
        self.opened.append(transport)
        return transport


async def until(done: Callable[[], bool], what: str) -> None:
    """Wait (never act again) until ``done``: messages cross a real server."""
    for _ in range(500):
        if done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"not seen in 5 s: {what}")


async def play(broker: Broker) -> list[bytes]:
    wire: list[bytes] = []
    spy = await NatsTransport.connect(broker.url)

    async def seen(_subject: str, data: bytes) -> None:
        wire.append(data)

    await spy.subscribe(">", seen)
    host = AppState(GameHub(GameStore.memory()))
    for name in ("Annabel", "Bartholomew"):
        await host.act(host.form.add, name)
    assert host.start_game() is None and host.watch is not None
    everyone = [NatsLinks(broker.url) for _ in range(3)]
    link = await HostLink.open(
        host.watch.game,
        broker.ws_url,
        everyone[0],
        name="Annabel",
        limits=Limits(burst=100),  # a quick machine, not a person
    )
    await link.start()
    phone, board = (AppState(GameHub(GameStore.memory())) for _ in range(2))
    assert await phone.join_table(link.invite, everyone[1]) is None
    assert await board.join_table(link.invite, everyone[2], board=True) is None
    await until(lambda: phone.watch is not None and board.watch is not None, "game")
    sheet = host.sheet
    assert sheet is not None
    ann, bart = (p.id for p in sheet.seated)
    assert await phone.act(phone.seat.claim, bart) is None
    assert host.entry is not None and phone.entry is not None
    await host.act(host.entry.add_card, ann, "9")
    await host.act(host.entry.set_done, ann, True)
    for code in ("3", "12"):
        assert await phone.act(phone.entry.add_card, bart, code) is None
    assert await phone.act(phone.entry.set_done, bart, True) is None
    await until(lambda: phone.entry is not None and phone.entry.draft.all_in, "in")
    assert await phone.act(phone.entry.save) is None

    def totals(screen: AppState) -> dict[str, int]:
        shown = board_of(screen)
        return {} if shown is None else {t.name: t.total for t in shown.players}

    want = {"Annabel": 9, "Bartholomew": 15}
    for screen in (host, phone, board):
        await until(lambda s=screen: totals(s) == want, "the totals")  # type: ignore[misc]
    waits = []  # a tap on the phone -> shown on the board (docs: figures)
    assert phone.entry is not None
    for n in range(20):  # a card in, the card out, ...
        started = time.perf_counter()
        if n % 2:
            assert await phone.act(phone.entry.remove_card, bart, 0) is None
        else:
            assert await phone.act(phone.entry.add_card, bart, "7") is None
        await until(
            lambda k=1 - n % 2: (
                board.watch is not None  # type: ignore[misc]
                and len(board.watch.state.draft.line(bart)) == k
            ),
            "the tap on the board",
        )
        waits.append(time.perf_counter() - started)
    waits.sort()
    print(
        f"\napp layer through nats-server: tap on a phone -> shown on the board "
        f"p50 {statistics.median(waits) * 1000:.0f} ms, "
        f"p95 {waits[int(len(waits) * 0.95)] * 1000:.0f} ms ({len(waits)} taps)"
    )
    await link.stop()
    for links in everyone:
        for transport in links.opened:
            await transport.close()
    await asyncio.sleep(0.1)
    await spy.close()
    return wire


def test_a_tap_in_round_through_nats_server(nats_server: Broker) -> None:  # noqa: F811
    wire: Any = run_alone(play(nats_server))
    assert len(wire) > 10
    for data in wire:
        for clear in (b"Annabel", b"Bartholomew", b"add_card", b'"12"'):
            assert clear not in data
