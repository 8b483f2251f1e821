"""One game's commits never interleave (issue 34): a commit that walks into
another on the same thread, as the phone's browser let the next tap do
while a commit waited for IndexedDB, is refused with words; it no longer
swaps its state in and is then overwritten in silence."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from drive import drive

from companion.app import AppState
from companion.app.open_game import BUSY
from companion.store import GameStore


class Yielding(GameStore):
    """A store whose write lets the browser run the next task meanwhile:
    here, ``meanwhile`` (once)."""

    meanwhile: Any = None

    def save_draft(self, game_id: str, draft: Any) -> None:
        super().save_draft(game_id, draft)
        task, self.meanwhile = self.meanwhile, None
        if task is not None:
            task()


def test_a_commit_that_walks_into_another_is_refused_and_nothing_is_lost(
    tmp_path: Path,
) -> None:
    store = Yielding(tmp_path)
    state = AppState(store)
    for name in ("Ann", "Bob"):
        assert drive(state.act(state.form.add, name)) is None
    assert state.start_game() is None and state.watch is not None
    game, entry = state.watch.game, state.entry
    assert entry is not None
    refused: list[str | None] = []

    def next_tap() -> None:  # the browser's next task: Ann's 9
        refused.append(drive(state.act(entry.add_card, "p1", "9")))

    store.meanwhile = next_tap
    revision = game.revision
    assert drive(state.act(entry.add_card, "p1", "8")) is None
    assert refused == [BUSY]
    assert entry.draft.lines["p1"] == ["8"] and game.revision == revision + 1
    assert (
        drive(state.act(entry.add_card, "p1", "9")) is None
    )  # the next tap, made again
    stored = GameStore(tmp_path).load(game.id)
    assert stored.draft is not None and stored.draft["lines"]["p1"] == ["8", "9"]
