"""A table of phones with no computer (issue 39): the published app in three
browsers of their own — Ann's phone holds the game, Bob's phone joins by
the invite link, a tablet opens the board — on one local nats-server (the
broker the app was published with). Taps one at a time at a person's
pace, each phone waiting for what it should see. One walk shares the
boots: a tap-in round where each phone taps its own line and the last one
in saves (Bob's phone reloads mid-round, its Python restored from the
snapshot, and catches up through the broker; the broker restarts
mid-round and nothing is lost), then a digital round where each phone
plays its own turns; then Ann's app reloads and shares the game again in
the same room, and Bob taps on; a subscriber on ``>`` (all the broker
carried) reads no name.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.tablelink_guests import Guests

from .phones import (  # noqa: F401
    Phone,
    TableApp,
    open_phones,
    table_app,
    table_broker,
)
from .table import choose_player, click, see, start_game, tap_cards
from .test_phone_app import BOOT, booted, marks, phone, snapshot_kept

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("phone_app")]
JOIN = re.compile(r"^https?://.+/join/.+#room=.+")
BOARD = re.compile(r"^https?://.+/board/.+#room=.+")


def shown_link(page: Any, pattern: re.Pattern[str]) -> str:
    link = page.get_by_text(pattern).first
    link.wait_for(timeout=60_000)
    return str(link.inner_text()).strip()


def opened(browser: Any, url: str) -> Phone:
    """A phone that opens ``url`` (its camera read the QR code)."""
    context, asked = phone(browser)
    page = context.new_page()
    page.goto(url)
    booted(page)
    return Phone(context, page, asked)


def _digital_round(ann: Any, bob: Any, board: Any) -> None:
    """Round 2 dealt digitally on the host's phone (Bob deals, so Ann is
    first; the deck is stacked: Ann 1, Bob 2, then 3, 4…): each phone
    decides for its own seat, Ann's phone for Ann (no guest holds her
    seat), and every screen sees whose turn it is and the round's end."""
    click(ann, "Deal round 2 digitally")
    see(ann, "Ann: hit or stay?")
    click(bob, "Digital round 2: to the table")
    see(bob, "Ann's turn")
    click(ann, "Stay")
    see(bob, "Bob: hit or stay?")
    click(bob, "Hit")
    see(ann, "Bob's turn")
    see(bob, "Bob: hit or stay?")
    click(bob, "Stay")  # Bob's 2 and 3: the round is over, and saved
    for page in (ann, bob):
        see(page, "Round over", timeout=60_000)
    see(board, "Last round: 2", timeout=60_000)
    see(board, "20")  # Bob: 15 + 5
    see(board, "Round 3 · Ann deals")


def _host_reloads(ann: Any, bob: Any) -> None:
    """Ann's app is reloaded (a phone that closed the tab, or the browser
    that dropped it): it shares the game again by itself, in the same room
    (its keys kept in IndexedDB), and Bob's phone takes his seat back and
    taps on."""
    click(ann, "Back to score sheet")
    see(ann, "Round 3 · Ann deals")
    see(bob, "No digital round is being dealt.")  # Ann closed it
    click(bob, "Score sheet")
    ann.reload()
    booted(ann)
    see(ann, "Round 3 · Ann deals", timeout=BOOT)
    click(ann, "Enter round 3")
    choose_player(ann, "Ann")
    see(bob, "Enter my line", timeout=60_000)  # his seat, taken back
    click(bob, "Enter my line")
    tap_cards(bob, "7")
    see(ann, "Bob 7", timeout=60_000)


def test_three_published_phones_play_a_round_on_one_broker(
    browser: Any,
    table_app: TableApp,  # noqa: F811
    table_broker: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    spy = Guests(table_broker.url, "", b"", b"")
    spy.run(spy.watch_everything())
    (ann_phone,) = open_phones(browser, table_app.url, 1)
    phones = [ann_phone]
    try:
        ann = ann_phone.page
        start_game(ann, ("Ann", "Bob"))
        click(ann, "Invite phones")
        join, board_link = shown_link(ann, JOIN), shown_link(ann, BOARD)
        assert join.startswith(table_app.url.rstrip("/"))
        click(ann, "Back")

        bob_phone = opened(browser, join)
        phones.append(bob_phone)
        bob = bob_phone.page
        see(bob, "Who are you?", timeout=BOOT)
        click(bob, "I am Bob")
        tablet = opened(browser, board_link)
        phones.append(tablet)

        click(ann, "Enter round 1")
        choose_player(ann, "Ann")
        tap_cards(ann, "5 9")
        click(bob, "Enter my line")
        tap_cards(bob, "12")
        see(ann, "Bob 12")  # live on the host's phone
        snapshot_kept(bob)  # so the reload starts Python from its snapshot
        bob.reload()  # mid-round: back on his line, from the kept revision
        booted(bob)
        assert marks(bob).get("restored") is True  # and nats.ws still works
        see(bob, "Bob 12", timeout=BOOT)
        table_broker.restart(down=1.0)  # mid-round
        tap_cards(bob, "3")
        see(ann, "Bob 15", timeout=60_000)
        click(bob, "My line is in")
        see(ann, "Bob ✓ 15")
        click(ann, "Ann's line is in")
        click(bob, "Save round 1")  # the last one in saves
        for page in (ann, bob):
            see(page, "Round 2 · Bob deals", timeout=60_000)
        for page in (ann, bob, tablet.page):
            see(page, "14")
            see(page, "15")
        _digital_round(ann, bob, tablet.page)
        _host_reloads(ann, bob)
    except Exception:
        for n, each in enumerate(phones):
            each.page.screenshot(path=str(tmp_path / f"phone{n}.png"))
        raise
    finally:
        for each in phones:
            each.close()
        spy.close()
    readable = [m for m in spy.spy if b'"Ann"' in m or b'"Bob"' in m]
    assert len(spy.spy) > 20 and not readable
