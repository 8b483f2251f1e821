"""The backup file: every game of a device in one JSON file, and back.

Why here, in the store: a game in a backup is the store's own game document
(:meth:`GameRecord.to_doc`), read back by the store's own loader
(:meth:`GameRecord.from_doc`), so a restored game is checked exactly as one
read from disk. The file's own envelope has its own version number
(:data:`BACKUP_VERSION`), independent of the game file's layout; the format
is documented in ``docs/backup.md``.

Each game carries a content hash (:func:`content_hash`: its sheet, details,
round being entered and digital round) and ``seen``: the hashes it had at
the backups and restores it went through, newest last. A restore compares
them to tell "the same game, changed on one side only" (the newer one is
kept) from "changed on both sides since they parted" (both are kept); see
``companion/app/backups.py``. Clocks are never compared: two phones'
clocks need not agree.

:func:`read_backup` is pure (no files, no clock) and raises only
:class:`BackupError`, whose message says what is wrong with the file.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.i18n import N_
from companion.i18n.said import Said

from .records import GameRecord, JSONDict
from .storage import DocumentError, NewerDocumentError

FORMAT = "flip7-companion-backup"  # what tells our file from any other JSON
BACKUP_VERSION = 1  # the envelope's layout; a newer one is refused whole
# 1,000 games of 12 rounds make 2.7 MB (tests/bench/bench_backup.py) and a
# game of 2,000 rounds of 18 players 1.6 MB: 40 MB holds any real library.
# A larger file is refused before it is parsed.
MAX_BACKUP = 40 << 20
MAX_DEPTH = 40  # nesting inside a game's opaque parts (ours: under 10)
SEEN_KEPT = 16  # checkpoints kept per game
HASH_CHARS = 32  # hex digits of SHA-256 kept: 128 bits
_HASH = re.compile(f"[0-9a-f]{{{HASH_CHARS}}}")
# A game id is a file name on every system the app runs on (a phone's
# IndexedDB, Windows, macOS): letters, digits and a few safe marks.
_SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+=-]{0,119}")
_SHARE_CODE = re.compile(rb"\s*F7C[0-9]{1,6}:", re.IGNORECASE)
# How every backup file begins (write_backup puts "format" first): a file
# that begins so but does not parse is a damaged backup, not a foreign file.
_MARK = re.compile(r'\s*\{\s*"format"\s*:\s*"' + FORMAT + '"')


class BackupError(DocumentError):
    """The file is refused whole; the message says why (a :class:`Said`)."""


@dataclass(frozen=True, slots=True)
class BackupGame:
    """One game of a backup: the record and its history of checkpoints."""

    record: GameRecord
    hash: str  # content_hash(record), worked out here, never trusted
    seen: tuple[str, ...]  # earlier checkpoints, oldest first, ending in hash


@dataclass(frozen=True, slots=True)
class SkippedGame:
    """A game of the file that could not be restored, named as a person
    knows it: by its players and the day it was started (either may be
    missing in a damaged game); ``number`` is its place in the file."""

    number: int
    players: tuple[str, ...]
    day: str | None
    reason: str


@dataclass(frozen=True, slots=True)
class Backup:
    """A backup read back: its games (in file order) and those skipped."""

    made: str
    games: tuple[BackupGame, ...]
    skipped: tuple[SkippedGame, ...]


def content_hash(record: GameRecord) -> str:
    """What a game *is*, as a hash: sheet, details, the round being entered
    and the digital round. Not its id (a copy is the same game), its stamps
    (a save that changes nothing moves "updated") or its invite token."""
    body = {
        "sheet": record.sheet.to_dict(),
        "meta": record.meta,
        "draft": record.draft,
        "digital": record.digital,
    }
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:HASH_CHARS]


def checkpoints(seen: Sequence[str], current: str) -> tuple[str, ...]:
    """``seen`` with ``current`` last (once), the oldest dropped past
    :data:`SEEN_KEPT`."""
    out = [h for h in seen if h != current] + [current]
    return tuple(out[-SEEN_KEPT:])


def safe_id(game_id: str) -> bool:
    """Whether ``game_id`` may name a game file on every system."""
    return _SAFE_ID.fullmatch(game_id) is not None


def write_backup(games: Iterable[tuple[GameRecord, Sequence[str]]], made: str) -> bytes:
    """The file of ``games`` (each with its checkpoints, ending in its
    current hash); invite tokens stay on this device."""
    entries = []
    for record, seen in games:
        doc = replace(record, invite=None).to_doc()
        current = content_hash(record)
        entries.append({"game": doc, "hash": current, "seen": list(seen)})
    body = {"format": FORMAT, "version": BACKUP_VERSION, "made": made, "games": entries}
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def read_backup(data: bytes) -> Backup:
    """The backup in ``data``, each game checked by the store's loader;
    :class:`BackupError` when the file is refused whole (too large, not
    text, not JSON, cut short, not a backup, from a newer app, damaged
    envelope). Damaged games are skipped and named, the others kept."""
    if len(data) > MAX_BACKUP:
        raise BackupError(
            Said(
                N_(
                    "This file is {mb} MB; a backup of this app's games is at "
                    "most {max} MB. Nothing was restored."
                ),
                mb=round(len(data) / (1 << 20)),
                max=MAX_BACKUP >> 20,
            )
        )
    body = _parse(data)
    if type(body) is not dict or body.get("format") != FORMAT:
        raise BackupError(_foreign())
    version = body.get("version")
    if type(version) is not int or version < 1:
        raise BackupError(_damaged(Said(N_("its version is not a number"))))
    if version > BACKUP_VERSION:
        raise BackupError(
            Said(
                N_(
                    "This backup was made by a newer version of the app: "
                    "update the app to restore it. Nothing was restored."
                )
            )
        )
    made, entries = body.get("made"), body.get("games")
    if type(made) is not str or len(made) > 100:
        raise BackupError(_damaged(Said(N_("its date is missing"))))
    if type(entries) is not list:
        raise BackupError(_damaged(Said(N_("its list of games is missing"))))
    games: list[BackupGame] = []
    skipped: list[SkippedGame] = []
    ids: set[str] = set()
    for number, entry in enumerate(entries, 1):
        try:
            game = _game(entry)
            if game.record.id in ids:
                raise DocumentError(Said(N_("the same game is in the file twice")))
        except NewerDocumentError:
            skipped.append(_skipped(number, entry, Said(N_("saved by a newer app"))))
            continue
        except DocumentError as exc:
            skipped.append(_skipped(number, entry, str(exc.args[0])))
            continue
        ids.add(game.record.id)
        games.append(game)
    return Backup(made, tuple(games), tuple(skipped))


def _parse(data: bytes) -> Any:
    if _SHARE_CODE.match(data[:64]):
        raise BackupError(
            Said(
                N_(
                    "This is the share file of one game, not a backup: import "
                    "it with Import a game. Nothing was restored."
                )
            )
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BackupError(_foreign()) from None
    try:
        return json.loads(text)
    except RecursionError:
        raise BackupError(_damaged(Said(N_("it is nested too deeply")))) from None
    except json.JSONDecodeError as exc:
        if not _MARK.match(text):
            raise BackupError(_foreign()) from None
        if not text.rstrip().endswith("}"):
            raise BackupError(
                Said(
                    N_(
                        "This backup is incomplete: the file ends too early "
                        "(it was cut short while it was saved or copied). "
                        "Nothing was restored."
                    )
                )
            ) from None
        where = Said(
            N_("it is not valid JSON at line {line}, column {column}"),
            line=exc.lineno,
            column=exc.colno,
        )
        raise BackupError(_damaged(where)) from None


def _foreign() -> Said:
    return Said(
        N_(
            "This file is not a backup of this app's games. Choose a file "
            "named like flip7-games-2026-12-03.json. Nothing was restored."
        )
    )


def _damaged(detail: str) -> Said:
    return Said(
        N_("This backup is damaged ({detail}). Nothing was restored."),
        detail=detail,
    )


def _game(entry: Any) -> BackupGame:
    if type(entry) is not dict or not {"game", "seen"} <= set(entry):
        raise DocumentError(Said(N_("it is not a game")))
    doc = entry["game"]
    for key in ("meta", "draft", "digital"):
        if type(doc) is dict and _too_deep(doc.get(key)):
            raise DocumentError(Said(N_("it is nested too deeply")))
    record = GameRecord.from_doc(doc)  # the store's own loader: DocumentError
    if not safe_id(record.id):
        raise DocumentError(Said(N_("its id cannot name a file")))
    current = content_hash(record)
    seen = entry["seen"]
    # A game edited by hand (its hash no longer its own) or with a damaged
    # history is still restored, but as a game with no history: it can be
    # added or kept as a copy, never written over a game here.
    if entry.get("hash") != current or not (
        type(seen) is list
        and len(seen) <= 10 * SEEN_KEPT
        and all(type(h) is str and _HASH.fullmatch(h) for h in seen)
    ):
        seen = []
    return BackupGame(record, current, checkpoints(seen, current))


def _too_deep(value: Any) -> bool:
    """Whether ``value`` nests deeper than :data:`MAX_DEPTH` (no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            return True
        if type(item) is dict:
            stack.extend((v, depth + 1) for v in item.values())
        elif type(item) is list:
            stack.extend((v, depth + 1) for v in item)
    return False


def _skipped(number: int, entry: Any, reason: str) -> SkippedGame:
    """What can still be read of a damaged game to name it."""
    game: JSONDict = {}
    if type(entry) is dict and type(entry.get("game")) is dict:
        game = entry["game"]
    sheet = game.get("sheet")
    players = sheet.get("players") if type(sheet) is dict else None
    names: list[str] = []
    if type(players) is list:
        for player in players[:40]:
            name = player.get("name") if type(player) is dict else None
            if type(name) is str and name.strip():
                names.append(name.strip()[:40])
    created = game.get("created")
    day = created[:10] if type(created) is str and len(created) >= 10 else None
    return SkippedGame(number, tuple(names), day, reason)
