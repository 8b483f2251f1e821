"""Every open game of one server, one object per game id.

Sessions (browser tabs, later phones) ask the hub for a game instead of
loading their own copy, so they all commit to the same :class:`OpenGame`.
A game nobody watches any more is dropped from memory (it is on disk).
Everything runs on one event loop, so the table of open games needs no
lock; each game's commits are serial (its own ``asyncio.Lock``).

It also keeps each game's invite token (stored in the game's file, so a
phone's link survives a server restart): 128 random bits from ``secrets``,
made on the host's first ask, replaced (revoked) by :meth:`GameHub.new_invite`
and compared in constant time by :meth:`GameHub.admits`.

Each open game has one :class:`~companion.app.bots.BotDriver` that moves
its computer players while a session watches it; it stops when the game is
deleted or dropped.
"""

from __future__ import annotations

import hmac
import secrets

from companion.i18n import _
from companion.i18n.said import error_words
from companion.rules import Sheet
from companion.store import (
    DocumentError,
    GameNotFound,
    GameRecord,
    GameStore,
    read_blob,
)

from .bots import BotClock, BotDriver
from .digital import Digital
from .entry import RoundDraft
from .open_game import GameState, Listener, OpenGame, Watch
from .refusal import GAME_GONE, Refusal, could_not_save


class GameHub:
    """The games of one store, shared by every session of the process."""

    def __init__(self, store: GameStore, bots: BotClock | None = None) -> None:
        self.store = store
        self.bots = bots or BotClock()  # the computer players' pause and timer
        self._open: dict[str, OpenGame] = {}
        self._drivers: dict[str, BotDriver] = {}

    def watch(self, game_id: str, on_change: Listener) -> tuple[Watch, list[str]]:
        """Show a game (loaded once, then shared) and hear of its changes;
        also the notes of loading it (files repaired, a digital round that
        could not be restored) when it was read now. The watch is made under
        loop's turn, so a game is never dropped while a session takes it.
        A computer player waiting to move (a game just loaded, or nobody
        watched it a while) moves after the pause."""
        watch, notes = self._watch(game_id, on_change)
        self._drivers[game_id].poke()
        return watch, notes

    def _watch(self, game_id: str, on_change: Listener) -> tuple[Watch, list[str]]:
        self._drop_unwatched()
        game = self._open.get(game_id)
        if game is not None and not game.deleted:
            return Watch(game, on_change), []
        try:
            record = self.store.load(game_id)
        except GameNotFound as exc:
            raise Refusal(_(GAME_GONE)) from exc
        except DocumentError as exc:
            raise Refusal(error_words(exc)) from exc
        state, notes = restore(record)
        game = self._add(OpenGame(record.id, self.store, state))
        return Watch(game, on_change), notes

    def _add(self, game: OpenGame) -> OpenGame:
        """Hold ``game`` with its driver."""
        old = self._drivers.pop(game.id, None)
        if old is not None:
            old.stop()
        self._open[game.id] = game
        self._drivers[game.id] = BotDriver(game, self.bots)
        return game

    def create(
        self, sheet: Sheet, draft: RoundDraft, digital: Digital, on_change: Listener
    ) -> Watch:
        try:
            game_id = self.store.create(
                sheet, draft=draft.to_dict(), digital=digital.to_dict()
            )
        except OSError as exc:
            raise could_not_save(exc) from exc
        game = OpenGame(game_id, self.store, GameState(sheet, draft, digital))
        return Watch(self._add(game), on_change)

    def delete(self, game_id: str) -> GameRecord | None:
        """Delete from the store; sessions showing the game are told."""
        try:
            record = self.store.delete(game_id)
        except GameNotFound as exc:
            raise Refusal(_(GAME_GONE)) from exc
        except OSError as exc:
            raise could_not_save(exc) from exc
        game = self._open.pop(game_id, None)
        driver = self._drivers.pop(game_id, None)
        if driver is not None:
            driver.stop()
        if game is not None:
            game.forget()
        return record

    def opened(self, game_id: str) -> OpenGame | None:
        """The game's :class:`OpenGame` when it is held in memory (a session
        may show it): a change to it from outside a session goes through its
        commit, never behind its back (a restore from a backup)."""
        game = self._open.get(game_id)
        return None if game is None or game.deleted else game

    # --- invites ------------------------------------------------------------------
    def invite(self, game_id: str) -> str:
        """The game's invite token, made (and saved) on the first ask."""
        token = self._stored_invite(game_id)
        return token if token is not None else self._save_invite(game_id)

    def new_invite(self, game_id: str) -> str:
        """A fresh token replacing the old one, whose links stop working; the
        sessions showing the game are told at once, so they re-check theirs."""
        self._stored_invite(game_id)  # refuses a game that is gone
        token = self._save_invite(game_id)
        game = self._open.get(game_id)
        if game is not None:
            game.tell()
        return token

    def admits(self, game_id: str, token: str) -> bool:
        """Whether ``token`` is the game's current invite (constant time).
        Never makes a token: a game nobody was invited to admits no one."""
        if not game_id or not token or not token.isascii():
            return False  # a token is ASCII; compare_digest refuses other text
        try:
            stored = self._stored_invite(game_id)
        except Refusal:
            return False
        if stored is None:
            return False
        return hmac.compare_digest(stored.encode(), token.encode())

    def _stored_invite(self, game_id: str) -> str | None:
        try:
            return self.store.invite(game_id)
        except GameNotFound as exc:
            raise Refusal(_(GAME_GONE)) from exc
        except DocumentError as exc:
            raise Refusal(error_words(exc)) from exc

    def _save_invite(self, game_id: str) -> str:
        token = secrets.token_urlsafe(16)  # 128 bits
        try:
            self.store.save_invite(game_id, token)
        except GameNotFound as exc:
            raise Refusal(_(GAME_GONE)) from exc
        except OSError as exc:
            raise could_not_save(exc) from exc
        return token

    def _drop_unwatched(self) -> None:
        for game_id in [g for g, game in self._open.items() if not game.watchers]:
            del self._open[game_id]
            self._drivers.pop(game_id).stop()

    @property
    def open_count(self) -> int:
        return len(self._open)


def restore(record: GameRecord) -> tuple[GameState, list[str]]:
    """A stored game as it was left: its sheet, the round being tapped in and
    the digital round; what could not be restored is started afresh and said."""
    notes = list(record.notes)
    digital = Digital()
    if record.digital is not None:
        try:
            digital = read_blob(Digital.from_dict, record.digital)
        except DocumentError:
            notes.append(_("The digital round could not be restored."))
    digital.adopt(record.sheet)
    draft: RoundDraft | None = None
    if record.draft is not None:
        try:
            draft = read_blob(RoundDraft.from_dict, record.draft)
        except DocumentError:
            notes.append(_("The round being entered could not be restored."))
    if draft is None:
        draft = RoundDraft.fresh(record.sheet)
    draft.follow(record.sheet)
    return GameState(record.sheet, draft, digital), notes
