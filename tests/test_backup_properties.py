"""Hypothesis over random libraries (issue 34): a backup restored into an
empty store gives every game back identical; two devices that parted and
changed games on either side merge by the rules, lose nothing, merge
again to "already here", and undo puts the library back exactly."""

from __future__ import annotations

from dataclasses import replace

from drive import drive
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from share_games import random_game
from store_helpers import a_round

from companion.app.backups import Backups
from companion.app.hub import GameHub
from companion.app.live import LiveSeat
from companion.rules import Rules
from companion.store import GameStore
from companion.store.backup import content_hash
from companion.store.records import GameRecord

CHEAP = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@st.composite
def games(draw: st.DrawFn) -> tuple[int, int, int, bool, bool]:
    """(players, rounds, seed, brutal, a round half tapped in)."""
    return (
        draw(st.integers(2, 8)),
        draw(st.integers(0, 5)),
        draw(st.integers(0, 10**6)),
        draw(st.booleans()),
        draw(st.booleans()),
    )


libraries = st.lists(games(), min_size=1, max_size=6)


def fill(store: GameStore, library: list[tuple[int, int, int, bool, bool]]) -> None:
    for players, rounds, seed, brutal, half in library:
        rules = Rules(brutal=brutal, target=5000)
        sheet = random_game(players, rounds, seed=seed, rules=rules)
        draft = {"v": 1, "dealer": "p1", "lines": {"p1": ["7"]}} if half else None
        store.create(sheet, {"seed": seed} if seed % 3 == 0 else {}, draft=draft)


def backups(store: GameStore) -> Backups:
    return Backups(GameHub(store), LiveSeat())


def whole(store: GameStore) -> dict[str, GameRecord]:
    return {s.id: replace(store.load(s.id), invite=None) for s in store.list_games()}


def docs(store: GameStore) -> dict[str, object]:
    return {gid: r.to_doc() for gid, r in whole(store).items()}


@CHEAP
@given(libraries)
def test_any_library_comes_back_identical(
    library: list[tuple[int, int, int, bool, bool]],
) -> None:
    phone = GameStore.memory()
    fill(phone, library)
    data = backups(phone).export().data
    other = GameStore.memory()
    n = len(library)
    added = f"{n} game added." if n == 1 else f"{n} games added."
    assert drive(backups(other).restore(data)) == added
    assert docs(other) == docs(phone)


def played_on(store: GameStore, game_id: str, points: int) -> None:
    sheet = store.load(game_id).sheet
    store.save(game_id, sheet.add_round(a_round(sheet, points)))


edits = st.lists(st.sampled_from(["none", "here", "there", "both"]), max_size=6)


@CHEAP
@given(libraries, edits, st.integers(0, 2), st.integers(0, 2))
def test_two_devices_that_parted_merge_by_the_rules(
    library: list[tuple[int, int, int, bool, bool]],
    changes: list[str],
    new_here: int,
    new_there: int,
) -> None:
    here = GameStore.memory()
    fill(here, library)
    there = GameStore.memory()
    drive(backups(there).restore(backups(here).export().data))  # they part here
    ids = sorted(whole(here))
    kinds = dict(zip(ids, changes + ["none"] * len(ids), strict=False))
    for game_id, kind in kinds.items():
        if kind in ("here", "both"):
            played_on(here, game_id, 3)
        if kind in ("there", "both"):
            played_on(there, game_id, 4)
    fill(here, [(3, 1, 7 + i, False, False) for i in range(new_here)])
    fill(there, [(4, 2, 70 + i, True, False) for i in range(new_there)])
    before, theirs = whole(here), whole(there)
    mine = backups(here)
    said = drive(mine.restore(backups(there).export().data))
    after = whole(here)
    hashes = {content_hash(r) for r in after.values()}
    for game_id, kind in kinds.items():
        if kind == "there":  # changed there only: the newer one is taken
            assert content_hash(after[game_id]) == content_hash(theirs[game_id])
        else:  # the one here is never written over
            assert content_hash(after[game_id]) == content_hash(before[game_id])
        if kind == "both":  # theirs kept beside it, as a copy
            copies = [
                r
                for r in after.values()
                if r.id not in before and r.sheet == theirs[game_id].sheet
            ]
            assert len(copies) == 1
            assert copies[0].meta["title"].endswith(" (restored)")
    for game_id, record in theirs.items():  # every game of theirs is here
        if game_id not in kinds:
            assert content_hash(record) in hashes
    copies = sum(k == "both" for k in kinds.values())
    assert len(after) == len(before) + new_there + copies
    counts = {
        "added": new_there,
        "brought up to date": sum(k == "there" for k in kinds.values()),
        "already here": sum(k in ("none", "here") for k in kinds.values()),
        "kept as": copies,
    }
    for words, n in counts.items():
        assert (f"{n} " in said and words in said) == bool(n), (words, said)
    # the same file again: nothing new
    again = drive(mine.restore(backups(there).export().data))
    assert again.startswith(f"{len(theirs)} already here"), again
    assert whole(here) == after
    # and undo of the first restore is gone (the second changed nothing)
    assert not mine.can_undo


@CHEAP
@given(libraries, edits, st.integers(0, 2))
def test_undo_puts_back_exactly_what_was_there(
    library: list[tuple[int, int, int, bool, bool]],
    changes: list[str],
    new_there: int,
) -> None:
    here = GameStore.memory()
    fill(here, library)
    there = GameStore.memory()
    drive(backups(there).restore(backups(here).export().data))
    for game_id, kind in zip(sorted(whole(here)), changes, strict=False):
        if kind in ("here", "both"):
            played_on(here, game_id, 3)
        if kind in ("there", "both"):
            played_on(there, game_id, 4)
    fill(there, [(5, 1, 90 + i, False, True) for i in range(new_there)])
    before = docs(here)
    mine = backups(here)
    drive(mine.restore(backups(there).export().data))
    if mine.can_undo:
        drive(mine.undo())
    assert docs(here) == before
