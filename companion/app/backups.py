"""Back up every game to one file, and restore from one (issue 34).

Why an owner of its own: a phone's games live in one browser's storage,
which the browser may clear; a backup is the way out, and a restore the way
back onto this or another device (the served app and the phone app read
each other's files: :mod:`companion.store.backup` knows nothing of where it
runs). The host alone backs up and restores.

A restore merges by game id and never silently overwrites
(:mod:`.backup_merge`): a game not here is added; the same game changed on one
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
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime

from companion.i18n import _
from companion.i18n.said import error_words, worded
from companion.store import (
    DocumentError,
    GameNotFound,
    GameRecord,
    utc_now,
)
from companion.store.backup import (
    BackupError,
    checkpoints,
    content_hash,
    read_backup,
    write_backup,
)
from companion.store.ledger import BackupLedger, Ledger, Mark

from .backup_merge import Merge, Outcome, Undo, put_back
from .backup_words import refused, summary
from .hub import GameHub
from .live import LiveSeat
from .refusal import Refusal, could_not_save
from .set_aside import SetAside

log = logging.getLogger(__name__)


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
        self._undo: Undo | None = None
        self.aside = SetAside(self.store, seat)  # files the store moved aside

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
    async def restore(self, data: bytes | None) -> str:
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
        merge = Merge(self.hub, ledger)
        undo = merge.undo
        counts = dict.fromkeys(Outcome, 0)
        try:
            with self.store.batch():
                for game in backup.games:
                    counts[await merge.merge(game)] += 1
        except (OSError, Refusal) as exc:
            try:
                with self.store.batch():  # what was written so far, taken back
                    await self._put_back(undo, ledger=False)
            except (OSError, Refusal):  # the disk failing still: said below
                log.exception("a failed restore could not be taken back")
            if isinstance(exc, OSError):
                raise could_not_save(exc) from exc
            raise
        try:
            self.ledger.write(Ledger(ledger.last, merge.marks))
        except OSError:
            log.exception("the record of backups could not be written")
        self._undo = undo if undo.added or undo.replaced else None
        return summary({o.value: n for o, n in counts.items()}, backup.skipped)

    # --- undo ---------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        return self._undo is not None

    async def undo(self) -> str:
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
                await self._put_back(undo)
        except OSError as exc:
            raise could_not_save(exc) from exc
        self._undo = None
        return _("The restore was undone: your games are as they were before it.")

    async def _put_back(self, undo: Undo, *, ledger: bool = True) -> None:
        """:func:`put_back`, and (``ledger``: it was written) the record of
        backups as it was."""
        await put_back(self.hub, undo)
        if not ledger:
            return
        try:
            self.ledger.write(undo.ledger)
        except OSError:
            log.exception("the record of backups could not be written")
