"""Odds while flipping through the app's intents: the switch remembered per
game, the odds of the player being tapped changing with every tap, the
earlier rounds counted until "Deck reshuffled", a purist table showing none,
and Undo of a mis-tap as removing the last card."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from drive import drive
from test_state import new_state, tap

from companion.app import AppState
from companion.app import table_odds as app_odds
from companion.app.table_odds import OddsWords
from companion.app.views.entry import entry_of
from companion.store import GameStore

WORKING = OddsWords("Bust \u2026", "Flip 7 \u2026", "Working out the odds\u2026", "")


def known(state: AppState, pid: str) -> OddsWords | None:
    """The odds words once the job for the current state ended (what a
    person sees a moment after the tap)."""
    return drive(state.odds.worked_out(pid))


def ids(state: AppState) -> list[str]:
    assert state.entry.draft is not None
    return list(state.entry.draft.players)


def test_off_by_default_and_on_for_the_game() -> None:
    files: dict[str, str] = {}
    state = new_state(["Ann", "Bob"], files)
    ann, _bob = ids(state)
    assert not state.odds.on and known(state, ann) is None
    assert drive(state.act(state.odds.set_on, True)) is None
    assert state.odds.on
    state.store.flush()
    again = AppState(GameStore.memory(files))
    assert state.game_id is not None and again.open_game(state.game_id) is None
    assert again.odds.on


def test_the_odds_follow_each_tap() -> None:
    state = new_state(["Ann", "Bob"])
    ann, bob = ids(state)
    assert drive(state.act(state.odds.set_on, True)) is None
    first = known(state, ann)
    assert first is not None and first.bust is None  # no card yet
    assert "first card" in first.advice
    tap(state, ann, "12")
    one = known(state, ann)
    assert one is not None and one.bust == "Bust 10%"  # 11 of 107
    assert one.basis == "From 1 card seen in this round."
    assert "Suggestion:" in one.advice and "bust 10%" in one.advice
    tap(state, bob, "12 12")  # Bob's pair: fewer 12s left
    assert drive(state.act(state.entry.set_busted, bob, True)) is None
    two = known(state, ann)
    assert two is not None and two.bust == "Bust 9%"  # 9 of 105
    assert two.basis == "From 3 cards seen in this round."
    busted = known(state, bob)
    assert busted is not None and busted.bust is None
    assert busted.advice == "Bob busted: no more cards this round."


def test_earlier_rounds_count_until_the_deck_is_reshuffled() -> None:
    state = new_state(["Ann", "Bob"])
    ann, bob = ids(state)
    assert drive(state.act(state.odds.set_on, True)) is None
    tap(state, ann, "12 11")
    tap(state, bob, "12 10")
    assert drive(state.act(state.entry.save)) is None
    tap(state, ann, "12")
    seen = known(state, ann)
    assert seen is not None and seen.bust == "Bust 9%"  # 9 of 103 (8.7 %)
    assert seen.basis == "From 5 cards seen (4 of earlier rounds)."
    assert drive(state.act(state.odds.reshuffled)) is None
    fresh = known(state, ann)
    assert fresh is not None and fresh.bust == "Bust 10%"  # 11 of 107
    assert fresh.basis == "From 1 card seen in this round."


def test_a_purist_table_shows_no_odds_and_refuses_the_switch() -> None:
    state = new_state(["Ann", "Bob"])
    ann, _bob = ids(state)
    assert drive(state.act(state.odds.set_on, True)) is None
    tap(state, ann, "5")
    assert known(state, ann) is not None
    assert drive(state.act(state.table.set_purist, True)) is None
    assert not state.odds.on and known(state, ann) is None
    drive(state.act(state.odds.set_on, False))
    refused = drive(state.act(state.odds.set_on, True))
    assert refused is not None and "purist" in refused
    assert known(state, ann) is None


def test_no_odds_while_a_past_round_is_edited() -> None:
    state = new_state(["Ann", "Bob"])
    ann, bob = ids(state)
    assert drive(state.act(state.odds.set_on, True)) is None
    tap(state, ann, "5")
    tap(state, bob, "6")
    assert drive(state.act(state.entry.save)) is None
    assert drive(state.act(state.fixes.edit_round, 0)) is None
    assert known(state, ann) is None


def test_undo_of_a_mis_tap_takes_the_last_card_back() -> None:
    state = new_state(["Ann", "Bob"])
    ann, _bob = ids(state)
    tap(state, ann, "5 9")
    assert state.entry.draft is not None
    assert (
        drive(
            state.act(
                state.entry.remove_card, ann, len(state.entry.draft.line(ann)) - 1
            )
        )
        is None
    )
    assert state.entry.draft.line(ann) == ["5"]


def test_the_odds_in_italian_and_hungarian() -> None:
    from companion.i18n import use

    state = new_state(["Ann", "Bob"])
    ann, _bob = ids(state)
    assert drive(state.act(state.odds.set_on, True)) is None
    tap(state, ann, "12")
    known(state, ann)
    with use("it"):
        it = state.odds.words(ann)
    with use("hu"):
        hu = state.odds.words(ann)
    assert it is not None and hu is not None
    assert it.bust is not None and it.bust.startswith("Eliminazione 10")
    assert it.basis == "Da 1 carta vista in questo round."
    assert "Prossima carta" in it.advice
    assert hu.bust is not None and hu.bust.startswith("Bedőlés 10")
    assert "Következő lap" in hu.advice


def test_a_digital_round_between_keeps_the_odds_and_the_paper_deck() -> None:
    """A round dealt digitally in the middle (cards missing for once): the
    switch stays on, the reshuffle mark stays, and the digital round's
    cards, dealt from the app's own deck, are not on the table's pile."""
    state = new_state(["Ann", "Bob"])
    ann, bob = ids(state)
    assert drive(state.act(state.odds.set_on, True)) is None
    tap(state, ann, "12 11")
    tap(state, bob, "12 10")
    assert drive(state.act(state.entry.save)) is None  # round 1, real cards
    assert (
        drive(state.act(state.odds.reshuffled)) is None
    )  # the pile went back in the deck
    tap(state, ann, "9")
    tap(state, bob, "8")
    assert drive(state.act(state.entry.save)) is None  # round 2, real cards
    assert drive(state.act(state.table.start)) is None  # round 3, on the screen
    while state.table.round is not None and not state.table.round.over:
        assert drive(state.act(state.table.play, state.table.round.legal()[-1])) is None
    assert state.sheet is not None and len(state.sheet.rounds) == 3
    assert state.odds.on  # it stays on: the game remembers it
    tap(state, ann, "12")
    odds = known(state, ann)
    assert odds is not None
    assert odds.basis == "From 3 cards seen (2 of earlier rounds)."  # 9, 8


def test_with_odds_on_a_duplicate_busts_the_line_at_once() -> None:
    """Tapping cards as they are flipped, a second 12 is a bust: the entry
    says so itself (it needed Busted switched by hand); a Lucky 13 pair is
    not a bust. Without the odds the entry only names the problem."""
    state = new_state(["Ann", "Bob"])
    ann, bob = ids(state)
    tap(state, ann, "12 12")
    assert state.entry.draft is not None and ann not in state.entry.draft.busted
    assert drive(state.act(state.odds.set_on, True)) is None
    tap(state, bob, "13 13L 12")
    assert bob not in state.entry.draft.busted
    tap(state, bob, "12")
    assert bob in state.entry.draft.busted
    odds = known(state, bob)
    assert odds is not None and odds.advice == "Bob busted: no more cards this round."
    assert (
        drive(state.act(state.entry.remove_card, bob, 3)) is None
    )  # a mis-tap after all: Undo
    assert bob not in state.entry.draft.busted


class Spy:
    """``table_odds`` as the app calls it, noting whether a render was
    under way on the loop at each call; ``hold`` keeps a call waiting."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.real = app_odds.table_odds
        self.rendering = False
        self.calls: list[bool] = []
        self.hold: threading.Event | None = None
        monkeypatch.setattr(app_odds, "table_odds", self)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls.append(self.rendering)
        if self.hold is not None:
            assert self.hold.wait(30)
        return self.real(*args, **kwargs)

    def render(self, state: AppState, pid: str, screens: int = 1) -> list[Any]:
        """``screens`` entry views built on the loop, as the pages do."""

        async def build() -> list[Any]:
            self.rendering = True
            try:
                return [entry_of(state, pid) for _ in range(screens)]
            finally:
                self.rendering = False

        return drive(build())


