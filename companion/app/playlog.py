"""Logging plays: a stored game (or a History selection) as a BG Stats play
file and a BoardGameGeek play-log text, ready for the screens to offer.

The store knows when a game was created and last changed; the share meta
knows when an imported game was first played; the digital blob knows who
was a computer player. This module turns those into the pure
:class:`companion.share.playlog.Play` that ``share`` writes out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time

from companion.i18n import _, ngettext
from companion.share.playlog import (
    MAX_MINUTES,
    Play,
    PlayLogError,
    bgg_text,
    bgsplay_bytes,
    check_loggable,
    file_name,
)
from companion.store import GameRecord

from .digital import level_word


@dataclass(frozen=True, slots=True)
class PlayLogView:
    """What "Log this play" offers: the file to download, its name, the
    text to paste into BoardGameGeek, and a line saying what is in it."""

    file_bytes: bytes
    file_name: str
    bgg_text: str
    said: str


def _local(moment: date) -> datetime:
    """The wall-clock time a game began, where this app runs (BG Stats and
    BGG log local times); a day alone becomes its midnight."""
    if isinstance(moment, datetime):
        return moment.astimezone() if moment.tzinfo is not None else moment
    return datetime.combine(moment, time())


def _minutes(record: GameRecord) -> int:
    """From the game's creation to its last change here; 0 (not known) for
    an imported game, whose creation here is the day of the import, or for
    one left open far longer than a game lasts."""
    if record.meta.get("imported"):
        return 0
    try:
        span = datetime.fromisoformat(record.updated) - datetime.fromisoformat(
            record.created
        )
    except (TypeError, ValueError):
        return 0
    minutes = round(span.total_seconds() / 60)
    return minutes if 0 < minutes <= MAX_MINUTES else 0


def _bots(record: GameRecord) -> dict[str, str]:
    bots = (record.digital or {}).get("bots")
    if not isinstance(bots, dict):
        return {}
    return {str(pid): level_word(str(level)) for pid, level in bots.items()}


def play_of(record: GameRecord, began: date | None) -> Play:
    """The logged play of a stored game that began at ``began``
    (:func:`~companion.app.library.played_date`: for an imported game the
    moment its share code carries). A game with no readable date at all
    is logged as played now, the one time the app can vouch for."""
    if isinstance(began, datetime):
        key = began.isoformat()  # the same on every phone the game went to
    elif began is not None:
        key = f"{began.isoformat()}|{record.id}"  # a day alone is not unique
    else:
        key, began = record.id, datetime.now()
    return Play(
        sheet=record.sheet,
        key=key,
        started=_local(began),
        minutes=_minutes(record),
        bots=_bots(record),
    )


def game_log(record: GameRecord, began: date | None) -> PlayLogView | str:
    """The log of one game, or why it cannot be logged yet."""
    play = play_of(record, began)
    try:
        data = bgsplay_bytes([play])
    except PlayLogError as exc:
        return exc.message
    return PlayLogView(
        file_bytes=data,
        file_name=file_name([play]),
        bgg_text=bgg_text(play),
        said="",
    )


def history_log(
    records: Iterable[tuple[GameRecord, date | None]],
) -> PlayLogView | str:
    """One file with every finished game of ``records`` (each with the day
    it began); games still in progress (or not started) are left out and
    counted in :attr:`said`."""
    plays, left = [], 0
    for record, began in records:
        try:
            check_loggable(record.sheet)
        except PlayLogError:
            left += 1
            continue
        plays.append(play_of(record, began))
    if not plays:
        return _("No finished game to log: a game can be logged once someone has won.")
    said = ngettext("{n} finished game.", "{n} finished games.", len(plays)).format(
        n=len(plays)
    )
    if left:
        said += " " + ngettext(
            "{n} game in progress left out.", "{n} games in progress left out.", left
        ).format(n=left)
    texts = [bgg_text(p) for p in plays]
    return PlayLogView(
        file_bytes=bgsplay_bytes(plays),
        file_name=file_name(plays),
        bgg_text="\n\n---\n\n".join(texts),
        said=said,
    )
