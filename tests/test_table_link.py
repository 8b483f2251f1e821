"""A table of phones with no computer, in the app layer (issue 39): the
host's game (its OpenGame and commit path) shared through a broker in
memory with guest sessions that show the served app's own views."""

from __future__ import annotations

from collections.abc import Coroutine
from dataclasses import replace
from typing import Any

from own_loop import run_alone
from table_link_helpers import Table, open_table

from companion.app import AppState
from companion.app.actions.digital import digital_screen_of
from companion.app.actions.game import guest_screen_of
from companion.app.board import board_of
from companion.app.hub import GameHub
from companion.app.table_guest import GuestLink
from companion.app.table_host import OFFLINE_WORDS, TAKEN_WORDS, HostLink
from companion.app.views.entry import entry_of
from companion.app.views.join import join_of
from companion.store import GameStore
from companion.tablelink.broker import Offline, Transport
from companion.tablelink.links import MemoryLinks
from companion.ui.routes import table_link


def run(coro: Coroutine[Any, Any, None]) -> None:
    run_alone(coro)  # Playwright's loop may hold this thread (own_loop.py)


def link_of(phone: AppState) -> GuestLink:
    assert phone.link is not None
    return phone.link


async def seated(table: Table, name: str) -> AppState:
    phone = await table.phone()
    view = join_of(phone)
    assert view is not None and name in [s.name for s in view.seats]
    assert await phone.act(phone.seat.claim, table.pid(name)) is None
    await table.settle()
    assert phone.seat.mine == table.pid(name)
    return phone


async def tap_line(phone: AppState, pid: str, cards: list[str]) -> None:
    assert phone.entry is not None
    for code in cards:
        assert await phone.act(phone.entry.add_card, pid, code) is None
    assert await phone.act(phone.entry.set_done, pid, True) is None


def test_a_tap_in_round_each_phone_its_own_line_the_last_saves() -> None:
    async def go() -> None:
        table = await open_table(("Ann", "Bob", "Cy"))
        bob, cy = await seated(table, "Bob"), await seated(table, "Cy")
        board = await table.phone(board=True)
        host = table.host
        assert host.entry is not None
        ann = table.pid("Ann")
        await host.act(host.entry.add_card, ann, "5")
        await host.act(host.entry.set_done, ann, True)
        await tap_line(bob, table.pid("Bob"), ["3", "11"])
        await table.settle()
        view = entry_of(bob, "")
        assert view is not None and view.line.name == "Bob"
        assert view.line.cards == ("3", "11") and view.line.editable
        assert view.waiting == ("Cy",) and not view.may_save
        await tap_line(cy, table.pid("Cy"), ["7", "4"])
        await table.settle()
        assert cy.entry is not None
        assert await cy.act(cy.entry.save) is None
        await table.settle()
        assert host.sheet is not None and len(host.sheet.rounds) == 1
        for screen in (host, bob, cy, board):
            shown = board_of(screen)
            assert shown is not None
            totals = {t.name: t.total for t in shown.players}
            assert totals == {"Ann": 5, "Bob": 14, "Cy": 11}, screen
        said = cy.notice
        assert said is not None and "deals next" in said.text

    run(go())


def test_a_digital_round_each_phone_plays_its_own_turn() -> None:
    async def go() -> None:
        # a stacked deck: with a shuffled one Bob's first card could end his
        # round before his turn (a Freeze), and the test would prove nothing
        table = await open_table(("Ann", "Bob"), deck="1 2 3 4 5 6 7 8 9 10 11 12")
        bob = await seated(table, "Bob")
        host = table.host
        assert host.table is not None
        assert await host.act(host.table.start) is None
        await table.settle()
        plays = {"Ann": 0, "Bob": 0}
        for _step in range(200):
            shown = digital_screen_of(bob)
            assert shown is not None
            turn = shown.table.turn
            if turn is None:
                break
            ours = turn.name == "Bob"
            assert turn.decide is ours  # the mirror offers Bob only his own
            screen = bob if ours else host
            mine = digital_screen_of(screen)
            assert mine is not None and mine.table.turn is not None
            choice = mine.table.turn.options[-1].choice  # stay when offered
            screen.shown()  # drawn: what its person saw (the UI's render)
            assert await screen.act(digital_intent(screen), choice) is None
            plays[turn.name] += 1
            await table.settle()
        assert host.sheet is not None and len(host.sheet.rounds) == 1
        assert plays["Bob"] >= 1
        assert bob.sheet == host.sheet
        after = digital_screen_of(bob)
        assert after is not None and after.table.over and after.table.summary

    run(go())


