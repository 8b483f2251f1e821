"""The mirror protocol of a phones-only table (issue 39) against the broker
in memory: one host, guests, and what the network does to them."""

from __future__ import annotations

import asyncio
import base64
import json
import time
from collections.abc import Coroutine
from typing import Any

import pytest
from own_loop import run_alone
from tablelink_table import LINE_ELSEWHERE, SEAT_TAKEN, open_room

from companion.tablelink.broker import Offline
from companion.tablelink.guest import Status
from companion.tablelink.host import CHANGED_MEANWHILE, HostTaken, TableHost
from companion.tablelink.sealing import fingerprint
from companion.tablelink.wire import Envelope


def run(coro: Coroutine[Any, Any, None]) -> None:
    run_alone(coro)  # Playwright's loop may hold this thread (own_loop.py)


def test_taps_reach_the_host_in_order_and_every_mirror_shows_them() -> None:
    async def go() -> None:
        room = await open_room()
        bob = await room.seated("p2")
        board = room.guest()
        await board.join()
        taps = [await bob.tap("add_card", "p2", c) for c in ("3", "11", "/2")]
        await room.broker.settle()
        answers = [await t.done for t in taps]
        assert [a.refused for a in answers] == [None, None, None]
        assert room.table.lines["p2"] == ["3", "11", "/2"]
        for mirror in (bob, board):
            assert mirror.shown is not None
            assert mirror.shown.state["lines"]["p2"] == ["3", "11", "/2"]
            assert mirror.shown.revision == room.table.revision
            assert mirror.shown.host_name == "Ann"
            assert mirror.status is Status.LIVE

    run(go())


def test_a_late_joiner_sees_the_kept_revision() -> None:
    async def go() -> None:
        room = await open_room()
        room.table.add("p1", "7")
        await room.host.changed()
        late = room.guest()
        await late.join()
        assert late.shown is not None
        assert late.shown.state["lines"]["p1"] == ["7"]

    run(go())


def test_a_stale_tap_is_refused_with_the_served_apps_words() -> None:
    async def go() -> None:
        room = await open_room()
        bob = await room.seated("p2")
        room.table.seats["p2"] = bob.me
        room.table.add("p2", "5")  # the host's screen changed Bob's line
        await room.host.changed()
        tap = await bob.tap("add_card", "p2", "9")  # made before Bob saw it
        await room.broker.settle()
        answer = await tap.done
        assert answer.refused is not None
        assert answer.refused.msgid == CHANGED_MEANWHILE
        assert answer.refused.code == "stale"
        assert room.table.lines["p2"] == ["5"]
        assert bob.shown is not None and bob.shown.state["lines"]["p2"] == ["5"]
        again = await bob.tap("add_card", "p2", "9")  # now on the new revision
        await room.broker.settle()
        assert (await again.done).refused is None

    run(go())


def test_a_revision_from_the_future_is_refused_as_stale() -> None:
    async def go() -> None:
        room = await open_room()
        bob = await room.seated("p2")
        assert bob.shown is not None
        bob.shown = type(bob.shown)(99, *list(vars(bob.shown).values())[1:])
        tap = await bob.tap("add_card", "p2", "9")
        await room.broker.settle()
        assert (await tap.done).refused is not None
        assert room.table.lines["p2"] == []

    run(go())


def test_replays_are_dropped_and_a_resend_is_answered_without_acting_twice() -> None:
    async def go() -> None:
        room = await open_room()
        bob = await room.seated("p2")
        tap = await bob.tap("add_card", "p2", "4")
        await room.broker.settle()
        raw = [d for s, d in room.broker.wire if s.endswith(".in")][-1]
        applied = room.host.stats.applied
        answers = len([s for s, _ in room.broker.wire if ".ans." in s])
        await room.broker.connect().publish(room.host.subjects["in"], raw)
        await room.broker.settle()
        assert room.host.stats.applied == applied  # the same tap, answered again
        assert len([s for s, _ in room.broker.wire if ".ans." in s]) == answers + 1
        second = await bob.tap("add_card", "p2", "6")
        await room.broker.settle()
        await room.broker.connect().publish(room.host.subjects["in"], raw)  # old
        await room.broker.settle()
        assert room.host.stats.dropped["replay"] == 1
        assert room.table.lines["p2"] == ["4", "6"]
        assert (await tap.done).refused is None and (await second.done).refused is None

    run(go())


