"""One session of the app (a browser tab, a phone): what its screens show
and the intents they call.

A session is composed of small objects — the setup form, the library
(history, share, import, stats), the invite, and for the open game a
:class:`Watch` on the shared :class:`~companion.app.open_game.OpenGame`
with its round entry, corrections and digital table. Those objects raise
:class:`Refusal`; this class is the one wrapper that turns a refusal into
the notice on screen and a success into its message, then tells the screen
to re-render. Intents return ``None`` when done, or the message shown when
refused.
"""

from __future__ import annotations

import contextlib
import threading
from collections import Counter
from collections.abc import Callable
from typing import ParamSpec

from companion.i18n import N_, _, names_list
from companion.i18n.said import Said, worded
from companion.rules import Advice, LineScore, Player, Problem, Round, Sheet, SheetError
from companion.rules.choice_advice import ChoiceAdvice
from companion.store import GameRecord, GameStore

from .access import Access, Role
from .corrections import Corrections
from .digital import Digital
from .digital_table import DigitalTable
from .entry import RoundDraft
from .hub import GameHub
from .invite import Invite
from .library import Library
from .live import LiveSeat
from .observable import Listener, Notice, Observable
from .open_game import Note, Watch
from .problems import error_text, problem_text
from .refusal import Refusal, could_not_save
from .serving import DEFAULT_SERVING, Serving
from .setup_form import SetupForm
from .standings import Standing, banner, standings
from .table_odds import OddsAtTable, OddsWords, words_for
from .tap_in import RoundEntry

Result = str | None  # an intent's answer: None when done, else the refusal
P = ParamSpec("P")


