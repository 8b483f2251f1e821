"""The library: every stored game, not only the open one — Home's list,
History, the stats, sharing a game and importing one.

Why an object of its own: what a session may read of the store (a guest's
phone sees its one game, never the others) and what it may add (only the
host imports) is decided here, with the session's :class:`LiveSeat`, so a
page that sends an event by hand is refused the same as one that shows the
button. The screens' values are built from what it returns by the pure
functions of :mod:`companion.app.views`. An import writes the game to the
store before it says so, and a refused code (malformed, truncated,
tampered, too large, from a newer app) changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.i18n import _, current
from companion.i18n.said import error_words
from companion.rules import Sheet
from companion.share import Reason, ShareCodeError, ShareMeta, decode, too_large
from companion.share.stats import PlayerStats, player_stats
from companion.store import DocumentError, GameNotFound, GameRecord, GameStore
from companion.store.records import GameSummary, JSONDict

from .live import HOST_ONLY, LiveSeat
from .playlog import PlayLogView, history_log
from .refusal import GAME_GONE, NO_GAME, Refusal
from .views.history import matches
from .views.share import ShareView, build_share_view, played_date, played_day


def meta_json(meta: ShareMeta) -> JSONDict:
    """What an imported game keeps of its share meta in the store."""
    out: JSONDict = {"imported": True}
    if meta.title.strip():
        out["title"] = meta.title
    if meta.created is not None:
        out["created"] = meta.created.isoformat()
    return out


class Library:
    """The stored games as this session may see them (the host: all; a
    guest: none but its game's share). Intents raise :class:`Refusal` and
    return the sentence to show; reads answer with what may be shown."""

    def __init__(self, store: GameStore, seat: LiveSeat) -> None:
        self.store = store
        self.seat = seat
        self.imported_id: str | None = None
        self._share_cache: tuple[tuple[object, ...], ShareView] | None = None
        self._stats_cache: tuple[tuple[object, ...], list[PlayerStats]] | None = None
        self._days: dict[tuple[str, str, str], str] = {}

    # --- home -------------------------------------------------------------------
    def games(self) -> list[GameSummary]:
        """Every stored game, the latest played first (always current)."""
        return self.store.list_games() if self.seat.host else []

    def unfinished(self) -> GameSummary | None:
        """The latest game not yet over, to offer "continue" (the host's)."""
        return self.store.unfinished() if self.seat.host else None

    def known_names(self) -> list[str]:
        """Names from earlier games with a round played, best first."""
        return self.store.known_names(min_rounds=1) if self.seat.host else []

    # --- share ------------------------------------------------------------------
    def load_game(self, game_id: str) -> GameRecord | str:
        """A stored game, or the message saying why it cannot be shown
        (:data:`HOST_ONLY` comes in English: the screen words it)."""
        if not self.seat.host:
            return HOST_ONLY
        return self._load(game_id)

    def _load(self, game_id: str) -> GameRecord | str:
        try:
            return self.store.load(game_id)
        except GameNotFound:
            return _(GAME_GONE)
        except DocumentError as exc:
            return error_words(exc)

    def share_view(self, gid: str | None) -> ShareView | str:
        """The share screen of game ``gid`` (None: no game is open), or why
        it cannot be shown. Cached: QR drawing is the slow part."""
        if gid is None:
            return _(NO_GAME)
        if not self.seat.access.allows(gid):
            return HOST_ONLY
        record = self._load(gid)
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
    def paste_refusal(data: str | bytes) -> str | None:
        """Why a paste is refused as it arrives (too large, before any
        decoding); None for one the Import button may try."""
        return ShareCodeError(Reason.TOO_LARGE).message if too_large(data) else None

    def import_code(self, data: str | bytes) -> str:
        """Add the game in a share code (text) or share file (bytes) to the
        history (the host's alone). Refused codes leave the store untouched."""
        self.seat.check_host()
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
            record = self._load(game.id)
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
        if not self.seat.host:
            return HOST_ONLY
        records = []
        for game in self.history(query):
            record = self._load(game.id)
            if not isinstance(record, str):
                records.append((record, played_date(record)))
        return history_log(records)

    # --- history and stats --------------------------------------------------------
    def history(self, query: str = "") -> list[GameSummary]:
        """Every stored game whose players match ``query``, latest first."""
        return [g for g in self.games() if matches(g, query)]

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

    def days(self, games: Iterable[GameSummary]) -> dict[str, str]:
        """:meth:`game_day` of each of ``games``, by id."""
        return {g.id: self.game_day(g) for g in games}

    def stats(self) -> list[PlayerStats]:
        """Each player's record over every stored game (unreadable games are
        left out: the store already moved them aside and said so)."""
        games = sorted(self.games(), key=lambda g: g.created)
        key = tuple((g.id, g.updated, g.rounds) for g in games)
        if self._stats_cache is not None and self._stats_cache[0] == key:
            return self._stats_cache[1]
        sheets = []
        for g in games:
            record = self._load(g.id)
            if not isinstance(record, str):
                sheets.append(record.sheet)
        result = player_stats(sheets)
        self._stats_cache = (key, result)
        return result
