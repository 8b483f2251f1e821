"""The app's observable state: what the Flet views show and the intents they call.

No Flet here, so every flow of the table (setup, tap-in, corrections, end)
is unit-tested without rendering. The pattern: an intent changes the state,
persists it through the store *before* reporting success, then notifies the
subscribers (the Flet root re-renders). Intents return ``None`` when done or
the message to show when refused; the same message is left in ``notice``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from companion.rules import RoundRecord, Sheet, SheetError
from companion.store import (
    DocumentError,
    GameNotFound,
    GameRecord,
    GameStore,
    read_blob,
)
from companion.store.records import GameSummary

from .digital import Digital, DigitalIntents
from .entry import RoundDraft
from .library import ShareIntents
from .play import PlayIntents
from .setup_form import SetupDraft
from .standings import and_list

SUGGESTIONS = 8
COMPUTER_NAME = re.compile(r"Computer \d+")


def _could_not(exc: OSError) -> str:
    """A refused write, in the store's own words when it has them."""
    return f"Could not save ({exc.strerror or exc}); nothing was changed."


class AppState(PlayIntents, DigitalIntents, ShareIntents):
    """Home, setup and the open game. Tap-in and corrections: PlayIntents;
    digitally dealt rounds: DigitalIntents; share, import, history and
    stats: ShareIntents."""

    def __init__(self, store: GameStore) -> None:
        super().__init__()
        self.store = store
        # Problems the store found on its own (files moved aside): show once.
        self.alerts: list[str] = list(store.warnings)
        self.setup = SetupDraft()
        self.game_id: str | None = None
        self.sheet: Sheet | None = None
        self.draft: RoundDraft | None = None
        self._deleted: GameRecord | None = None
        self._undone: RoundRecord | None = None
        self.digital = Digital()
        self.test_deck: str | None = None
        self._fresh: str | None = None  # the game this session started

    # --- observing ---------------------------------------------------------
    def dismiss(self) -> None:
        """Clear the notice and the alerts after the table has seen them."""
        self.notice = None
        self.alerts = []
        self.notify()

    def dismiss_refusal(self) -> None:
        """Clear the notice if it is a refusal (a reload starts afresh)."""
        if self.notice is not None and self.notice.error:
            self.dismiss()

    # --- home ---------------------------------------------------------------------
    @property
    def games(self) -> list[GameSummary]:
        """Every stored game, the latest played first (always current)."""
        return self.store.list_games()

    @property
    def unfinished(self) -> GameSummary | None:
        return self.store.unfinished()

    def continue_unfinished(self) -> str | None:
        game = self.store.unfinished()
        if game is None:
            return self._refuse("No game in progress.")
        return self.open_game(game.id)

    def open_game(self, game_id: str) -> str | None:
        """Open a game where it was left, draft round included."""
        try:
            record = self.store.load(game_id)
        except GameNotFound:
            return self._refuse("That game is no longer stored.")
        except DocumentError as exc:
            return self._refuse(str(exc))
        self.game_id, self.sheet = record.id, record.sheet
        self._undone = None
        self.draft = None
        self.digital = Digital()
        self.alerts += record.notes
        if record.digital is not None:
            try:
                self.digital = read_blob(Digital.from_dict, record.digital)
            except DocumentError as exc:
                self.alerts.append(f"The digital round could not be restored ({exc}).")
        self.digital.adopt(record.sheet)
        if record.draft is not None:
            try:
                self.draft = read_blob(RoundDraft.from_dict, record.draft)
            except DocumentError:
                self.alerts.append("The round being entered could not be restored.")
        if self.draft is None:
            self.draft = RoundDraft.fresh(record.sheet)
        self.draft.follow(record.sheet)
        self._done()
        return None

    def close_game(self) -> None:
        """Back to the home screen (everything is already saved). A game
        started here and left before anything was played is not kept (the
        message offers Undo delete): Home lists games, not false starts."""
        self.store.flush()
        info = self._drop_unplayed()
        self.game_id = self.sheet = self.draft = None
        self._done(info)

    def _drop_unplayed(self) -> str | None:
        sheet, draft, game_id = self.sheet, self.draft, self.game_id
        if game_id is None or sheet is None or game_id != self._fresh:
            return None
        if sheet.rounds or self._undone is not None or self.digital.round:
            return None
        if draft is not None and (draft.editing is not None or not draft.empty):
            return None
        try:
            self._deleted = self.store.delete(game_id)
        except GameNotFound:
            return None
        self._fresh = None
        names = and_list([p.name for p in sheet.seated])
        return f"No round was played, so the game of {names} was not kept."

    def delete_game(self, game_id: str) -> str | None:
        """Delete a game (the view asks first); :meth:`restore_deleted` undoes."""
        try:
            self._deleted = self.store.delete(game_id)
        except GameNotFound:
            return self._refuse("That game is no longer stored.")
        except OSError as exc:
            return self._refuse(_could_not(exc))
        if game_id == self.game_id:
            self.game_id = self.sheet = self.draft = None
        self._done("Game deleted." if self._deleted else None)
        return None

    @property
    def can_restore(self) -> bool:
        return self._deleted is not None

    def restore_deleted(self) -> str | None:
        if self._deleted is None:
            return self._refuse("Nothing to restore.")
        try:
            self.store.restore(self._deleted)
        except OSError as exc:
            return self._refuse(_could_not(exc))
        self._deleted = None
        self._done("Game restored.")
        return None

    # --- new game -------------------------------------------------------------------
    def new_game(self) -> None:
        self.setup = SetupDraft()
        self._done()

    def new_game_same_players(self) -> None:
        """Fill the setup with this game's players and rules (a rematch)."""
        if self.sheet is not None:
            self.setup = SetupDraft.same_players(self.sheet)
            seated = {p.id: p.name for p in self.sheet.seated}
            self.setup.bots = {
                seated[pid]: how
                for pid, how in self.digital.bots.items()
                if pid in seated
            }
            self.setup.learning = self.digital.advisor
        self._done()

    def _setup(self, change: Callable[[], str | None]) -> str | None:
        try:
            info = change()
        except SheetError as exc:
            return self._refuse(str(exc))
        self._done(info)
        return None

    def setup_add_player(self, name: str) -> str | None:
        return self._setup(lambda: self.setup.add(name))

    def setup_remove_player(self, index: int) -> str | None:
        return self._setup(lambda: self.setup.remove(index))

    def setup_move_player(self, index: int, delta: int) -> str | None:
        return self._setup(lambda: self.setup.move(index, delta))

    def setup_rename_player(self, index: int, name: str) -> str | None:
        return self._setup(lambda: self.setup.rename(index, name))

    def setup_add_computer(self, strategy: str = "odds") -> str | None:
        return self._setup(lambda: self.setup.add_computer(strategy))

    def setup_set_computer(self, index: int, strategy: str | None) -> str | None:
        return self._setup(lambda: self.setup.set_computer(index, strategy))

    def setup_set_learning(self, on: bool) -> str | None:
        return self._setup(lambda: setattr(self.setup, "learning", on))

    def setup_set_dealer(self, index: int) -> str | None:
        return self._setup(lambda: self.setup.set_dealer(index))

    def setup_set_target(self, value: int | str) -> str | None:
        return self._setup(lambda: self.setup.set_target(value))

    def setup_set_two_decks(self, on: bool) -> str | None:
        return self._setup(lambda: self.setup.set_two_decks(on))

    def setup_set_option(self, name: str, value: bool) -> str | None:
        """``brutal``, ``lucky_pair_counts_two`` or ``tie_break``."""
        if name not in ("brutal", "lucky_pair_counts_two", "tie_break"):
            raise ValueError(f"unknown option {name}")
        return self._setup(lambda: setattr(self.setup, name, value))

    def name_suggestions(self, prefix: str = "") -> list[str]:
        """Names of people from earlier games not yet at the table, best
        first. Only games with a round played count (a name typed into a game
        nobody played is often a slip), and computer players are no one's
        name ("Add Computer 1" is what the computer-player button is for)."""
        start = " ".join(prefix.split()).casefold()
        taken = {n.casefold() for n in self.setup.names}
        names = [
            n
            for n in self.store.known_names(min_rounds=1)
            if n.casefold().startswith(start)
            and n.casefold() not in taken
            and not COMPUTER_NAME.fullmatch(n)
        ]
        return names[:SUGGESTIONS]

    def start_game(self) -> str | None:
        try:
            sheet = self.setup.build()
        except SheetError as exc:
            return self._refuse(str(exc))
        draft = RoundDraft.fresh(sheet)
        digital = Digital(
            bots={
                p.id: self.setup.bots[p.name]
                for p in sheet.players
                if p.name in self.setup.bots
            },
            advisor=self.setup.learning,
        )
        try:
            game_id = self.store.create(
                sheet, draft=draft.to_dict(), digital=digital.to_dict()
            )
        except OSError as exc:
            return self._refuse(_could_not(exc))
        self.game_id, self.sheet, self.draft = game_id, sheet, draft
        self._fresh = game_id
        self.digital = digital
        self._undone = None
        self.setup = SetupDraft()
        self._done()
        return None