class AppState(Observable):
    """Home, setup, the open game and the library of one session."""

    def __init__(
        self,
        store: GameStore | GameHub,
        *,
        test_deck: str | None = None,
        serving: Serving = DEFAULT_SERVING,
    ) -> None:
        super().__init__()
        self.serving = serving  # where the server listens (the Invite's links)
        self.hub = store if isinstance(store, GameHub) else GameHub(store)
        self.store = self.hub.store
        # Problems the store found on its own (files moved aside): show once.
        self._alerts: list[str] = list(self.store.warnings)
        self.form = SetupForm()
        self.test_deck = test_deck
        self.watch: Watch | None = None
        self.entry: RoundEntry | None = None
        self.fixes: Corrections | None = None
        self.table: DigitalTable | None = None
        self._elsewhere: list[Listener] = []
        self._committer: int | None = None  # the thread of this session's intent
        self._news_of: Sheet | None = None  # the sheet the news (notice) was about
        self._deleted: GameRecord | None = None
        self._fresh: str | None = None  # the game this session started
        self._heard: Note | None = None  # the server's last news on the game
        self.seat = LiveSeat()  # who this session is at a live table
        self.library = Library(self.store, self.seat)  # every stored game
        self.invite = Invite(self.hub, serving, self.seat)  # phones join the game

    @property
    def alerts(self) -> list[str]:
        """What went wrong on its own (damaged files, a game deleted
        elsewhere), in this session's language."""
        return [worded(alert) for alert in self._alerts]

    @alerts.setter
    def alerts(self, value: list[str]) -> None:
        self._alerts = list(value)

    @property
    def folder_problem(self) -> str | None:
        """Why the games folder cannot be used, in this session's language."""
        problem = self.store.folder_problem
        return None if problem is None else worded(problem)

    # --- the one wrapper ----------------------------------------------------------
    def run(self, intent: Callable[[], str | None]) -> Result:
        """Carry out ``intent``: its refusal becomes the notice (and the
        answer), its message the news; either way the screen re-renders."""
        self._committer = threading.get_ident()
        try:
            info = intent()
        except Refusal as exc:
            return self._refuse(exc.message)
        except SheetError as exc:
            return self._refuse(error_text(exc))
        finally:
            self._committer = None
        self._done(info)
        # what the news is about: only another change of it makes it stale
        self._news_of = None if self.watch is None else self.watch.state.sheet
        return None

    def act(
        self, intent: Callable[P, str | None], *args: P.args, **kwargs: P.kwargs
    ) -> Result:
        """Carry out one owner's intent (``state.act(entry.add_card, pid,
        "7")``) through :meth:`run`: the owners check and change, this
        session words the refusal and re-renders."""
        return self.run(lambda: intent(*args, **kwargs))

    def subscribe_elsewhere(self, callback: Listener) -> Callable[[], None]:
        """Call ``callback`` when another session changed the open game (on
        that session's thread: the UI must hop to its own)."""
        self._elsewhere.append(callback)
        return lambda: self._elsewhere.remove(callback)

    def _changed_elsewhere(self) -> None:
        if threading.get_ident() == self._committer:
            return  # this session's own commit: run() re-renders it
        watch = self.watch
        stale = watch is None or watch.state.sheet is not self._news_of
        if self.notice is not None and not self.notice.error and stale:
            # "Ann deals next." is about a sheet now gone; "Old invite links no
            # longer work." outlives the phones it shuts out letting go of seats
            self.notice = None
        if watch is not None and watch.game.deleted:
            self._leave()
            self.notice = None
            self.alerts = [
                *self._alerts,
                Said(N_("That game was deleted on another screen.")),
            ]
        elif watch is not None:
            self._hear(watch.game.note)
        for callback in list(self._elsewhere):
            callback()

    def _hear(self, note: Note | None) -> None:
        """The server's news on the game (a computer player ended the round,
        or could not move) becomes this screen's notice; once it is over
        (the next move worked), its message goes."""
        if note == self._heard:
            return
        old, self._heard = self._heard, note
        if old is not None and self.notice == Notice(old.text, error=old.error):
            self.notice = None
        if note is not None and note.text:
            self.notice = Notice(note.text, error=note.error)

    def detach(self) -> None:
        """The screen is gone (tab closed): stop watching the game."""
        self._leave()

    def shown(self) -> None:
        """The screen drew the open game as it is now (its revision is seen)."""
        if self.watch is not None:
            self.watch.shown()

    # --- observing ----------------------------------------------------------------
    def dismiss(self) -> None:
        """Clear the notice and the alerts after the table has seen them."""
        self.notice = None
        self.alerts = []
        self.notify()

    def dismiss_refusal(self) -> None:
        """Clear the notice if it is a refusal (a reload starts afresh)."""
        if self.notice is not None and self.notice.error:
            self.dismiss()

    def tell(self, text: str, *, error: bool = False) -> None:
        """Show a message from the view (a copy or a download it did itself)."""
        if error:
            self._refuse(text)
        else:
            self._done(text)

    # --- the open game ----------------------------------------------------------------
    @property
    def game_id(self) -> str | None:
        return None if self.watch is None else self.watch.game.id

    @property
    def sheet(self) -> Sheet | None:
        return None if self.watch is None else self.watch.state.sheet

    @property
    def draft(self) -> RoundDraft | None:
        return None if self.watch is None else self.watch.state.draft

    @property
    def digital(self) -> Digital:
        return Digital() if self.watch is None else self.watch.state.digital

    def _game(self) -> tuple[RoundEntry, Corrections, DigitalTable]:
        if self.entry is None or self.fixes is None or self.table is None:
            raise Refusal(_("No game is open."))
        return self.entry, self.fixes, self.table

    def _show(self, watch: Watch) -> None:
        self._leave()
        self.watch = self.seat.watch = watch
        self._heard = watch.game.note  # old news is not shown to a newcomer
        self.entry = RoundEntry(watch)
        self.fixes = Corrections(watch)
        self.table = DigitalTable(watch, self.test_deck)

    def _leave(self) -> None:
        if self.watch is not None:
            self._quietly(lambda: self.seat.connected(False))  # its seat waits
            self.watch.close()
        self.watch = self.entry = self.fixes = self.table = None
        self.seat.watch = None

    def _quietly(self, change: Callable[[], None]) -> None:
        """A bookkeeping change nobody asked for: a refusal is not news."""
        with contextlib.suppress(Refusal):
            change()

    # --- home -------------------------------------------------------------------------
    def continue_unfinished(self) -> Result:
        game = self.store.unfinished()
        if game is None:
            return self._refuse(_("No game in progress."))
        return self.open_game(game.id)

    def open_game(self, game_id: str) -> Result:
        """Open a game where it was left (shared with any other screen on it)."""

        def intent() -> None:
            self.seat.check_game(game_id)
            watch, notes = self.hub.watch(game_id, self._changed_elsewhere)
            self._show(watch)
            self.alerts = [*self._alerts, *notes]

        return self.run(intent)

    def close_game(self) -> None:
        """Back to the home screen (everything is already saved). A game
        started here and left before anything was played is not kept (the
        message offers Undo delete): Home lists games, not false starts."""
        self.store.flush()
        info = self._drop_unplayed()
        self._leave()
        self._done(info)

    def _drop_unplayed(self) -> str | None:
        watch = self.watch
        if watch is None or watch.game.id != self._fresh or watch.game.watchers > 1:
            return None
        state = watch.state
        if state.sheet.rounds or state.undone is not None or state.digital.round:
            return None
        if state.draft.editing is not None or not state.draft.empty:
            return None
        try:
            self._deleted = self.hub.delete(watch.game.id)
        except Refusal:
            return None
        self._fresh = None
        names = names_list([p.name for p in state.sheet.seated])
        return _("No round was played, so the game of {names} was not kept.").format(
            names=names
        )

    def delete_game(self, game_id: str) -> Result:
        """Delete a game (the view asks first); :meth:`restore_deleted` undoes."""

        def intent() -> str | None:
            self.seat.check_host()
            self._deleted = self.hub.delete(game_id)
            if game_id == self.game_id:
                self._leave()
            return _("Game deleted.") if self._deleted else None

        return self.run(intent)

    @property
    def can_restore(self) -> bool:
        return self._deleted is not None

    def restore_deleted(self) -> Result:
        def intent() -> str:
            self.seat.check_host()
            if self._deleted is None:
                raise Refusal(_("Nothing to restore."))
            try:
                self.store.restore(self._deleted)
            except OSError as exc:
                raise could_not_save(exc) from exc
            self._deleted = None
            return _("Game restored.")

        return self.run(intent)

    # --- new game -------------------------------------------------------------------
    def new_game(self) -> None:
        self.form = SetupForm()
        self._done()

    def new_game_same_players(self) -> None:
        """Fill the setup with this game's players and rules (a rematch)."""
        if self.watch is not None:
            self.form = SetupForm.rematch(self.watch.state.sheet, self.digital)
        self._done()

    def start_game(self) -> Result:
        def intent() -> None:
            self.seat.check_host()
            sheet, draft, digital = self.form.start()
            self._show(self.hub.create(sheet, draft, digital, self._changed_elsewhere))
            self._fresh = self.game_id
            self.form = SetupForm()

        return self.run(intent)

    # --- tap-in (RoundEntry) ------------------------------------------------------
    def add_card(self, pid: str, code: str) -> Result:
        return self.run(lambda: self._line(pid).add_card(pid, code))

    def remove_card(self, pid: str, index: int) -> Result:
        return self.run(lambda: self._line(pid).remove_card(pid, index))

    def set_busted(self, pid: str, busted: bool) -> Result:
        return self.run(lambda: self._line(pid).set_busted(pid, busted))

    def toggle_busted(self, pid: str) -> Result:
        return self.run(lambda: self._line(pid).toggle_busted(pid))

    def set_typed(self, pid: str, value: int | str | None) -> Result:
        return self.run(lambda: self._line(pid).set_typed(pid, value))

    def choose_bonus(self) -> Result:
        """Brutal Flip 7: take +15 (the default)."""
        return self.run(lambda: self._flipper().choose_attack(None))

    def choose_attack(self, target: str) -> Result:
        """Brutal Flip 7: give −15 to ``target`` instead of taking +15."""
        return self.run(lambda: self._flipper().choose_attack(target))

    def discard_draft(self) -> Result:
        return self.run(lambda: self._scorer()[0].discard())

    def clear_draft(self) -> Result:
        return self.run(lambda: self._scorer()[0].clear())

    def save_round(self) -> Result:
        def intent() -> str:
            entry = self._game()[0]
            self.seat.check_save(entry.watch.state, self.waiting_for())
            return entry.save()

        return self.run(intent)

    def set_done(self, pid: str, done: bool = True) -> Result:
        """A phone says its line is all in (or takes that back)."""
        return self.run(lambda: self._line(pid).set_done(pid, done))

    def waiting_for(self) -> list[str]:
        """Names of the players whose line is not in yet."""
        if self.watch is None:
            return []
        state = self.watch.state
        names = state.sheet.names()
        return [names[p] for p in state.draft.players if not state.draft.is_in(p)]

    def _line(self, pid: str) -> RoundEntry:
        entry = self._game()[0]
        self.seat.check_line(pid, entry._name(pid))
        return entry

    def _flipper(self) -> RoundEntry:
        """Brutal's ±15 is the Flip 7 player's choice (or a scorer's)."""
        entry = self._game()[0]
        flipper = entry.flip7_player()
        if flipper is None or not self.seat.may_edit(flipper):
            self.seat.check_scorer()
        return entry

    def _scorer(self) -> tuple[RoundEntry, Corrections, DigitalTable]:
        self.seat.check_scorer()
        return self._game()

    def _host(self) -> tuple[RoundEntry, Corrections, DigitalTable]:
        self.seat.check_host()
        return self._game()

    @property
    def half_entered(self) -> bool:
        return self.entry is not None and self.entry.half_entered

    def copies_left(self) -> Counter[str]:
        return self._game()[0].copies_left()

    def line_score(self, pid: str) -> LineScore:
        return self._game()[0].line_score(pid)

    def round_score(self, pid: str) -> int:
        return self._game()[0].round_score(pid)

    def flip7_player(self) -> str | None:
        return self._game()[0].flip7_player()

    def problems(self) -> list[Problem]:
        return self._game()[0].problems()

    def problems_by_player(self) -> dict[str | None, list[Problem]]:
        return self._game()[0].problems_by_player()

    def problem_text(self, problem: Problem) -> str:
        """A problem of the round being entered, in this session's language
        (problems are shared by every screen on the game: worded here)."""
        if self.watch is None:
            return problem_text(problem)
        state = self.watch.state
        names = state.sheet.names()
        return problem_text(problem, [names.get(p, p) for p in state.draft.players])

    # --- the sheet --------------------------------------------------------------------
    def _sheet(self) -> Sheet:
        if self.watch is None:
            raise Refusal(_("No game is open."))
        return self.watch.state.sheet

    def totals(self) -> dict[str, int]:
        return self._sheet().totals()

    def standings(self) -> list[Standing]:
        return standings(self._sheet())

    def banner(self) -> str | None:
        return banner(self._sheet())

    def next_dealer(self) -> Player:
        return self._sheet().next_dealer()

    # --- corrections --------------------------------------------------------------
    def undo_round(self) -> Result:
        return self.run(lambda: self._scorer()[1].undo_round())

    @property
    def can_redo(self) -> bool:
        return self.fixes is not None and self.fixes.can_redo

    def redo_round(self) -> Result:
        return self.run(lambda: self._scorer()[1].redo_round())

    def edit_round(self, index: int) -> Result:
        return self.run(lambda: self._scorer()[1].edit_round(index))

    def cancel_edit(self) -> Result:
        return self.run(lambda: self._scorer()[1].cancel_edit())

    def rename_player(self, pid: str, name: str) -> Result:
        return self.run(lambda: self._host()[1].rename_player(pid, name))

    def add_player(self, name: str, *, at_lowest: bool = False) -> Result:
        return self.run(lambda: self._host()[1].add_player(name, at_lowest=at_lowest))

    def remove_player(self, pid: str) -> Result:
        return self.run(lambda: self._host()[1].remove_player(pid))

    # --- the digital table ----------------------------------------------------------
    @property
    def digital_round(self) -> Round | None:
        return None if self.table is None else self.table.round

    @property
    def seat_ids(self) -> list[str]:
        return [] if self.table is None else self.table.seat_ids

    @property
    def digital_number(self) -> int | None:
        return None if self.table is None else self.table.number

    @property
    def digital_in_progress(self) -> bool:
        return self.table is not None and self.table.in_progress

    @property
    def digital_stale(self) -> bool:
        return self.table is not None and self.table.stale

    def seat_name(self, seat: int) -> str:
        return self._game()[2].seat_name(seat)

    def is_bot(self, seat: int) -> bool:
        return self._game()[2].is_bot(seat)

    @property
    def bot_to_move(self) -> bool:
        return self.table is not None and self.table.bot_to_move

    def advice(self) -> Advice | ChoiceAdvice | None:
        return None if self.table is None else self.table.advice()

    def set_bot(self, pid: str, strategy: str | None) -> Result:
        return self.run(lambda: self._scorer()[2].set_bot(pid, strategy))

    def set_advisor(self, on: bool) -> Result:
        return self.run(lambda: self._scorer()[2].set_advisor(on))

    def set_purist(self, on: bool) -> Result:
        """The host's switch: no advisor and no odds at this table."""
        return self.run(lambda: self._host()[2].set_purist(on))

    @property
    def purist(self) -> bool:
        return self.digital.purist

    # --- odds while flipping (companion.app.table_odds) -------------------------------
    @property
    def table_odds_on(self) -> bool:
        """The round entry shows odds and advice (switched on, not purist)."""
        return self.digital.table_odds and not self.digital.purist

    def set_table_odds(self, on: bool) -> Result:
        return self.run(lambda: OddsAtTable(self._scorer()[0].watch).set_on(on))

    def deck_reshuffled(self) -> Result:
        return self.run(lambda: OddsAtTable(self._scorer()[0].watch).reshuffled())

    def table_odds(self, pid: str) -> OddsWords | None:
        return None if self.watch is None else words_for(self.watch, pid)

    def start_digital_round(self) -> Result:
        return self.run(lambda: self._scorer()[2].start())

    def discard_digital_round(self) -> Result:
        return self.run(lambda: self._scorer()[2].discard())

    def play_choice(self, choice: str) -> Result:
        def intent() -> str | None:
            table = self._game()[2]
            state = table.watch.state
            rnd = state.digital.round
            if rnd is not None and rnd.pending is not None:
                self.seat.check_decide(state, table.seat_name(rnd.pending.player))
            return table.play(choice)

        return self.run(intent)

    def may_decide(self) -> bool:
        """This screen makes the pending digital decision (not another phone)."""
        return self.watch is not None and self.seat.may_decide(self.watch.state)

    def bot_step(self) -> bool:
        """Let the computer player who must decide make one choice now (tests
        and scripts; on a server the hub's driver moves them after a pause)."""
        moved: list[bool] = []

        def intent() -> str | None:
            did, info = self._game()[2].bot_step()
            moved.append(did)
            return info

        self.run(intent)
        return bool(moved and moved[0])

    def close_digital_summary(self) -> Result:
        if not self.seat.scorer:
            return None  # the summary is the table's: a phone just walks away
        return self.run(lambda: self._game()[2].close_summary())

    # --- the live table (LiveSeat) ------------------------------------------------
    @property
    def access(self) -> Access:
        return self.seat.access

    def admit(self, access: Access) -> Result:
        """Who this session is (decided by the UI when it connects); a
        guest or a board opens its one game at once."""
        self.seat.access = access
        if not access.guest:
            return None
        return self.open_game(access.game_id)

    def check_access(self) -> bool:
        """Whether a guest's invite still works; a revoked one (the host
        made a new invite, or deleted the game) locks this session out."""
        access = self.seat.access
        if access.locked:
            return False
        if access.host or self.hub.admits(access.game_id, access.token):
            return True
        self._leave()
        self.notice = None
        self.seat.access = Access(
            Role.LOCKED,
            reason=_("The host made a new invite: scan it to join again."),
        )
        return False

    @property
    def my_seat(self) -> str | None:
        return self.seat.mine

    def may_edit(self, pid: str) -> bool:
        return self.seat.may_edit(pid)

    def may_save(self) -> bool:
        return self.watch is not None and self.seat.may_save(self.watch.state)

    def claim_seat(self, pid: str) -> Result:
        return self.run(lambda: self.seat.claim(pid, self._game()[0]._name(pid)))

    def leave_seat(self) -> Result:
        return self.run(self.seat.leave)

    def join_late(self, name: str) -> Result:
        """A newcomer adds themselves (when the host allows) and takes the seat."""

        def intent() -> str:
            fixes = self._game()[1]
            if not self.seat.seats.late_joins and not self.seat.host:
                raise Refusal(_("The host has not opened the table to late players."))
            before = {p.id for p in self._sheet().players}
            fixes.add_player(name)
            new = [p for p in self._sheet().players if p.id not in before]
            if not new:
                raise Refusal(_("Nobody was added."))
            return self.seat.claim(new[0].id, new[0].name)

        return self.run(intent)

    def set_connected(self, on: bool) -> None:
        """The page's connection dropped or came back."""
        self._quietly(lambda: self.seat.connected(on))

    def make_scorer(self, pid: str, on: bool) -> Result:
        return self.run(lambda: self.seat.make_scorer(pid, on))

    def allow_late(self, on: bool) -> Result:
        return self.run(lambda: self.seat.allow_late(on))
