"""Each phone at a live table speaks its own language (issue 12): a guest
phone whose browser is Italian joins the host's game and sees the join page
and its score sheet in Italian, then picks Magyar under "This phone", while
the host's page, on the same game at the same time, stays English.

The host's page runs on the serving machine; the phone reaches the server
through a :class:`~tests.phone_link.PhoneLink` from 127.0.0.2 (another
machine to the server) and opens the join link the host's Invite screen
shows, as a phone that scanned its QR code would. Person-paced: one tap at
a time, each page waiting for what it should see.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.phone_link import PhoneLink

from .harness import PHONE, load, running_server, screenshot
from .table import click, see, start_game

pytestmark = pytest.mark.browser
LAN = "0.0.0.0"  # --host: phones on the LAN may connect


def phone(browser: Any, url: str, locale: str) -> Any:
    """A phone of its own (its own storage) whose system language is ``locale``."""
    context = browser.new_context(viewport=PHONE, locale=locale)
    return load(context.new_page(), url)


def join_path(host: Any) -> str:
    """The join link's path and query, read off the host's Invite screen."""
    click(host, "Invite phones")
    link = host.get_by_text(re.compile(r"^http://.+/join/.+\?t=.+$")).first
    link.wait_for(timeout=20_000)
    parts = urlsplit(link.inner_text().strip())
    click(host, "Back")
    return f"{parts.path}?{parts.query}"


def english_only(host: Any) -> None:
    """The host's sheet is in English and shows none of the phone's words."""
    see(host, "Round 1 · Ann deals")
    see(host, "Invite phones")
    for word in ("Segnapunti", "mazziere", "Pontlap", "Ez a telefon", "osztó"):
        assert host.get_by_text(re.compile(word, re.I)).count() == 0, word


def test_an_italian_phone_joins_an_english_host(browser: Any, tmp_path: Path) -> None:
    with running_server(tmp_path / "data", host=LAN) as server:
        host = phone(browser, server.url, "en-US")
        start_game(host, ("Ann", "Bob"))
        path = join_path(host)
        with PhoneLink(server.port, "127.0.0.2") as net:
            ann = phone(browser, net.url + path, "it-IT")
            # the join page, in the phone's own language
            see(ann, "Chi sei?", timeout=60_000)
            see(ann, "Partecipa alla partita")
            see(ann, "Guarda soltanto")
            assert ann.get_by_text("Who are you?").count() == 0
            screenshot(ann, "live-join-it")
            click(ann, "Sono Ann")
            # the guest's sheet, in Italian
            see(ann, "Sei Ann")
            see(ann, "Round 1 · mazziere: Ann")
            see(ann, "Inserisci la mia fila")
            see(ann, "Questo telefono")
            assert ann.get_by_text("You are Ann").count() == 0
            screenshot(ann, "live-guest-it")
            # the host, on the same game at the same moment: English
            click(host, "Invite phones")
            see(host, "Ann taps in on their own phone.")
            see(host, "Phones on the same Wi-Fi scan this")
            click(host, "Back")
            english_only(host)

            # The phone picks Magyar under "This phone": only it changes.
            click(ann, "Magyar")
            see(ann, "Ez a telefon", timeout=30_000)
            see(ann, "Te vagy: Ann")
            see(ann, "1. kör · osztó: Ann")
            english_only(host)
            ann.context.close()
        host.context.close()
