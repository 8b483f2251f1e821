"""A table of phones with no computer in the app layer (issue 39): the host's
session and its :class:`HostLink`, guest sessions following the host's game
through :class:`GuestLink`, all on one broker (in memory unless given)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from tablelink_table import Clock

from companion.app import AppState, background
from companion.app.hub import GameHub
from companion.app.table_guest import GuestLink
from companion.app.table_host import HostLink
from companion.store import GameStore
from companion.tablelink.links import Links, MemoryLinks

BROKER = "ws://127.0.0.1:9"  # MemoryLinks does not dial it


@dataclass
class Table:
    host: AppState
    link: HostLink
    links: Links
    clock: Clock
    phones: list[AppState] = field(default_factory=list)

    def pid(self, name: str) -> str:
        sheet = self.host.sheet
        assert sheet is not None
        return next(p.id for p in sheet.seated if p.name == name)

    async def phone(
        self, *, board: bool = False, storage: Links | None = None
    ) -> AppState:
        """A guest phone that opened the invite (``storage``: the phone's
        own, from before a reload; else a new phone)."""
        session = AppState(GameHub(GameStore.memory()))
        links = storage or self.phone_links()
        guest = GuestLink(
            self.link.invite, links, session.store, board=board, clock=self.clock
        )
        await guest.join()
        session.follow_link(guest)
        await self.settle()
        self.phones.append(session)
        return session

    def phone_links(self) -> Links:
        """A new phone's own links (its own key storage) on the table's broker."""
        links = self.links
        if isinstance(links, MemoryLinks):
            return MemoryLinks(links.broker, links.made)
        return links.fresh()  # type: ignore[attr-defined, no-any-return]

    async def settle(self) -> None:
        """Until every message was handled and every publication that a
        commit scheduled (``background.soon``) has run."""
        links = self.links
        for _turn in range(1000):
            await asyncio.sleep(0)
            if isinstance(links, MemoryLinks):
                await links.broker.settle()
            if not background._held and (
                not isinstance(links, MemoryLinks) or not links.broker.busy
            ):
                return


async def open_table(
    names: tuple[str, ...] = ("Ann", "Bob", "Cy"),
    links: Links | None = None,
    deck: str | None = None,
) -> Table:
    """The host's game shared; ``deck``: its first digital round's cards."""
    host = AppState(GameHub(GameStore.memory()), test_deck=deck)
    for name in names:
        assert await host.act(host.form.add, name) is None
    assert host.start_game() is None
    assert host.watch is not None
    links = links or MemoryLinks()
    clock = Clock()
    link = await HostLink.open(host.watch.game, BROKER, links, name=names[0])
    link.clock = clock
    await link.start()
    table = Table(host, link, links, clock)
    await table.settle()
    return table
