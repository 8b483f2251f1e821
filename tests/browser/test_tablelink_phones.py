"""The published phone app's own Python worker on a table broker (issue 39):
``js.nats`` (vendor/nats.js, imported at its first use), the broker
address the app was published with, and Python restored from its memory
snapshot with the table link still working. The screens of the table are
tested by the browser tests of the mirror screens; this is what lies under
them, at the cost of one phone's boot and reload."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.tablelink.sealing import b64, new_key

from .phones import (  # noqa: F401
    TableApp,
    in_app_python,
    open_phones,
    table_app,
    table_broker,
)
from .test_phone_app import booted, marks, snapshot_kept
from .test_tablelink_pyodide import HostThread

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("phone_app")]

# A guest in the app's worker: the broker from companion/published.json,
# nats.ws from js.nats (a promise: imported now, not before).
GUEST_IN_APP = """
import asyncio, json, time
from pathlib import Path
import js
import companion
from companion.tablelink.guest import TableGuest
from companion.tablelink.natsws import NatsWsTransport
from companion.tablelink.sealing import unb64
from companion.tablelink.webcrypto import WebCryptoSealer

published = Path(companion.__file__).parent / "published.json"
broker = json.loads(published.read_text())["broker"]
link = await NatsWsTransport.connect(js.nats, broker)
guest = TableGuest(transport=link, sealer=WebCryptoSealer(), room=ROOM,
                   room_key=unb64(KEY), host_key=unb64(HOSTKEY), clock=time.monotonic)
await guest.join()
answers = []
for action, *args in TAPS:
    tap = await guest.tap(action, *args)
    no = (await asyncio.wait_for(tap.done, 20)).refused
    answers.append(None if no is None else [no.msgid, no.params])
for _ in range(200):
    if guest.shown is not None and guest.shown.state["lines"] == WANT:
        break
    await asyncio.sleep(0.05)
shown = guest.shown.state["lines"] if guest.shown is not None else None
await guest.leave()
await link.close()
json.dumps({"broker": broker, "answers": answers, "shown": shown})
"""


def test_the_apps_own_python_reaches_the_broker_before_and_after_a_restore(
    browser: Any,
    table_app: TableApp,  # noqa: F811
    table_broker: Any,  # noqa: F811
) -> None:
    key, room = new_key(), "room-in-the-app"
    host = HostThread(table_broker.url, room, key)
    (bob,) = open_phones(browser, table_app.url, 1)
    try:
        host.run(host.start())
        assert "restored" not in marks(bob.page)

        def play(taps: list[list[str]], want: dict[str, list[str]]) -> Any:
            code = (
                f"ROOM, KEY, HOSTKEY = {room!r}, {b64(key)!r}, "
                f"{b64(host.host.verify_key)!r}\n"
                f"TAPS, WANT = {json.dumps(taps)}, {json.dumps(want)}\n"
            )
            return in_app_python(bob.page, code + GUEST_IN_APP)

        first = play(
            [["claim", "p2"], ["add_card", "p2", "13L"]], {"p1": [], "p2": ["13L"]}
        )
        assert first["broker"] == table_app.broker  # published with the app
        assert first["answers"] == [None, None]
        assert first["shown"] == {"p1": [], "p2": ["13L"]} == host.table.lines

        snapshot_kept(bob.page)  # made in a worker that never imports nats
        bob.page.reload()
        booted(bob.page)
        assert marks(bob.page).get("restored") is True
        again = play([["add_card", "p2", "5"]], {"p1": [], "p2": ["13L"]})
        # A new key pair after the reload (the app keeps its own): not Bob's seat.
        assert again["answers"][0][1] == {"name": "Bob"}
        assert again["shown"] == {"p1": [], "p2": ["13L"]}
    finally:
        host.run(host.stop())
        host.close()
        bob.close()