def digital_intent(screen: AppState) -> Any:
    assert screen.table is not None
    return screen.table.play


def test_a_guest_cannot_act_for_another_seat_through_the_app() -> None:
    async def go() -> None:
        table = await open_table(("Ann", "Bob", "Cy"))
        bob = await seated(table, "Bob")
        assert bob.entry is not None
        said = await bob.act(bob.entry.add_card, table.pid("Cy"), "4")
        assert said == "Cy's line is entered on Cy's phone."
        said = await bob.act(bob.seat.claim, table.pid("Ann"))
        assert said is None  # Ann's seat is free: Bob's phone may move to it
        cy = await seated(table, "Cy")
        said = await bob.act(bob.seat.claim, table.pid("Cy"))
        assert said == "Cy's seat is taken by another phone."
        assert await bob.act(bob.entry.save) is not None
        assert table.host.sheet is not None and table.host.sheet.rounds == ()
        assert cy.seat.mine == table.pid("Cy")

    run(go())


def test_a_reloaded_guest_catches_up_with_its_stored_key() -> None:
    async def go() -> None:
        table = await open_table(("Ann", "Bob"))
        bob = await seated(table, "Bob")
        storage = link_of(bob).links  # the phone's own (its key pair)
        await link_of(bob).leave()  # the page is gone
        host = table.host
        assert host.entry is not None
        await host.act(host.entry.add_card, table.pid("Ann"), "9")
        again = await table.phone(storage=storage)
        await table.settle()
        assert again.seat.mine == table.pid("Bob")  # the seat is still this key's
        view = entry_of(again, table.pid("Ann"))
        assert view is not None and view.line.cards == ("9",)
        assert again.entry is not None
        assert await again.act(again.entry.add_card, table.pid("Bob"), "6") is None
        await table.settle()
        assert host.watch is not None
        assert host.watch.state.draft.line(table.pid("Bob")) == ["6"]

    run(go())


def test_the_link_dropping_and_coming_back_loses_nothing() -> None:
    async def go() -> None:
        table = await open_table(("Ann", "Bob"))
        links = table.links
        assert isinstance(links, MemoryLinks)
        bob = await seated(table, "Bob")
        host_link, bob_link = links.made[0], links.made[-1]
        host_link.drop()
        host = table.host
        assert host.entry is not None
        await host.act(host.entry.add_card, table.pid("Ann"), "8")
        await table.link.pulse()
        assert table.link.words == OFFLINE_WORDS
        table.clock.now += 13
        assert link_of(bob).words == "Waiting for Ann's phone…"
        host_link.back()
        await table.link.pulse()
        assert table.link.words is None
        await table.settle()
        view = entry_of(bob, table.pid("Ann"))
        assert view is not None and view.line.cards == ("8",)
        bob_link.drop()
        await host.act(host.entry.add_card, table.pid("Ann"), "2")
        bob_link.back()
        await link_of(bob).guest.catch_up()  # type: ignore[union-attr]
        await table.settle()
        view = entry_of(bob, table.pid("Ann"))
        assert view is not None and view.line.cards == ("8", "2")

    run(go())


def test_a_second_host_of_one_game_says_so_and_writes_nothing() -> None:
    async def go() -> None:
        table = await open_table(("Ann", "Bob"))
        first = table.link
        second = HostLink(
            first.game, first.invite, table.links, name="Ann", keys=first.keys
        )
        await second.start()
        assert second.words == TAKEN_WORDS
        await second.renew()  # its own room: it hosts there
        assert second.words is None and second.invite.room != first.invite.room
        await second.stop()

    run(go())


def test_a_broker_wide_subscriber_sees_no_player_name() -> None:
    async def go() -> None:
        table = await open_table(("Annabel", "Bartholomew"))
        bob = await seated(table, "Bartholomew")
        assert bob.entry is not None
        await bob.act(bob.entry.add_card, table.pid("Bartholomew"), "12")
        await table.settle()
        links = table.links
        assert isinstance(links, MemoryLinks)
        wire = b" ".join(data for _subject, data in links.broker.wire)
        assert len(links.broker.wire) > 5
        for plain in (b"Annabel", b"Bartholomew", b"Bartho", b'"12"'):
            assert plain not in wire

    run(go())