def test_a_guest_cannot_act_for_another_seat() -> None:
    async def go() -> None:
        room = await open_room()
        ann = await room.seated("p1")
        bob = await room.seated("p2")
        tap = await bob.tap("add_card", "p1", "12")
        taken = await bob.tap("claim", "p1")
        await room.broker.settle()
        for t in (tap, taken):
            refused = (await t.done).refused
            assert refused is not None and refused.params == {"name": "Ann"}
        assert (await tap.done).refused.msgid == LINE_ELSEWHERE  # type: ignore[union-attr]
        assert (await taken.done).refused.msgid == SEAT_TAKEN  # type: ignore[union-attr]
        # Bob's phone sends under Ann's fingerprint: with its own public key
        # the name does not match; with Ann's, it cannot seal for her channel.
        raw = [d for s, d in room.broker.wire if s.endswith(".in")][-1]
        env = Envelope.decode(raw)
        for forged in (
            Envelope("in", ann.me, env.body, env.public),
            Envelope("in", ann.me, env.body, ann.public),
        ):
            await room.broker.connect().publish(
                room.host.subjects["in"], forged.encode()
            )
        await room.broker.settle()
        assert room.host.stats.dropped == {"malformed": 1, "unsealable": 1}
        assert room.table.lines["p1"] == [] and room.table.seats["p1"] == ann.me
        assert fingerprint(ann.public) == ann.me

    run(go())


def test_a_broker_wide_subscriber_sees_only_ciphertext() -> None:
    async def go() -> None:
        room = await open_room()
        spy: list[bytes] = []

        async def listen(_s: str, data: bytes) -> None:
            spy.append(data)

        await room.broker.connect().subscribe(">", listen)
        bob = await room.seated("p2")
        for code in ("12", "13L", "x2", "+10", "JOM"):
            await bob.tap("add_card", "p2", code)
        room.host.clock.now += 1  # type: ignore[attr-defined]
        await room.host.beat()
        await room.broker.settle()
        assert room.table.lines["p2"] == ["12", "13L", "x2", "+10", "JOM"]
        assert len(spy) >= 12
        needles = [b'"Ann"', b'"Bob"', b'"13L"', b'"JOM"', b'"+10"', b"add_card"]
        for data in spy:
            env = json.loads(data)
            assert set(env) <= {"v", "k", "s", "p", "b", "g"}
            assert env["k"] in ("rev", "beat", "in", "ans")
            body = base64.urlsafe_b64decode(env["b"] + "==")
            for clear in needles:
                assert clear not in data and clear not in body

    run(go())


def test_a_flood_from_one_phone_leaves_the_others_answered() -> None:
    async def go() -> None:
        room = await open_room()
        ann = await room.seated("p1")
        bob = await room.seated("p2")
        started = time.perf_counter()
        flood = [await bob.tap("add_card", "p2", "3") for _ in range(1000)]
        tap = await ann.tap("add_card", "p1", "8")
        await room.broker.settle()
        took = time.perf_counter() - started
        assert (await tap.done).refused is None
        assert room.table.lines["p1"] == ["8"]
        assert ann.shown is not None and ann.shown.state["lines"]["p1"] == ["8"]
        # The burst went through (the table's own checks refused the later
        # ones as stale); the rest was dropped, Bob told once.
        assert room.host.stats.applied <= 2 + 1 + 20
        assert room.host.stats.dropped["rate"] >= 1000 - 20
        told = [t for t in flood if t.done.done()]
        codes = {r.code for t in told if (r := t.done.result().refused)}
        assert "rate" in codes
        assert took < 10, took
        room.clock.now += 100  # the held taps are refused, not lost
        bob.tick()
        assert all(t.done.done() for t in flood) and not bob.pending

    run(go())


