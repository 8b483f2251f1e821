"""Sharing, importing and looking back: the share screen's content,
importing a share code or file, the history list and the stats.

No Flet here: the QR PNGs, the share code and the file bytes are made
in Python and the view only shows them, so the tests can check every byte.
An import writes the game to the store before it says so, and a refused code
(malformed, truncated, tampered, too large, from a newer app) changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from companion.i18n import _, current, format_day
from companion.rules import Sheet
from companion.share import (
    QrSummary,
    Reason,
    ShareCodeError,
    ShareMeta,
    decode,
    encode,
    encode_file,
    file_name,
    fits_qr,
    qr_png,
    qr_summary,
    too_large,
)
from companion.share.caption import caption_lines, captioned
from companion.share.sharecode import CODE_QR_ECC
from companion.share.stats import PlayerStats, name_key, player_stats
from companion.store import DocumentError, GameNotFound, GameRecord, GameStore
from companion.store.records import GameSummary, JSONDict

from .playlog import PlayLogView, game_log, history_log
from .refusal import Refusal

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


def meta_json(meta: ShareMeta) -> JSONDict:
    """What an imported game keeps of its share meta in the store."""
    out: JSONDict = {"imported": True}
    if meta.title.strip():
        out["title"] = meta.title
    if meta.created is not None:
        out["created"] = meta.created.isoformat()
    return out


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


def matches(summary: GameSummary, query: str) -> bool:
    """A game matches when one of its players' names contains the query,
    ignoring case and extra spaces; an empty query matches every game."""
    q = name_key(query)
    return not q or any(q in name_key(n) for n in summary.players)


class Library:
    """History, stats, sharing and importing over the store: what a session
    reads about every game, not only the open one. Refusals raise
    :class:`Refusal`; successes return the sentence to show."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.imported_id: str | None = None
        self._share_cache: tuple[tuple[object, ...], ShareView] | None = None
        self._stats_cache: tuple[tuple[object, ...], list[PlayerStats]] | None = None
        self._days: dict[tuple[str, str, str], str] = {}

    # --- share ------------------------------------------------------------------
    def load_game(self, game_id: str) -> GameRecord | str:
        """A stored game, or the message saying why it cannot be read."""
        try:
            return self.store.load(game_id)
        except GameNotFound:
            return _("That game is no longer stored.")
        except DocumentError as exc:
            return str(exc)

    def share_view(self, gid: str) -> ShareView | str:
        """The share screen of game ``gid``, or why it cannot be shown.
        Cached: QR drawing is the slow part."""
        record = self.load_game(gid)
        if isinstance(record, str):
            return record
        key = (
            gid,
            record.sheet,
            str(record.meta.get("title")),
            record.created,
            # the logged play's length; only a finished game is logged (a
            # game in play changes "updated" with every tap: no QR redrawn)
            record.updated if record.sheet.over else "",
            str((record.digital or {}).get("bots")),
            current().language,  # the summary's and the log's words
        )
        if self._share_cache is not None and self._share_cache[0] == key:
            return self._share_cache[1]
        try:
            view = build_share_view(record)
        except ValueError as exc:
            return str(exc)
        self._share_cache = (key, view)
        return view

    # --- import -----------------------------------------------------------------
    @staticmethod
    def check_paste(data: str | bytes) -> None:
        """Refuse an oversize paste as it arrives (before any decoding)."""
        if too_large(data):
            raise Refusal(ShareCodeError(Reason.TOO_LARGE).message)

    def import_code(self, data: str | bytes) -> str:
        """Add the game in a share code (text) or share file (bytes) to the
        history. Refused codes leave the store untouched."""
        if not (data.strip() if isinstance(data, str) else data):
            raise Refusal(_("Paste a share code or choose a share file first."))
        try:
            sheet, meta = decode(data)
        except ShareCodeError as exc:
            raise Refusal(exc.message) from exc
        same = self._same_game(sheet, meta_json(meta))
        if same is not None:  # imported before, or shared from this device
            self.imported_id = same
            return _("“{title}” is already in History; nothing was added.").format(
                title=meta.heading()
            )
        try:
            game_id = self.store.create(sheet, meta_json(meta))
        except OSError as exc:
            raise Refusal(
                _("Could not save the game ({reason}).").format(
                    reason=exc.strerror or exc
                )
            ) from exc
        self.imported_id = game_id
        names = ", ".join(p.name for p in sheet.seated)
        return _("Imported “{title}” ({names}). It is now in History.").format(
            title=meta.heading(), names=names
        )

    def _same_game(self, sheet: Sheet, meta: JSONDict) -> str | None:
        """A stored game equal to ``sheet`` (same players, rules, rounds and
        title), looked for only among games with the same names and rounds."""
        names = tuple(p.name for p in sheet.players if p.seated)
        for game in self.store.list_games():
            if game.rounds != len(sheet.rounds) or game.players != names:
                continue
            record = self.load_game(game.id)
            if isinstance(record, str):
                continue
            if record.sheet == sheet and record.meta.get("title") == meta.get("title"):
                return game.id
        return None

    def import_file(self, data: bytes | None) -> str:
        """A picked share file; ``None`` when the browser gave no contents."""
        if data is None:
            raise Refusal(_("That file could not be read."))
        return self.import_code(data)

    def history_log(self, query: str = "") -> PlayLogView | str:
        """Every finished game History lists for ``query``, as one logged
        play file (read from the store when asked, not at every render)."""
        records = []
        for game in self.history(query):
            record = self.load_game(game.id)
            if not isinstance(record, str):
                records.append((record, played_date(record)))
        return history_log(records)

    # --- history and stats --------------------------------------------------------
    def history(self, query: str = "") -> list[GameSummary]:
        """Every stored game whose players match ``query``, latest first."""
        return [g for g in self.store.list_games() if matches(g, query)]

    def game_day(self, game: GameSummary) -> str:
        """:func:`played_day` of a listed game; read once per game (the index
        knows only the day a game was stored here)."""
        key = (game.id, game.created, current().language)
        if key not in self._days:
            try:  # drawn on the server's event loop: never wait for a write
                record = self.store.load_if_free(game.id)
            except (GameNotFound, DocumentError):
                record = None
            else:
                if record is None:  # being written: the stored day, this time
                    return game.created[:10]
            day = game.created[:10]
            self._days[key] = day if record is None else played_day(record)
        return self._days[key]

    def stats(self) -> list[PlayerStats]:
        """Each player's record over every stored game (unreadable games are
        left out: the store already moved them aside and said so)."""
        games = sorted(self.store.list_games(), key=lambda g: g.created)
        key = tuple((g.id, g.updated, g.rounds) for g in games)
        if self._stats_cache is not None and self._stats_cache[0] == key:
            return self._stats_cache[1]
        sheets = []
        for g in games:
            record = self.load_game(g.id)
            if not isinstance(record, str):
                sheets.append(record.sheet)
        result = player_stats(sheets)
        self._stats_cache = (key, result)
        return result
