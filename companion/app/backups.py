"""Back up every game to one file, and restore from one (issue 34).

Why an owner of its own: a phone's games live in one browser's storage,
which the browser may clear; a backup is the way out, and a restore the way
back onto this or another device (the served app and the phone app read
each other's files: :mod:`companion.store.backup` knows nothing of where it
runs). The host alone backs up and restores.

A restore merges by game id and never silently overwrites
(:func:`decide`): a game not here is added; the same game changed on one
side only since they parted is kept in its newer form; a game changed on
both sides is kept here and the backup's is added as a copy, titled
"… (restored)". A refused file changes nothing: it is read and checked
whole before the first write. A restore is one undoable step. A game that
a session holds open is changed through its :class:`OpenGame`'s commit, so
every screen on it re-renders, and a tap made on the old game is refused
as one made meanwhile on another screen.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from dataclasses import replace as with_
from datetime import UTC, date, datetime
from enum import Enum

from companion.i18n import N_, _
from companion.i18n.said import Said, error_words, worded
from companion.store import (
    DocumentError,
    GameNotFound,
    GameRecord,
    NewerDocumentError,
    utc_now,
)
from companion.store.backup import (
    BackupError,
    BackupGame,
    checkpoints,
    content_hash,
    read_backup,
    write_backup,
)
from companion.store.ledger import BackupLedger, Ledger, Mark

from .backup_words import copy_title, refused, summary
from .hub import GameHub, restore
from .live import LiveSeat
from .refusal import Refusal, could_not_save

log = logging.getLogger(__name__)
RESTORED = N_("the game was restored from a backup")  # what a commit was


@dataclass(frozen=True)
class BackupFile:
    """A backup to hand to the person: its file name, bytes and game count.
    ``skipped``: games here that could not be read, so are not in it."""

    name: str  # "flip7-games-2026-12-03.json" (the local day it was made)
    data: bytes  # the JSON file
    games: int
    skipped: tuple[str, ...] = ()


@dataclass(frozen=True)
class BackupStatus:
    games: int  # games stored on this device
    last_backup: str | None  # ISO time of the last backup made here, or None
    changed_since: int  # games changed (or added) since that backup


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
class _Undo:
    """How to put the library back as it was before one restore."""

    added: list[str] = field(default_factory=list)  # ids to remove
    replaced: list[GameRecord] = field(default_factory=list)  # to put back
    hashes: dict[str, str] = field(default_factory=dict)  # as restored
    ledger: Ledger = field(default_factory=Ledger)


class Backups:
    """Back up and restore every game of the hub's store (the host's)."""

    def __init__(
        self,
        hub: GameHub,
        seat: LiveSeat,
        *,
        clock: Callable[[], str] = utc_now,
        today: Callable[[], date] = lambda: datetime.now().astimezone().date(),
    ) -> None:
        self.hub = hub
        self.store = hub.store
        self.seat = seat
        self.ledger = BackupLedger(self.store)
        self._clock = clock
        self._today = today
        self._undo: _Undo | None = None

    # --- back up ------------------------------------------------------------------
    def export(self) -> BackupFile:
        """Every game whole, as one file; remembered here as the last backup."""
        self.seat.check_host()
        ledger = self.ledger.read()
        games: list[tuple[GameRecord, tuple[str, ...]]] = []
        marks = dict(ledger.games)
        skipped: list[str] = []
        for line in sorted(self.store.list_games(), key=lambda s: s.created):
            try:
                record = self.store.load_once(line.id)
            except GameNotFound:
                continue  # deleted meanwhile
            except DocumentError as exc:
                skipped.append(error_words(exc))
                continue
            before = marks.get(record.id)
            seen = checkpoints(before.seen if before else (), content_hash(record))
            games.append((record, seen))
            marks[record.id] = Mark(record.updated, seen)
        made = self._clock()
        data = write_backup(games, made)
        try:
            self.ledger.write(Ledger(made, marks))
        except OSError:  # the file is made all the same; the status stays old
            log.exception("the record of backups could not be written")
        name = f"flip7-games-{self._today().isoformat()}.json"
        return BackupFile(name, data, len(games), tuple(skipped))

    def status(self) -> BackupStatus:
        """How many games are here, and how many changed since the last
        backup (by their "updated" stamp: a round saved, a game started).
        A guest's phone is shown none (as the library lists none)."""
        if not self.seat.host:
            return BackupStatus(0, None, 0)
        ledger = self.ledger.read()
        games = self.store.list_games()
        changed = sum(
            1
            for g in games
            if (mark := ledger.games.get(g.id)) is None or mark.updated != g.updated
        )
        return BackupStatus(len(games), ledger.last, changed)

    # --- restore ------------------------------------------------------------------
    def restore(self, data: bytes | None) -> str:
        """Merge the backup in ``data`` into this device's games; the summary
        sentence. A refused file raises :class:`Refusal` and changes nothing
        (``None``: the browser gave no contents for the picked file)."""
        self.seat.check_host()
        if data is None:
            raise Refusal(_("That file could not be read."))
        if self.store.folder_problem is not None:
            raise Refusal(worded(self.store.folder_problem))
        try:
            backup = read_backup(data)
        except BackupError as exc:
            raise Refusal(error_words(exc)) from exc
        if not backup.games:
            raise Refusal(refused(len(backup.skipped), backup.skipped))
        ledger = self.ledger.read()
        undo = _Undo(ledger=ledger)
        counts = dict.fromkeys(Outcome, 0)
        marks = dict(ledger.games)
        try:
            with self.store.batch():
                for game in backup.games:
                    outcome = self._merge(game, ledger, marks, undo)
                    counts[outcome] += 1
        except (OSError, Refusal) as exc:
            try:
                with self.store.batch():  # what was written so far, taken back
                    self._put_back(undo, ledger=False)
            except (OSError, Refusal):  # the disk failing still: said below
                log.exception("a failed restore could not be taken back")
            if isinstance(exc, OSError):
                raise could_not_save(exc) from exc
            raise
        try:
            self.ledger.write(Ledger(ledger.last, marks))
        except OSError:
            log.exception("the record of backups could not be written")
        self._undo = undo if undo.added or undo.replaced else None
        return summary({o.value: n for o, n in counts.items()}, backup.skipped)

    def _merge(
        self, game: BackupGame, ledger: Ledger, marks: dict[str, Mark], undo: _Undo
    ) -> Outcome:
        """Merge one game (written at once); its undo and mark noted."""
        record = game.record
        try:
            here = self._here(record.id)
        except NewerDocumentError:  # kept for a newer app: the backup's beside it
            return self._copy(game, marks, undo)
        if here is None:
            self.store.restore(with_(record, invite=None))
            return self._noted(record, game.seen, Outcome.ADDED, marks, undo)
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
            written = self._replace(with_(record, invite=here.invite))
            undo.replaced.append(here)
            return self._noted(written, game.seen, Outcome.UPDATED, marks, undo)
        return self._copy(game, marks, undo)

    def _copy(self, game: BackupGame, marks: dict[str, Mark], undo: _Undo) -> Outcome:
        """The backup's game added beside the one here, titled as a copy;
        once per backup game (a copy made before, changed or not, carries
        the backup's hash among its checkpoints: it is already here)."""
        if any(game.hash in m.seen for m in marks.values()):
            return Outcome.HERE
        record = game.record
        title = copy_title(record.summary().title)
        copy = with_(
            record, id=self.new_id(), meta={**record.meta, "title": title}, invite=None
        )
        self.store.restore(copy)
        seen = checkpoints(game.seen, content_hash(copy))
        return self._noted(copy, seen, Outcome.COPY, marks, undo)

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
        self,
        written: GameRecord,
        seen: tuple[str, ...],
        outcome: Outcome,
        marks: dict[str, Mark],
        undo: _Undo,
    ) -> Outcome:
        """Remember a game just written (``written``: as it is stored now)."""
        if outcome is not Outcome.UPDATED:
            undo.added.append(written.id)
        undo.hashes[written.id] = content_hash(written)
        marks[written.id] = Mark(written.updated, seen)
        return outcome

    def _replace(self, record: GameRecord) -> GameRecord:
        """``record`` in place of the game here: through its open game's
        commit when a session holds it (every screen on it is told); the
        game as it is stored now."""
        game = self.hub.opened(record.id)
        if game is None:
            self.store.replace(record)
            return record
        state, _notes = restore(record)
        game.commit(lambda now: with_(state, seats=now.seats), what=Said(RESTORED))
        return self.store.load_once(record.id)  # the draft as the app keeps it

    def new_id(self) -> str:
        """A fresh game id, in the store's own form, for a copy."""
        taken = {s.id for s in self.store.list_games()}
        while True:
            game_id = f"{datetime.now(UTC):%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"
            if game_id not in taken:
                return game_id

    # --- undo ---------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        return self._undo is not None

    def undo(self) -> str:
        """The library as it was before the last restore: the games it added
        removed, those it replaced put back. Refused (nothing changed) when
        one of them changed since: that change is not thrown away."""
        self.seat.check_host()
        undo = self._undo
        if undo is None:
            raise Refusal(_("There is no restore to undo."))
        changed = []
        for game_id, restored in undo.hashes.items():
            try:
                now = self.store.load_once(game_id)
            except (GameNotFound, DocumentError):
                continue
            if content_hash(now) != restored:
                changed.append(now.summary().title)
        if changed:
            raise Refusal(
                _(
                    "The restore cannot be undone: {games} changed since. "
                    "Nothing was changed."
                ).format(games="; ".join(changed))
            )
        try:
            with self.store.batch():
                self._put_back(undo)
        except OSError as exc:
            raise could_not_save(exc) from exc
        self._undo = None
        return _("The restore was undone: your games are as they were before it.")

    def _put_back(self, undo: _Undo, *, ledger: bool = True) -> None:
        """Remove the games ``undo`` added, put back those it replaced, and
        (``ledger``: it was written) the record of backups as it was."""
        stored = {s.id for s in self.store.list_games()}
        for game_id in undo.added:
            if game_id in stored:
                self.hub.delete(game_id)  # sessions on it are told, go Home
        for record in undo.replaced:
            if record.id in stored:
                self._replace(record)
            else:
                self.store.restore(record)
        if not ledger:
            return
        try:
            self.ledger.write(undo.ledger)
        except OSError:
            log.exception("the record of backups could not be written")


def _merged(
    first: tuple[str, ...], second: tuple[str, ...], last: str | None
) -> tuple[str, ...]:
    """Both lists of checkpoints in one, ``last`` (if any) the newest."""
    both = list(dict.fromkeys([*first, *second]))
    return checkpoints(both, last if last is not None else both[-1])