def test_a_sleeping_guest_catches_up_from_the_kept_revision() -> None:
    async def go() -> None:
        room = await open_room()
        bob = await room.seated("p2")
        link = bob.transport
        link.drop()  # type: ignore[attr-defined]
        for code in ("1", "2", "3"):
            room.table.add("p1", code)
            await room.host.changed()
        await room.broker.settle()
        assert bob.shown is not None and bob.shown.state["lines"]["p1"] == []
        link.back()  # type: ignore[attr-defined]
        await bob.catch_up()
        assert bob.shown.state["lines"]["p1"] == ["1", "2", "3"]

    run(go())


def test_a_silent_host_is_waited_for_and_held_taps_are_sent_or_refused() -> None:
    async def go() -> None:
        room = await open_room()
        bob = await room.seated("p2")
        host_link = room.host.transport
        host_link.drop()  # type: ignore[attr-defined]
        room.clock.now += 20
        assert bob.status is Status.WAITING  # "Waiting for Ann's phone"
        held = await bob.tap("add_card", "p2", "5")
        await room.broker.settle()
        assert not held.done.done() and room.table.lines["p2"] == []
        host_link.back()  # type: ignore[attr-defined]
        await room.host.beat()
        await room.broker.settle()
        assert (await held.done).refused is None
        assert room.table.lines["p2"] == ["5"]
        assert [bob.status] == [Status.LIVE]
        host_link.drop()  # type: ignore[attr-defined]
        lost = await bob.tap("add_card", "p2", "6")
        room.clock.now += 31
        bob.tick()
        refused = (await lost.done).refused
        assert refused is not None and refused.code == "unanswered"

    run(go())


def test_two_hosts_with_one_game_cannot_both_write() -> None:
    async def go() -> None:
        room = await open_room()
        pair, signer = room.host.saved_keys()

        def another_copy(epoch: str | None = None) -> TableHost:
            # The same game and invite (keys) opened on another phone.
            return TableHost(
                transport=room.broker.connect(),
                sealer=room.sealer,
                room=room.room,
                room_key=room.key,
                name="Ann's tablet",
                apply=room.table.apply,
                snapshot=lambda: (50, {"lines": {}}),
                clock=room.clock,
                epoch=epoch,
            )

        second = another_copy()
        await second.keys(pair, signer)
        with pytest.raises(HostTaken):
            await second.start()
        # Both started before either wrote: the second write is refused.
        second.kept_seq = 0
        with pytest.raises(HostTaken):
            await second.changed()
        late = room.guest()
        await late.join()
        assert late.shown is not None and late.shown.host_name == "Ann"
        # The first host resumes after a reload under its own epoch.
        again = another_copy(room.host.epoch)
        again.snapshot = room.table.snapshot
        await again.keys(pair, signer)
        await again.start()
        room.table.add("p1", "2")
        await again.changed()
        await room.broker.settle()
        assert late.shown.state["lines"]["p1"] == ["2"]

    run(go())


def test_a_guest_cannot_pose_as_the_host() -> None:
    """Every guest holds the room key; only the host holds the signing key
    whose public half is in the invite."""

    async def go() -> None:
        room = await open_room()
        bob = await room.seated("p2")
        board = room.guest()
        await board.join()
        shown = board.shown
        forger = TableHost(
            transport=room.broker.connect(),
            sealer=room.sealer,
            room=room.room,
            room_key=room.key,  # Bob's phone has it
            name="Ann",
            apply=room.table.apply,
            snapshot=lambda: (99, {"lines": {"p1": ["13L"] * 7}}),
            clock=room.clock,
            epoch=room.host.epoch,
        )
        await forger.keys()
        forger.kept_seq = (await room.broker.connect().last(room.host.subjects["rev"]))[
            1
        ]  # type: ignore[index]
        await forger.changed()  # kept at the broker, fanned out
        await forger.beat()
        await room.broker.settle()
        assert board.shown is shown and bob.shown is not None
        assert bob.shown.revision == room.table.revision
        late = room.guest()
        await late.join()
        assert late.shown is None  # the forged record is not shown; the host
        room.table.add("p1", "2")  # writes over it with its next revision
        await room.host.changed()
        await room.broker.settle()
        assert late.shown is not None and late.shown.state["lines"]["p1"] == ["2"]

    run(go())


