"""One session of the app (a browser tab, a phone): what its screens show
and the intents they call.

A session is composed of small objects — its seat at the table, the
setup form, the library (history, share, import, stats), the invite, its
deletions, its news of other screens, and for the open game a
:class:`Watch` on the shared :class:`~companion.app.open_game.OpenGame`
with its round entry, corrections, digital table and odds. Those objects
own their intents and checks and raise :class:`Refusal`; this class keeps
the one wrapper (:meth:`AppState.act`) that turns a refusal into the
notice on screen and a success into its message, then tells the screen to
re-render, and the open game's lifecycle. Intents return ``None`` when
done, or the message shown when refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
from collections.abc import Awaitable, Callable
from typing import ParamSpec

from companion.i18n import N_, _
from companion.i18n.said import Said, worded
from companion.rules import Sheet, SheetError
from companion.store import GameStore
from companion.tablelink.broker import Offline
from companion.tablelink.invite import Invite as Invite_
from companion.tablelink.links import BrowserLinks, Links

from .access import Access
from .background import soon
from .backups import Backups
from .corrections import Corrections
from .deletions import Deletions
from .digital import Digital
from .digital_table import DigitalTable
from .hub import GameHub
from .invite import Invite
from .library import Library
from .live import LiveSeat
from .news import News
from .observable import Observable
from .open_game import Watch
from .problems import error_text
from .refusal import Refusal
from .serving import DEFAULT_SERVING, Serving
from .setup_form import SetupForm
from .table_guest import UNREACHABLE, GuestLink, owners
from .table_invite import TableInvite
from .table_odds import OddsAtTable
from .tap_in import RoundEntry

Result = str | None  # an intent's answer: None when done, else the refusal
Intent = Callable[[], Awaitable[str | None] | str | None]
P = ParamSpec("P")


class AppState(Observable):
    """Home, setup, the open game and the library of one session."""

    def __init__(
        self,
        store: GameStore | GameHub,
        *,
        test_deck: str | None = None,
        serving: Serving = DEFAULT_SERVING,
        links: Callable[[], Links] = BrowserLinks,
    ) -> None:
        super().__init__()
        self.serving = serving  # where the server listens (the Invite's links)
        self.hub = store if isinstance(store, GameHub) else GameHub(store)
        self.store = self.hub.store
        # Problems the store found on its own (files moved aside): show once.
        self.alerts = list(self.store.warnings)
        self.form = SetupForm()
        self.test_deck = test_deck
        self.watch: Watch | None = None
        self.entry: RoundEntry | None = None
        self.fixes: Corrections | None = None
        self.table: DigitalTable | None = None
        self.odds: OddsAtTable | None = None
        self.news = News()  # what changes made elsewhere mean here
        self.seat = LiveSeat()  # who this session is at a live table
        self.link: GuestLink | None = None  # a guest of a table of phones
        self.library = Library(self.store, self.seat)  # every stored game
        self.invite = Invite(self.hub, serving, self.seat)  # phones join the game
        self.deletions = Deletions(self.hub, self.seat)  # Undo delete, false starts
        self.backups = Backups(self.hub, self.seat)  # every game to a file, back
        self.tables = TableInvite(self.seat, links)  # phones join through a broker
        self._turn = asyncio.Lock()  # this session's intents, one at a time
        self._own = False  # a synchronous intent of this session is running

    @property
    def folder_problem(self) -> str | None:
        """Why the games folder cannot be used, in this session's language."""
        problem = self.store.folder_problem
        return None if problem is None else worded(problem)

    # --- the one wrapper ----------------------------------------------------------
    async def run(self, intent: Intent) -> Result:
        """Carry out ``intent`` (plain or async), after this session's
        intents before it: its refusal becomes the notice (and the answer),
        its message the news; either way the screen re-renders."""
        async with self._turn:
            try:
                info = intent()
                if inspect.isawaitable(info):
                    info = await info
            except Refusal as exc:
                return self._refuse(exc.message)
            except SheetError as exc:
                return self._refuse(error_text(exc))
            return self._answer(info)

    def _now(self, intent: Callable[[], str | None]) -> Result:
        """:meth:`run` for an intent that never waits (opening, deleting a
        game): nothing else runs meanwhile, so what it changes is its own."""
        self._own = True
        try:
            info = intent()
        except Refusal as exc:
            return self._refuse(exc.message)
        except SheetError as exc:
            return self._refuse(error_text(exc))
        finally:
            self._own = False
        return self._answer(info)

    def _answer(self, info: str | None) -> Result:
        self._done(info)
        self.news.said_about(self.watch)
        return None

    async def act(
        self,
        intent: Callable[P, Awaitable[str | None] | str | None],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> Result:
        """Carry out one owner's intent (``await state.act(entry.add_card,
        pid, "7")``) through :meth:`run`: the owners check and change, this
        session words the refusal and re-renders."""
        return await self.run(lambda: intent(*args, **kwargs))

    def _changed_elsewhere(self) -> None:
        """Another session's change, or the server's (the open game's
        :class:`Watch` tells this session's own commits apart, and
        :meth:`_now` its own deletes)."""
        if self._own:
            return  # this session's own intent: it re-renders by itself
        watch = self.watch
        if self.notice is not None and not self.notice.error and self.news.stale(watch):
            # "Ann deals next." is about a sheet now gone; "Old invite links no
            # longer work." outlives the phones it shuts out letting go of seats
            self.notice = None
        if watch is not None and watch.game.deleted:
            self._leave()
            self.notice = None
            self.alert(Said(N_("That game was deleted on another screen.")))
        elif watch is not None:
            self.notice = self.news.hear(watch.game.note, self.notice)
        self.news.tell()

    def detach(self) -> None:
        """The screen is gone (tab closed): stop watching the game."""
        self._leave()
        if self.link is not None:
            soon(self.link.leave())

    @property
    def revision(self) -> int | None:
        """The open game's revision now (None: no game open)."""
        return None if self.watch is None else self.watch.game.revision

    def shown(self, revision: int | None = None) -> None:
        """The screen drew the open game at ``revision`` (default: as it is
        now): the revision its person's taps are checked against."""
        if self.watch is not None:
            self.watch.shown(revision)

    # --- the open game ----------------------------------------------------------------
    @property
    def game_id(self) -> str | None:
        return None if self.watch is None else self.watch.game.id

    @property
    def sheet(self) -> Sheet | None:
        return None if self.watch is None else self.watch.state.sheet

    @property
    def digital(self) -> Digital:
        return Digital() if self.watch is None else self.watch.state.digital

    def _show(self, watch: Watch) -> None:
        self._leave()
        self.watch = self.seat.watch = watch
        self.news.opened(watch)
        self.entry = RoundEntry(watch, self.seat)
        self.fixes = Corrections(watch, self.seat)
        self.table = DigitalTable(watch, self.seat, self.test_deck)
        self.odds = OddsAtTable(watch, self.seat)

    def _leave(self) -> None:
        """Stop showing the game now; its seat waits for the phone (a commit
        of the seats, made after the caller: nothing on disk)."""
        if self.watch is not None:
            release = self.seat.dropped()
            if release is not None:
                soon(self._quietly(release))
            self.watch.close()
            if self.tables.link is not None:
                soon(self.tables.stop())  # the game is no longer shared
        self.watch = self.entry = self.fixes = self.table = self.odds = None
        self.seat.watch = None

    @staticmethod
    async def _quietly(change: Awaitable[None]) -> None:
        """A bookkeeping change nobody asked for: a refusal is not news."""
        with contextlib.suppress(Refusal):
            await change

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
            self.alert(*notes)

        return self._now(intent)

    def close_game(self) -> None:
        """Back to the home screen (everything is already saved); a false
        start is not kept (:meth:`Deletions.drop_unplayed`)."""
        self.store.flush()
        info = self.deletions.drop_unplayed(self.watch)
        self._leave()
        self._done(info)

    def delete_game(self, game_id: str) -> Result:
        """Delete a game (the view asks first); ``deletions.restore`` undoes."""

        def intent() -> str | None:
            info = self.deletions.delete(game_id)
            if game_id == self.game_id:
                self._leave()
            return info

        return self._now(intent)

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
            self.deletions.fresh = self.game_id
            self.form = SetupForm()

        return self._now(intent)

    # --- the live table (LiveSeat) ------------------------------------------------
    def admit(self, access: Access) -> Result:
        """Who this session is (decided by the UI when it connects); a
        guest or a board opens its one game at once."""
        self.seat.access = access
        if not access.guest:
            return None
        return self.open_game(access.game_id)

    async def join_table(
        self, invite: Invite_, links: Links, *, board: bool = False
    ) -> Result:
        """A phone opened a phones-only invite (issue 39): it reaches the
        host's game through the broker and shows it ("Who are you?" first)."""

        async def intent() -> None:
            link = GuestLink(invite, links, self.store, board=board)
            try:
                await link.join()
            except Offline as exc:
                raise Refusal(Said(UNREACHABLE)) from exc
            self.follow_link(link)

        return await self.run(intent)

    def follow_link(self, link: GuestLink) -> None:
        """A guest phone at a table of phones with no computer: its screens
        show the host's game (a mirror) and its taps go to the host."""
        self._leave()
        self.link = link
        self.seat = link.seat  # a guest's: every owner checks it, not the host's
        for owner in (self.library, self.invite, self.deletions, self.backups):
            owner.seat = link.seat
        self.tables.seat = link.seat
        link.listeners.append(self._link_heard)
        self._link_heard()

    def _link_heard(self) -> None:
        """The mirror's first revision: the game's screens can be drawn."""
        link = self.link
        if link is None or link.game is None:
            return
        if self.watch is not None and self.watch.game is link.game:
            return
        watch = Watch(link.game, self._changed_elsewhere)
        self.watch = self.seat.watch = watch
        self.news.opened(watch)
        self.entry, self.table = owners(link, watch)
        self.fixes = Corrections(watch, self.seat)
        self.odds = OddsAtTable(watch, self.seat)

    def check_access(self) -> bool:
        """Whether a guest's invite still works; a revoked one (the host
        made a new invite, or deleted the game) locks this session out."""
        if self.seat.access.locked:
            return False
        if self.seat.admitted(self.hub.admits):
            return True
        self._leave()
        self.notice = None
        return False

    async def set_connected(self, on: bool) -> None:
        """The page's connection dropped or came back."""
        await self._quietly(self.seat.connected(on))