def test_the_render_never_works_the_odds_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 36: the advisor's play-outs ran inside the first render after
    each tap. Now the render says the odds are being worked out, three
    screens asking start one job, and its end has the screens re-render."""
    state = new_state(["Ann", "Bob"])
    ann, _bob = ids(state)
    assert drive(state.act(state.odds.set_on, True)) is None
    tap(state, ann, "12")
    spy = Spy(monkeypatch)
    assert state.watch is not None
    heard: list[object] = []
    stop = state.watch.game.watch(heard.append)
    views = spy.render(state, ann, screens=3)
    assert [v.line.odds for v in views] == [WORKING] * 3
    words = known(state, ann)
    stop()
    assert spy.calls == [False]  # one job, none of it in a render
    assert words is not None and words.bust == "Bust 10%"
    assert heard == [None]  # the screens were told to draw the figures
    again = spy.render(state, ann)[0].line.odds
    assert again == words and spy.calls == [False]  # kept for that state


def test_odds_of_a_state_gone_meanwhile_are_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A tap while the job thinks: its figures are of the old line, never
    shown; the new state's render asks for its own."""
    state = new_state(["Ann", "Bob"])
    ann, _bob = ids(state)
    assert drive(state.act(state.odds.set_on, True)) is None
    tap(state, ann, "12")
    spy = Spy(monkeypatch)
    spy.hold = threading.Event()
    assert state.watch is not None
    game = state.watch.game
    spy.render(state, ann)
    job = game._jobs[1][("table_odds", ann)]
    tap(state, ann, "11")  # the commit does not wait for the job
    heard: list[object] = []
    stop = game.watch(heard.append)
    spy.hold.set()
    old = drive(job)
    assert old is not None and old.seen == 1  # worked out for the 12 alone
    assert heard == [] and state.odds.words(ann) == WORKING
    now = known(state, ann)
    stop()
    assert now is not None and now.basis == "From 2 cards seen in this round."
    assert spy.calls == [False, False] and heard == [None]