def test_without_the_broker_the_game_goes_on_on_the_host() -> None:
    async def go() -> None:
        room = await open_room()
        bob = await room.seated("p2")
        link = room.host.transport
        link.drop()  # type: ignore[attr-defined]
        room.table.add("p1", "4")  # the host phone goes on tapping
        with pytest.raises(Offline):  # said on the host's screen
            await room.host.changed()
        room.table.add("p1", "9")
        link.back()  # type: ignore[attr-defined]
        await room.host.changed()  # the latest, once: nothing lost
        await room.broker.settle()
        assert bob.shown is not None
        assert bob.shown.state["lines"]["p1"] == ["4", "9"]
        assert bob.shown.revision == room.table.revision

    run(go())


def test_a_tap_lost_in_a_short_outage_is_sent_again_on_the_next_beat() -> None:
    """The broker restarted (or the host's link blinked) for less than the
    silence that says "Waiting": the tap published meanwhile reached no
    host (core subjects keep nothing). The next heartbeat makes the guest
    send it again, same sequence: made once, answered."""

    async def go() -> None:
        room = await open_room()
        bob = await room.seated("p2")
        host_link = room.host.transport
        host_link.drop()  # type: ignore[attr-defined]
        lost = await bob.tap("add_card", "p2", "5")
        await room.broker.settle()
        host_link.back()  # type: ignore[attr-defined]
        assert bob.status is Status.LIVE and not lost.done.done()
        room.clock.now += 1  # a beat right after the tap: not sent again yet
        await room.host.beat()
        await room.broker.settle()
        assert not lost.done.done()
        room.clock.now += 4
        await room.host.beat()
        await room.broker.settle()
        assert lost.done.done() and lost.done.result().refused is None
        assert room.table.lines["p2"] == ["5"]
        await room.host.beat()  # answered: never sent again
        await room.broker.settle()
        assert room.table.lines["p2"] == ["5"] and not bob.pending

    run(go())


def test_a_host_back_from_an_outage_keeps_its_game_again() -> None:
    """A broker restarted without its store lost the kept revision: the
    host's ``reconnected`` keeps it again, so a late joiner sees the game."""

    async def go() -> None:
        room = await open_room()
        room.table.add("p1", "4")
        await room.host.changed()
        room.broker.kept.clear()  # the restarted broker kept nothing
        await room.host.reconnected()
        late = room.guest()
        await late.join()
        assert late.shown is not None and late.shown.state["lines"]["p1"] == ["4"]

    run(go())


def test_publications_at_once_do_not_take_the_host_for_another() -> None:
    """A guest's tap and the host's own commit publish at the same moment;
    over a real broker each write awaits its answer, so both once wrote
    over the same kept sequence and the host took itself for another."""

    async def go() -> None:
        room = await open_room()
        link = room.host.transport
        keep = link.keep

        async def slow_keep(subject: str, data: bytes, expect: int) -> int:
            await asyncio.sleep(0.01)  # the broker's answer takes a while
            return await keep(subject, data, expect)

        link.keep = slow_keep  # type: ignore[method-assign]
        at_once = []
        for code in ("3", "4", "5"):
            room.table.add("p1", code)
            at_once.append(asyncio.ensure_future(room.host.changed()))
            await asyncio.sleep(0.005)
        await asyncio.gather(*at_once)
        assert room.host.published == room.table.revision
        guest = room.guest()
        await guest.join()  # a late joiner is shown the last one
        assert guest.shown is not None
        assert guest.shown.state["lines"]["p1"] == ["3", "4", "5"]

    run(go())
