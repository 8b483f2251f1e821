"""The host phone's invite to a table of phones (issue 39) and its "Table
broker" setting, in the app layer (a broker in memory)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import pytest
from own_loop import run_alone

from companion.app import AppState
from companion.app.actions.invite import InviteIntents
from companion.app.hub import GameHub
from companion.app.refusal import Refusal
from companion.app.serving import STANDALONE
from companion.app.table_guest import GuestLink
from companion.app.table_invite import (
    NOT_WSS,
    ODD,
    PLAIN_WS,
    broker_address,
    default_broker,
)
from companion.app.views.invite import ON_THIS_PHONE
from companion.store import GameStore
from companion.tablelink.links import MemoryLinks
from companion.ui.routes import table_link

APP = "https://flip7.example.org/app"
BROKER = "wss://table.example.org:8443"


def run(coro: Coroutine[Any, Any, None]) -> None:
    run_alone(coro)


@pytest.mark.parametrize(
    "typed, shown",
    [
        ("  wss://table.example.org:8443 ", "wss://table.example.org:8443"),
        ("wss://nats.example.org", "wss://nats.example.org"),
        ("ws://localhost:8080", "ws://localhost:8080"),
        ("ws://127.0.0.1:8080", "ws://127.0.0.1:8080"),
        ("", ""),
    ],
)
def test_a_broker_address_is_kept_as_typed(typed: str, shown: str) -> None:
    assert broker_address(typed) == shown


@pytest.mark.parametrize(
    "typed, why",
    [
        ("ws://192.168.1.20:8080", PLAIN_WS),
        ("ws://table.example.org", PLAIN_WS),
        ("https://table.example.org", NOT_WSS),
        ("table.example.org:8443", NOT_WSS),
        ("wss://", ODD),
        ("wss://table.example.org:port", ODD),
        ("wss://table.example.org/?token=1", ODD),
        ("wss://" + "a" * 300, ODD),
    ],
)
def test_a_wrong_broker_address_says_what_is_wrong(typed: str, why: str) -> None:
    with pytest.raises(Refusal) as refused:
        broker_address(typed)
    assert refused.value.message == why


def test_the_published_broker_is_the_default(tmp_path: Path) -> None:
    published = tmp_path / "published.json"
    assert default_broker(published) == ""  # absent: no default
    published.write_text(json.dumps({"broker": BROKER}))
    assert default_broker(published) == BROKER
    for odd in ("{not json", json.dumps({"broker": "http://x"}), json.dumps([1])):
        published.write_text(odd)
        assert default_broker(published) == ""


async def phone_app_host(links: MemoryLinks) -> AppState:
    host = AppState(
        GameHub(GameStore.memory()), serving=STANDALONE, links=lambda: links
    )
    for name in ("Ann", "Bob"):
        assert await host.act(host.form.add, name) is None
    assert host.start_game() is None
    return host


def test_the_phone_apps_invite_is_the_tables_link_and_renews() -> None:
    async def go() -> None:
        links = MemoryLinks()
        host = await phone_app_host(links)
        intents = InviteIntents(host)
        before = intents.view().invite
        assert not isinstance(before, str) and before.problem == ON_THIS_PHONE
        assert await intents.share_table(BROKER, APP) is None
        view = intents.view().invite
        assert not isinstance(view, str) and view.join is not None
        assert view.board is not None and view.status is None
        assert view.join.url.startswith(f"{APP}/join/{host.game_id}#room=")
        assert view.join.png.startswith(b"\x89PNG")
        joined, board = table_link(view.join.url), table_link(view.board.url)
        assert joined is not None and board is not None and board.board
        assert joined.invite == board.invite and joined.invite.broker == BROKER
        phone = AppState(GameHub(GameStore.memory()))
        assert await phone.join_table(joined.invite, MemoryLinks(links.broker)) is None
        await links.broker.settle()
        assert phone.sheet == host.sheet
        assert await intents.renew() is None
        after = intents.view().invite
        assert not isinstance(after, str) and after.join is not None
        renewed = table_link(after.join.url)
        assert renewed is not None and renewed.invite.room != joined.invite.room
        assert renewed.invite.key != joined.invite.key

    run(go())


def test_a_wrong_broker_is_refused_and_the_game_not_shared() -> None:
    async def go() -> None:
        host = await phone_app_host(MemoryLinks())
        intents = InviteIntents(host)
        assert await intents.share_table("ws://192.168.1.20:8080", APP) == PLAIN_WS
        view = intents.view().invite
        assert not isinstance(view, str) and view.join is None

    run(go())


def test_a_guest_cannot_share_the_game() -> None:
    async def go() -> None:
        links = MemoryLinks()
        host = await phone_app_host(links)
        await InviteIntents(host).share_table(BROKER, APP)
        phone = AppState(GameHub(GameStore.memory()))
        link = host.tables.link
        assert link is not None
        assert await phone.join_table(link.invite, MemoryLinks(links.broker)) is None
        await links.broker.settle()
        said = await InviteIntents(phone).share_table(BROKER, APP)
        assert said == "Only the host's screen can do that."
        assert isinstance(phone.link, GuestLink)

    run(go())


def test_the_host_phone_says_when_the_table_cannot_be_reached() -> None:
    async def go() -> None:
        links = MemoryLinks()
        host = await phone_app_host(links)
        await InviteIntents(host).share_table(BROKER, APP)
        link = host.tables.link
        assert link is not None
        links.made[0].drop()
        await link.pulse()
        host._changed_elsewhere()  # the page hears of it (as its render would)
        assert host.notice is not None and host.notice.error
        assert host.notice.text.startswith("No connection to the table")
        view = InviteIntents(host).view().invite
        assert not isinstance(view, str) and view.status == host.notice.text
        links.made[0].back()
        await link.pulse()
        host._changed_elsewhere()
        assert host.notice is None

    run(go())


def test_the_app_opened_again_shares_its_game_again_in_the_same_room() -> None:
    """The host's app closed and opened again (a new session on the same
    phone's storage): opening the game shares it again by itself, under the
    same link, and the guest's phone follows on; a game never shared is not."""

    async def go() -> None:
        links = MemoryLinks()
        host = await phone_app_host(links)
        assert await InviteIntents(host).share_table(BROKER, APP) is None
        shared = InviteIntents(host).view().invite
        assert not isinstance(shared, str) and shared.join is not None
        joined = table_link(shared.join.url)
        assert joined is not None and host.game_id is not None
        phone = AppState(GameHub(GameStore.memory()))
        assert await phone.join_table(joined.invite, MemoryLinks(links.broker)) is None
        await links.broker.settle()
        bob = host.sheet.seated[1].id  # type: ignore[union-attr]
        assert await phone.act(phone.seat.claim, bob) is None
        await links.broker.settle()
        assert phone.seat.mine == bob
        await host.tables.stop()  # the app closed

        again = AppState(GameHub(host.store), serving=STANDALONE, links=lambda: links)
        assert again.open_game(host.game_id) is None
        await again.tables.resume(APP)
        view = InviteIntents(again).view().invite
        assert not isinstance(view, str) and view.join is not None
        assert view.join.url == shared.join.url and view.status is None
        assert again.entry is not None and again.sheet is not None
        ann = again.sheet.seated[0].id
        assert await again.act(again.entry.add_card, ann, "9") is None
        for _turn in range(50):  # the publication a commit scheduled, delivered
            await asyncio.sleep(0)
            await links.broker.settle()
        assert phone.watch is not None
        assert phone.watch.state.draft == again.watch.state.draft  # type: ignore[union-attr]
        # who sat where is not on disk: Bob's phone took his seat back
        assert phone.seat.mine == bob
        assert again.watch.state.seats.holder(bob) == phone.seat.holder  # type: ignore[union-attr]

        fresh = await phone_app_host(MemoryLinks())  # never shared
        await fresh.tables.resume(APP)
        assert fresh.tables.link is None

    run(go())
