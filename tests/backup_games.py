"""A library with every kind of game, made through the app's own intents
(as a table makes them) or, for the sheets the share tests already build,
stored directly; for the backup tests and the backup benchmark."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from drive import drive
from share_games import (
    brutal_game,
    random_game,
    standard_game,
    tiebreak_game,
    typed_and_roster_game,
)

from companion.app import AppState
from companion.app.bots import BotClock
from companion.app.hub import GameHub
from companion.store import GameStore
from companion.store.records import GameRecord

DECK = "5 6 7 5 9 10 11 12 3 4 8 2 1"  # a digital round's stacked deck


def tap(state: AppState, pid: str, codes: str) -> None:
    for code in codes.split():
        assert drive(state.act(state.entry.add_card, pid, code)) is None, state.notice


def started(
    state: AppState,
    names: list[str],
    bots: dict[int, str] | None = None,
    **opts: object,
) -> None:
    """A new game of ``names`` started in ``state`` (its options set)."""
    state.new_game()
    for name in names:
        assert drive(state.act(state.form.add, name)) is None
    for seat, level in (bots or {}).items():
        assert drive(state.act(state.form.set_computer, seat, level)) is None
    for key, value in opts.items():
        if key == "target":
            assert drive(state.act(state.form.set_target, value)) is None  # type: ignore[arg-type]
        else:
            assert drive(state.act(state.form.set_option, key, bool(value))) is None
    assert state.start_game() is None, state.notice


def never(delay: float, work: Callable[[], None]) -> Callable[[], None]:
    """A computer player's move that never comes: the games stay as made."""
    return lambda: None


def every_kind(store: GameStore | GameHub) -> list[str]:
    """Store one game of every kind in ``store``; their ids."""
    hub = store if isinstance(store, GameHub) else GameHub(store, BotClock(1, never))
    state = AppState(hub)
    ids: list[str] = []
    # in progress: two rounds saved, a third being tapped in
    started(state, ["Ann", "Bob", "Cy"])
    for a, b, c in (("5 6", "7", "8 /2"), ("12", "3 4", "1")):
        tap(state, "p1", a)
        tap(state, "p2", b)
        tap(state, "p3", c)
        assert drive(state.act(state.entry.save)) is None, state.notice
    tap(state, "p1", "9 10")
    ids.append(_left(state))
    # corrected: round 1 edited and saved; round 2 being edited now
    started(state, ["Dee", "Eve"])
    for a, b in (("5", "6"), ("7", "8")):
        tap(state, "p1", a)
        tap(state, "p2", b)
        assert drive(state.act(state.entry.save)) is None
    assert drive(state.act(state.fixes.edit_round, 0)) is None
    tap(state, "p1", "11")
    assert drive(state.act(state.entry.save)) is None
    assert drive(state.act(state.fixes.edit_round, 1)) is None
    tap(state, "p2", "2")
    ids.append(_left(state))
    # a late player, added while the game is on
    started(state, ["Fay", "Gus"])
    tap(state, "p1", "3")
    tap(state, "p2", "4")
    assert drive(state.act(state.entry.save)) is None
    assert drive(state.act(state.fixes.add_player, "Hal", at_lowest=True)) is None
    ids.append(_left(state))
    # a digital round in progress, Brutal, a computer player at the table
    state.test_deck = DECK
    started(state, ["Ivy", "Jon", "Kim"], {0: "hard"}, brutal=True)
    assert drive(state.act(state.table.start)) is None, state.notice
    assert drive(state.act(state.table.play, "stay")) is None, state.notice
    ids.append(_left(state))
    state.test_deck = None
    plain = state.store
    titled = {"title": "Thursday's game", "imported": True, "created": "2026-11-26"}
    for sheet, meta in (
        (standard_game(), {}),  # finished
        (tiebreak_game(), {}),
        (brutal_game(), {}),
        (typed_and_roster_game(), titled),  # late player, typed scores, removal
        (random_game(36, 6, seed=3, digital_every=2), {}),  # 36 players
    ):
        ids.append(plain.create(sheet, meta))
    return ids


def _left(state: AppState) -> str:
    game_id = state.game_id
    assert game_id is not None
    state.close_game()
    return game_id


def records(store: GameStore) -> dict[str, GameRecord]:
    """Every game of ``store`` whole, by id."""
    return {s.id: store.load(s.id) for s in store.list_games()}


def files_of(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` and its bytes (a folder's fingerprint)."""
    out = {}
    for root, _dirs, names in os.walk(folder):
        for name in names:
            path = Path(root) / name
            out[str(path.relative_to(folder))] = path.read_bytes()
    return out
