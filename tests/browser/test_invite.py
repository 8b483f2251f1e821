"""The host's Invite, as a host at the table uses it: on a server that lets
phones in (--host 0.0.0.0) the sheet's "Invite phones" shows a QR code of
the join link for this computer's LAN address, the link as text, and "New
invite" (asked first) replaces the link; on a server that listens only on
this computer it says phones can't join and how to fix that.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
import zxingcpp
from PIL import Image

from companion.server.net import lan_addresses

from . import table
from .contrast import unreadable
from .harness import PHONE, load, running_server, screenshot
from .table import click, reveal, see, toggle

pytestmark = pytest.mark.browser
LINK_TEXT = re.compile(r"^http://\S+/join/\S+$")
JOIN = re.compile(r"^http://[\d.]+:\d+/join/[A-Za-z0-9_-]+\?t=[A-Za-z0-9_-]{22}$")


def start_game(page: Any) -> str:
    """The host starts a game of Ann and Bob; its id."""
    return table.start_game(page, ("Ann", "Bob"))


def join_link(page: Any) -> str:
    """The join link shown as text, as a person reads it off the screen."""
    text = page.get_by_text(LINK_TEXT).first
    reveal(page, text)
    shown = str(text.text_content()).strip()
    assert JOIN.match(shown), shown
    return shown


def qr_on_screen(page: Any) -> list[str]:
    """Every QR code a phone camera pointed at the screen would read."""
    png = page.screenshot()
    return [c.text for c in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]


def stored_token(data: Path, game_id: str) -> str:
    doc = json.loads((data / "games" / f"{game_id}.json").read_text())
    return str(doc["game"]["1"]["invite"])


def test_host_invites_phones_and_renews_the_invite(
    browser: Any, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    addresses = lan_addresses()
    if not addresses:
        pytest.skip("this machine has no LAN address to invite phones to")
    with running_server(data, host="0.0.0.0") as server:
        device = browser.new_context(viewport=PHONE)
        page = load(device.new_page(), server.url)
        gid = start_game(page)
        click(page, "Invite phones")
        see(page, "Phones on the same Wi-Fi scan this")
        see(page, "QR code of the join link")
        link = join_link(page)
        token = stored_token(data, gid)
        assert link == f"http://{addresses[0]}:{server.port}/join/{gid}?t={token}"
        page.wait_for_timeout(800)
        assert link in qr_on_screen(page)
        screenshot(page, "invite-light")

        click(page, "New invite")
        see(page, "Make a new invite?")
        assert join_link(page) == link  # nothing changed before the answer
        click(page, "Make a new invite")
        see(page, "Old invite links no longer work.")
        renewed = join_link(page)
        assert renewed != link
        assert renewed.endswith(f"?t={stored_token(data, gid)}")
        page.wait_for_timeout(800)
        assert renewed in qr_on_screen(page) and link not in qr_on_screen(page)

        click(page, "Back")
        see(page, "Round 1 · Ann deals")
        device.close()


def awake_switch(page: Any, *, on: bool) -> None:
    """Wait until the "Keep screen awake" switch shows ``on``."""
    switch = page.get_by_role("switch", name="Keep screen awake", checked=on).first
    reveal(page, switch)
    switch.wait_for(timeout=20_000)


def test_invite_in_the_dark_and_the_awake_switch_is_kept_per_device(
    browser: Any, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    with running_server(data, host="0.0.0.0") as server:
        device = browser.new_context(viewport=PHONE)
        page = load(device.new_page(), server.url)
        click(page, "Dark theme")
        see(page, "Light theme")
        gid = start_game(page)
        click(page, "Invite phones")
        see(page, "QR code of the join link")
        page.wait_for_timeout(800)
        assert unreadable(page) == []
        awake_switch(page, on=True)
        page.wait_for_timeout(800)
        screenshot(page, "invite-dark")
        assert unreadable(page) == []
        toggle(page, "Keep screen awake")
        awake_switch(page, on=False)
        # Another tab of this browser (the same device) remembers the choice.
        again = load(device.new_page(), f"{server.url}/game/{gid}/invite")
        see(again, "QR code of the join link", timeout=60_000)
        awake_switch(again, on=False)
        device.close()


def test_a_server_for_this_computer_only_says_phones_cannot_join(
    browser: Any, tmp_path: Path
) -> None:
    with running_server(tmp_path / "data") as server:  # 127.0.0.1, the default
        page = load(browser.new_page(viewport=PHONE), server.url)
        start_game(page)
        click(page, "Invite phones")
        see(page, re.compile(r"^Phones can't join: this server only listens"))
        see(page, re.compile(r"uv run companion --host 0\.0\.0\.0"))
        assert page.get_by_text(LINK_TEXT).count() == 0
        assert qr_on_screen(page) == []
        screenshot(page, "invite-local-only")
        page.close()
