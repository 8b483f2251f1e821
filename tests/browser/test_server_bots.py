"""Computer players move on the server, once per pause, seen on every page.

Two phones (two browser contexts) on one game, both on the digital table:
on main each page scheduled the next computer move after its own render,
so when Bob (a person) hit, both pages asked for a move after the pause and
Cy and then Dan moved at once. And when both phones went back to the score
sheet the computer players stopped, so the round never ended.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from companion.rules import Rules, Sheet
from companion.store import GameStore

from .harness import device, running_server, screenshot
from .table import click, see

pytestmark = pytest.mark.browser
PAUSE = 4.0  # seconds: long enough to tell one move from two
# Ann deals: Bob 5, Cy 10, Dan 11, Ann 7. Bob hits (6), Cy (computer) 9,
# Dan (computer) 8; Ann and Bob stay; Cy 1, Dan 2, Cy 3, Dan 4 (25), Cy busts
# on a 10 and Dan stays: six computer moves after the people are done.
DECK = "5 10 11 7 6 9 8 1 2 3 4 10 12 12 12"


def shown_at(page: Any, *texts: str, timeout_ms: int = 30_000) -> float:
    """Wait for any of ``texts`` (exactly) on ``page``; when it came."""
    wanted = "|".join(re.escape(t) for t in texts)
    page.get_by_text(re.compile(rf"^({wanted})$")).first.wait_for(
        state="attached", timeout=timeout_ms
    )
    return time.monotonic()


def test_computer_players_move_once_per_pause_on_the_server(
    browser: Any, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    store = GameStore(data)  # a stored game: this test is not about typing names
    sheet = Sheet.new(["Ann", "Bob", "Cy", "Dan"], Rules())
    store.create(sheet, digital={"bots": {"p3": "stop", "p4": "stop"}})
    store.close()
    env = {"COMPANION_TEST_DECK": DECK, "COMPANION_BOT_PAUSE": str(PAUSE)}
    with running_server(data, env) as server:
        ann = device(browser, server.url)
        click(ann, re.compile(r"^Continue round 1"))
        bob = device(browser, server.url)
        click(bob, re.compile(r"^Continue round 1"))
        click(ann, "Deal round 1 digitally")
        see(ann, "Bob: hit or stay?")
        click(bob, "Continue digital round 1")
        see(bob, "Bob: hit or stay?")

        # Bob hits on his phone; then Cy moves, and one pause later Dan.
        click(bob, "Hit")
        shown_at(ann, "Cy (computer) is deciding…")
        # (two moves at once would skip "Dan is deciding": a gap of 0)
        cy = shown_at(ann, "Dan (computer) is deciding…", "Ann: hit or stay?")
        dan = shown_at(ann, "Ann: hit or stay?")
        gap = dan - cy
        print(f"Cy's move to Dan's move, seen on Ann's phone: {gap:.2f} s")
        assert gap > PAUSE - 1.5, f"two computer moves {gap:.2f} s apart"
        for page in (ann, bob):  # both phones show both moves
            see(page, "Cy draws a 9.")
            see(page, "Dan draws an 8.")
        screenshot(bob, "digital-server-bots-phone")

        # The people stay and both phones go back to the score sheet:
        # the computer players finish the round with no page on the table.
        click(ann, "Stay")
        see(bob, "Bob: hit or stay?")
        click(bob, "Stay")
        see(bob, "Cy (computer) is deciding…")
        click(ann, "Score sheet")
        click(bob, "Score sheet")
        for page in (ann, bob):
            see(page, "Round 2 · Bob deals", timeout=90_000)
            see(page, "Bob deals next.")  # the server's news reaches every page
        screenshot(ann, "digital-server-bots-sheet-phone")
        ann.context.close()
        bob.context.close()

    store = GameStore(data)
    (game,) = store.list_games()
    record = store.load(game.id)
    assert record.sheet.totals() == {"p1": 7, "p2": 11, "p3": 0, "p4": 25}
    store.close()
