"""One restore's merge, game by game (issue 34): the rules, the writes,
and what it takes to undo them.

Why apart from :class:`~companion.app.backups.Backups`: deciding which of
two copies of a game to keep (:func:`decide`) and writing the outcome (a
game added, a game brought up to date through its open game's commit, a
copy beside it) is one concern with its own bookkeeping (the undo, the
checkpoints to remember); the owner keeps the file, the refusals and the
words. See docs/backup.md for the rules.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from dataclasses import replace as with_
from datetime import UTC, datetime
from enum import Enum

from companion.i18n import N_
from companion.i18n.said import Said
from companion.store import (
    DocumentError,
    GameNotFound,
    GameRecord,
    GameStore,
    NewerDocumentError,
)
from companion.store.backup import BackupGame, checkpoints, content_hash
from companion.store.ledger import Ledger, Mark

from .backup_words import copy_title
from .hub import GameHub, restore

RESTORED = N_("the game was restored from a backup")  # what a commit was


class Outcome(Enum):
    ADDED = "added"  # not here: added
    UPDATED = "updated"  # the backup's is newer: it replaced the one here
    HERE = "here"  # the same, or newer here: the one here is kept
    COPY = "copy"  # changed on both sides: the backup's added as a copy


def decide(here: str, here_seen: tuple[str, ...], game: BackupGame) -> Outcome:
    """Which of a game here (its hash and checkpoints) and the backup's to
    keep. A game passes through a checkpoint at each backup and restore;
    one side is the other's past when its hash is among the other's
    checkpoints. Neither: both changed since they parted."""
    if here == game.hash or game.hash in here_seen:
        return Outcome.HERE
    if here in game.seen:
        return Outcome.UPDATED
    return Outcome.COPY


@dataclass
class Undo:
    """How to put the library back as it was before one restore."""

    added: list[str] = field(default_factory=list)  # ids to remove
    replaced: list[GameRecord] = field(default_factory=list)  # to put back
    hashes: dict[str, str] = field(default_factory=dict)  # as restored
    ledger: Ledger = field(default_factory=Ledger)


class Merge:
    """One restore into the hub's store: call :meth:`merge` for each game
    of the backup; ``undo`` and ``marks`` (the checkpoints to remember)
    grow as games are written."""

    def __init__(self, hub: GameHub, ledger: Ledger) -> None:
        self.hub = hub
        self.store: GameStore = hub.store
        self.ledger = ledger
        self.marks = dict(ledger.games)
        self.undo = Undo(ledger=ledger)

    async def merge(self, game: BackupGame) -> Outcome:
        """Merge one game (written at once); its undo and mark noted."""
        ledger, marks, undo = self.ledger, self.marks, self.undo
        record = game.record
        try:
            here = self._here(record.id)
        except NewerDocumentError:  # kept for a newer app: the backup's beside it
            return self._copy(game)
        if here is None:
            self.store.restore(with_(record, invite=None))
            return self._noted(record, game.seen, Outcome.ADDED)
        mark = ledger.games.get(record.id)
        here_seen = mark.seen if mark else ()
        here_hash = content_hash(here)
        outcome = decide(here_hash, here_seen, game)
        if outcome is Outcome.HERE:
            same = here_hash == game.hash
            if same or mark is not None:  # (not same: game.hash is in mark.seen)
                seen = _merged(here_seen, game.seen, here_hash if same else None)
                updated = here.updated if same or mark is None else mark.updated
                marks[record.id] = Mark(updated, seen)
            return Outcome.HERE
        if outcome is Outcome.UPDATED and record.meta == here.meta:
            written = await replace_game(self.hub, with_(record, invite=here.invite))
            undo.replaced.append(here)
            return self._noted(written, game.seen, Outcome.UPDATED)
        return self._copy(game)

    def _copy(self, game: BackupGame) -> Outcome:
        """The backup's game added beside the one here, titled as a copy;
        once per backup game (a copy made before, changed or not, carries
        the backup's hash among its checkpoints: it is already here)."""
        if any(game.hash in m.seen for m in self.marks.values()):
            return Outcome.HERE
        record = game.record
        title = copy_title(record.summary().title)
        copy = with_(
            record, id=self.new_id(), meta={**record.meta, "title": title}, invite=None
        )
        self.store.restore(copy)
        seen = checkpoints(game.seen, content_hash(copy))
        return self._noted(copy, seen, Outcome.COPY)

    def _here(self, game_id: str) -> GameRecord | None:
        """The game with that id here; None when there is none (or its file
        was unreadable: the store moved it aside and says so)."""
        try:
            return self.store.load_once(game_id)
        except GameNotFound:
            return None
        except NewerDocumentError:
            raise
        except DocumentError:
            return None

    def _noted(
        self, written: GameRecord, seen: tuple[str, ...], outcome: Outcome
    ) -> Outcome:
        """Remember a game just written (``written``: as it is stored now)."""
        if outcome is not Outcome.UPDATED:
            self.undo.added.append(written.id)
        self.undo.hashes[written.id] = content_hash(written)
        self.marks[written.id] = Mark(written.updated, seen)
        return outcome

    def new_id(self) -> str:
        """A fresh game id, in the store's own form, for a copy."""
        taken = {s.id for s in self.store.list_games()}
        while True:
            game_id = f"{datetime.now(UTC):%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"
            if game_id not in taken:
                return game_id


async def replace_game(hub: GameHub, record: GameRecord) -> GameRecord:
    """``record`` in place of the game here: through its open game's commit
    when a session holds it (every screen on it is told, a tap made on the
    game as it was is refused); the game as it is stored now."""
    game = hub.opened(record.id)
    if game is None:
        hub.store.replace(record)
        return record
    state, _notes = restore(record)
    await game.commit(lambda now: with_(state, seats=now.seats), what=Said(RESTORED))
    return hub.store.load_once(record.id)  # the draft as the app keeps it


async def put_back(hub: GameHub, undo: Undo) -> None:
    """Remove the games ``undo`` added and put back those it replaced."""
    stored = {s.id for s in hub.store.list_games()}
    for game_id in undo.added:
        if game_id in stored:
            hub.delete(game_id)  # sessions on it are told, go Home
    for record in undo.replaced:
        if record.id in stored:
            await replace_game(hub, record)
        else:
            hub.store.restore(record)


def _merged(
    first: tuple[str, ...], second: tuple[str, ...], last: str | None
) -> tuple[str, ...]:
    """Both lists of checkpoints in one, ``last`` (if any) the newest."""
    both = list(dict.fromkeys([*first, *second]))
    return checkpoints(both, last if last is not None else both[-1])
