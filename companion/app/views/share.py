"""The share screen's view: one stored game as the QR summary, the share
code and file, and the logged play, computed once from its record.

Why a value: QR drawing is the slow part and every byte is decided here
(which QR, its caption, the file's name, whether the code fits one QR), so
the tests check the bytes and the texts while the screen only shows them.
The played day lives here too: History, a past game and the share texts
all say the day the game was played, not the day it was stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from companion.app.playlog import PlayLogView, game_log
from companion.i18n import format_day
from companion.share import (
    QrSummary,
    ShareMeta,
    encode,
    encode_file,
    file_name,
    fits_qr,
    qr_png,
    qr_summary,
)
from companion.share.caption import caption_lines, captioned
from companion.share.sharecode import CODE_QR_ECC
from companion.store import GameRecord

PNG_SIZE = 1000  # px: crisp when printed or shown full screen


@dataclass(frozen=True, slots=True)
class ShareView:
    """Everything the share screen shows for one game, computed once."""

    game_id: str
    heading: str
    summary: QrSummary
    summary_png: bytes  # the QR alone, shown beside its text
    saved_png: bytes  # the same QR with a caption under it, to save or print
    png_name: str
    code: str
    code_png: bytes | None  # None when the code is too large for one QR
    file_bytes: bytes
    file_name: str
    log: PlayLogView | str  # "Log this play", or why the game cannot be logged yet


def share_meta(record: GameRecord) -> ShareMeta:
    """The title and date a shared game carries. An imported game keeps the
    date it was first played (``meta["created"]``), not the day of import;
    one whose code had no date is shared without one, as it came."""
    title = str(record.meta.get("title") or "")
    day = record.meta.get("created")
    if day is None and not record.meta.get("imported"):
        day = record.created
    created: date | None
    try:
        created = _parse_day(str(day)) if day else None
    except ValueError:
        created = None
    return ShareMeta(title, created)


def played_date(record: GameRecord) -> date | None:
    """The day the game was played: for an imported game the day its share
    code carries, not the day it was imported (that day when the code
    carried none); None when no day can be read."""
    day = share_meta(record).created
    if day is not None:
        return day
    try:
        return _parse_day(record.created)
    except ValueError:
        return None


def played_day(record: GameRecord) -> str:
    """:func:`played_date` in the session's language ("15 Mar 2024",
    "15 mar 2024", "2024. márc. 15.")."""
    day = played_date(record)
    return format_day(day) if day is not None else record.created[:10]


def _parse_day(text: str) -> date:
    return datetime.fromisoformat(text) if "T" in text else date.fromisoformat(text)


def build_share_view(record: GameRecord) -> ShareView:
    """Raises ValueError for a game that cannot be shared (none the app makes)."""
    meta = share_meta(record)
    summary = qr_summary(record.sheet, meta)
    png = qr_png(summary.text, summary.ecc, size_px=PNG_SIZE).png
    code = encode(record.sheet, meta)
    code_png = (
        qr_png(code, CODE_QR_ECC, size_px=PNG_SIZE).png if fits_qr(code) else None
    )
    name = file_name(meta)
    return ShareView(
        game_id=record.id,
        heading=meta.heading(),
        summary=summary,
        summary_png=png,
        saved_png=captioned(png, caption_lines(record.sheet, meta)),
        png_name=name.rsplit(".", 1)[0] + ".png",
        code=code,
        code_png=code_png,
        file_bytes=encode_file(record.sheet, meta),
        file_name=name,
        log=game_log(record, played_date(record)),
    )