def test_a_guests_sheet_and_join_views_come_from_the_mirror() -> None:
    async def go() -> None:
        table = await open_table(("Ann", "Bob"))
        bob = await table.phone()
        view = join_of(bob)
        assert view is not None
        assert [(s.name, s.taken) for s in view.seats] == [
            ("Ann", False),
            ("Bob", False),
        ]
        assert link_of(bob).words is None
        await bob.act(bob.seat.claim, table.pid("Bob"))
        await table.settle()
        sheet = guest_screen_of(bob)
        assert sheet is not None and sheet.game.me == "Bob"
        assert sheet.game.round is not None and sheet.game.round.my_line is False

    run(go())


def test_a_phone_joins_from_the_invite_link_and_is_asked_who_it_is() -> None:
    async def go() -> None:
        table = await open_table(("Ann", "Bob"))
        found = table_link(table.link.invite.link("https://flip7.example.org/"))
        assert found is not None and found.route.screen == "join"
        phone = AppState(GameHub(GameStore.memory()))
        said = await phone.join_table(found.invite, table.phone_links())
        assert said is None
        await table.settle()
        view = join_of(phone)
        assert view is not None and [s.name for s in view.seats] == ["Ann", "Bob"]

    run(go())


def test_a_broker_out_of_reach_is_said_when_joining() -> None:
    class Away(MemoryLinks):
        async def connect(self, broker: str) -> Transport:
            raise Offline(broker)

    async def go() -> None:
        table = await open_table(("Ann", "Bob"))
        phone = AppState(GameHub(GameStore.memory()))
        said = await phone.join_table(table.link.invite, Away())
        assert said is not None and said.startswith("The table cannot be reached")
        assert phone.link is None and phone.watch is None

    run(go())


def test_a_broker_link_that_holds_messages_while_down_is_said_offline() -> None:
    """nats.ws keeps what is published while it reconnects (no error, only
    its status says so): the host's phone must still say the others cannot
    reach it, and stop saying so once the link is back."""

    async def go() -> None:
        table = await open_table(("Ann", "Bob"))
        links = table.links
        assert isinstance(links, MemoryLinks)
        host_link = links.made[0]
        held: list[str] = []

        async def hold(subject: str, data: bytes) -> None:
            held.append(subject)

        host_link.publish = hold  # type: ignore[method-assign]
        host_link.online = False
        await table.link.pulse()
        assert held and table.link.words == OFFLINE_WORDS
        host_link.online = True
        await table.link.pulse()
        assert table.link.words is None

    run(go())


def test_the_host_app_opened_again_shares_the_game_in_the_same_room() -> None:
    """The host's app closed (or reloaded) and opened again: the game is
    shared in the room it was shared in, so the guests' links keep working
    and their mirrors follow on; "New invite" still makes a new room."""

    async def go() -> None:
        table = await open_table(("Ann", "Bob"))
        bob = await seated(table, "Bob")
        host = table.host
        assert host.entry is not None and host.watch is not None
        await host.act(host.entry.add_card, table.pid("Ann"), "8")
        await table.settle()
        before = table.link.invite
        await table.link.stop()  # the app closed

        again = await HostLink.open(
            host.watch.game, before.broker, table.links, name="Ann"
        )
        again.clock = table.clock
        await again.start()
        await table.settle()
        assert again.invite == before and again.words is None  # not "taken"
        await host.act(host.entry.add_card, table.pid("Ann"), "4")
        await table.settle()
        view = entry_of(bob, table.pid("Ann"))
        assert view is not None and view.line.cards == ("8", "4")

        await again.renew()
        assert again.invite.room != before.room
        await again.stop()
        third = await HostLink.open(
            host.watch.game, before.broker, table.links, name="Ann"
        )
        assert third.invite == again.invite  # the new one is the kept one

    run(go())


def test_another_copy_of_the_host_is_still_refused() -> None:
    """Keys kept on one phone do not let another phone with the same room
    take it while the first shares it: only an epoch this phone used itself
    before is its own."""

    async def go() -> None:
        table = await open_table(("Ann", "Bob"))
        links = table.links
        assert isinstance(links, MemoryLinks)
        host = table.host
        assert host.watch is not None
        kept = await links.kept_host(host.watch.game.id)
        assert kept is not None and kept.epoch == table.link.epoch
        other_phone = MemoryLinks(links.broker, links.made)
        await other_phone.keep_host(host.watch.game.id, replace(kept, epoch=""))
        copy = await HostLink.open(
            host.watch.game, kept.invite.broker, other_phone, name="Ann"
        )
        await copy.start()
        assert copy.words == TAKEN_WORDS

    run(go())
