"""The root component and the Flet entry point.

One :class:`AppState` per browser session (each tab is its own table), over
one :class:`GameStore` per process shared by all sessions. The state is plain
Python; the root subscribes to it and re-renders after every intent.
"""

from __future__ import annotations

import contextvars
import logging
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import flet as ft

from companion.app import AppState
from companion.app.access import Gate, Role, admit, invite_in, normal, with_token
from companion.app.actions.digital import DigitalIntents, digital_screen_of
from companion.app.actions.entry import entry_intents
from companion.app.actions.game import GameIntents, game_screen_of, guest_screen_of
from companion.app.actions.games import GamesIntents
from companion.app.actions.history import HistoryIntents
from companion.app.actions.home import HomeIntents
from companion.app.actions.import_game import ImportIntents
from companion.app.actions.invite import InviteIntents
from companion.app.actions.join import JoinIntents
from companion.app.actions.setup import SetupIntents
from companion.app.actions.share import ShareIntents, share_screen_of
from companion.app.board import board_of
from companion.app.crowd import Crowd, Presence, cap_from
from companion.app.hub import GameHub
from companion.app.published import test_deck
from companion.app.refusal import GAME_GONE
from companion.app.serving import DEFAULT_SERVING, Serving
from companion.app.views.home import home_of
from companion.app.views.mirror_board import board_screen_of
from companion.app.views.past_game import past_game_of
from companion.app.views.stats import stats_of
from companion.app.views.your_games import (
    Reminder,
    place_name,
    reminder_of,
    your_games_of,
)
from companion.i18n import LANGUAGES, _
from companion.store import GameStore

from .device import Device, use_device
from .kept import new_frame
from .language import install as install_language
from .language import use_language
from .parts.table_broker import use_table_resume
from .routes import Route, Screen, parse
from .screens.board import BoardScreen
from .screens.crowded import CrowdedScreen
from .screens.digital import DigitalScreen
from .screens.entry import EntryScreen
from .screens.game import GameScreen
from .screens.guest_game import GuestGameScreen, ThisPhone
from .screens.history import HistoryScreen
from .screens.home import HomeScreen
from .screens.import_game import ImportScreen
from .screens.invite import InviteScreen
from .screens.join import JoiningScreen, JoinScreen, LockedScreen, remember_seat
from .screens.past_game import PastGameScreen
from .screens.rules import RulesScreen
from .screens.setup import SetupScreen
from .screens.share import ShareScreen
from .screens.stats import StatsScreen
from .screens.your_games import YourGamesScreen
from .table_join import elsewhere, use_table_join
from .textscale import use_text_scale
from .theme import Look, apply_theme, use_look
from .turns import in_turn
from .wakelock import Awake, use_wakelock
from .widgets import awaited, message, use_lazy_state

MAX_WIDTH = 760.0
THEME_KEY = "flip7.theme"  # per device (the browser's storage)
CONTRAST_KEY = "flip7.contrast"  # "on" / "off", per device


def new_state(
    hub: GameHub, gate: Gate, page: ft.Page, serving: Serving = DEFAULT_SERVING
) -> AppState:
    """This session's state; who it is (host, a guest's phone, a board, or
    locked out) is decided once, from its address and the URL it opened."""
    # Test-only: the first digital round of a game deals this stacked deck
    # (the phone app's: from its build, ``companion publish --test-deck``).
    deck = os.environ.get("COMPANION_TEST_DECK") or test_deck()
    state = AppState(hub, test_deck=deck, serving=serving)
    state.admit(admit(gate, page.client_ip, page.route or "/", hub.admits))
    return state


def on_page_thread(page: ft.Page, work: Callable[[], None]) -> None:
    """Ask ``page`` to run ``work`` (its re-render) in its turn on the loop.

    Another session's commit calls this from *its* handler, whose Flet
    context names the other page; ``page.run_task`` would set that context
    to ours. A fresh context keeps both sessions' contexts as they were.
    The task starts once the committing handler yields or ends, so the
    page that saved asks for its own re-render first (issue 25, item 4)."""

    async def hop() -> None:
        await in_turn(work)  # one page at a time, its frame sent before the next

    session = getattr(page, "session", None)
    if session is None or session.connection is None:
        return  # disconnected: the page is drawn afresh when it reconnects
    try:
        contextvars.Context().run(page.run_task, hop)
    except Exception:  # a closed page: nothing left to show
        logging.getLogger(__name__).debug("page gone", exc_info=True)


class Nav:
    """Moving between screens: the URL is the screen (``routes.py``)."""

    def __init__(self, state: AppState, page: ft.Page, set_path: Callable[[str], None]):
        self.state, self.page, self.set_path = state, page, set_path

    def go(self, screen: Screen, game_id: str = "") -> None:
        self.state.dismiss()
        self.show(screen, game_id)

    def show(self, screen: Screen, game_id: str = "") -> None:
        """Move to a screen, keeping the message an intent just left (a
        guest's URL keeps its invite, so a reload comes back in)."""
        path = with_token(Route(screen, game_id).path, self.state.seat.access)
        self.set_path(path)
        self.page.run_task(self.page.push_route, path)

    def follow(self, route: Route) -> None:
        """A game screen reached by URL (reload, restart, Back) opens its game
        (a table's game is joined instead: :mod:`.table_join`)."""
        if elsewhere(self.state, route.game_id):
            return
        wanted = route.open_game and self.state.game_id != route.game_id
        if wanted and self.state.open_game(route.game_id) is not None:
            self.show("home")  # gone or unreadable: Home says why

    def open_game(self, game_id: str) -> None:
        """Open a game where it was left: the sheet, or the digital table."""
        state = self.state
        state.dismiss()  # before, not after: opening may leave alerts to show
        if state.open_game(game_id) is None:
            digital = state.digital.round or state.digital.last
            self.show("digital" if digital is not None else "game", game_id)

    def home(self) -> None:
        self.go("home")
        self.state.close_game()  # after go(), whose dismiss() would clear its message

    def new_game(self) -> None:
        self.state.new_game()
        self.go("setup")

    def new_same(self) -> None:
        self.state.new_game_same_players()
        self.go("setup")

    async def deal(self) -> None:
        """Deal a digital round, then show it (a refusal stays, said)."""
        if await DigitalIntents(self.state).deal() is None:
            self.show("digital", self.state.game_id or "")


def use_session(hub: GameHub, gate: Gate, page: ft.Page, serving: Serving) -> AppState:
    """This session's state, re-rendered after its own intents and after
    another session changed the game it shows (on this page's loop)."""
    state, _ = use_lazy_state(lambda: new_state(hub, gate, page, serving))
    _, set_tick = ft.use_state(0)

    def subscribe() -> Callable[[], None]:
        def rerender() -> None:
            set_tick(lambda t: t + 1)

        mine = state.subscribe(rerender)
        theirs = state.news.subscribe(lambda: on_page_thread(page, rerender))

        def stop() -> None:
            mine()
            theirs()
            state.detach()

        return stop

    ft.use_effect(subscribe, [])
    return state


@dataclass(frozen=True)
class ThemeChoice:
    """The person's look on this device and the two ways to change it."""

    look: Look
    toggle_dark: Callable[[], None]
    toggle_high: Callable[[], None]


def use_theme(page: ft.Page) -> ThemeChoice:
    """Light or dark, high contrast or not: remembered per device (the
    browser's storage), each in its own key."""
    look, set_look = ft.use_state(Look())

    def show(new: Look) -> None:
        use_look(page, new)
        set_look(new)

    def remembered() -> None:
        async def read() -> None:
            prefs = ft.SharedPreferences()
            try:
                dark = await prefs.get(THEME_KEY) == "dark"
                high = await prefs.get(CONTRAST_KEY) == "on"
            except (RuntimeError, TimeoutError):  # tab gone before it answered
                logging.getLogger(__name__).debug("theme not read", exc_info=True)
                return
            if dark or high:
                show(Look(dark, high))

        page.run_task(read)

    ft.use_effect(remembered, [])

    def toggle_dark() -> None:
        show(Look(not look.dark, look.high))
        page.run_task(
            ft.SharedPreferences().set, THEME_KEY, "light" if look.dark else "dark"
        )

    def toggle_high() -> None:
        show(Look(look.dark, not look.high))
        page.run_task(
            ft.SharedPreferences().set, CONTRAST_KEY, "off" if look.high else "on"
        )

    return ThemeChoice(look, toggle_dark, toggle_high)


@ft.component
def App(
    hub: GameHub,
    gate: Gate,
    serving: Serving = DEFAULT_SERVING,
    on_gone: Callable[[], None] = lambda: None,
    presence: Presence | None = None,
) -> ft.Control:
    """The app for one session; ``on_gone``: called once Flet let the
    session go (it expired), after its state let go of its game;
    ``presence``: the session as its address's count has it, told when
    its page closes and comes back (a closed page counts apart)."""
    page = ft.context.page
    language = use_language(page)  # first: every `_()` below speaks it
    ft.use_effect(lambda: tell_flutter(page, language), [language])
    theme = use_theme(page)
    scale, probe = use_text_scale(page)
    # parts of the last screen may be kept (ui/kept.py): same language, look, scale
    new_frame(f"{language} {theme.look.key} {scale}")
    state = use_session(hub, gate, page, serving)
    route_path, set_route_path = use_lazy_state(lambda: page.route or "/")
    width, set_width = use_lazy_state(lambda: float(page.width or MAX_WIDTH))
    route = parse(route_path)
    # The screen stays on while a game is open, and may sleep elsewhere.
    awake = use_wakelock(page, route.open_game and state.game_id == route.game_id)
    nav = Nav(state, page, set_route_path)
    # A round saved (or games restored, then another screen): ask the
    # browser to keep the games, once (the phone app).
    rounds = len(state.sheet.rounds) if state.sheet is not None else -1
    device = use_device(page, state, f"{route_path} {rounds}")
    # Once drawn (an effect, after the render: a render changes nothing),
    # the revision drawn is what this screen's person has seen.
    drawn = state.revision
    ft.use_effect(lambda: state.shown(drawn))

    ft.use_effect(
        lambda: watch_page(page, state, set_width, set_route_path, on_gone, presence),
        [],
    )
    ft.use_effect(lambda: follow(nav, hub, gate, route_path), [route_path])
    use_table_join(page, state, route_path)
    use_table_resume(page, state.tables.resume, state.game_id)
    ft.use_effect(
        lambda: remember_seat(page, JoinIntents(state)),
        [state.game_id, state.seat.mine],
    )
    body = body_for(state, route, nav, theme, awake, device)
    # Phone first; on a wide screen the column stays readable in the middle.
    return ft.SafeArea(
        expand=True,
        content=ft.Row(
            [probe, ft.Container(width=page_width(state, route, width), content=body)],
            alignment=ft.MainAxisAlignment.CENTER,
            vertical_alignment=ft.CrossAxisAlignment.STRETCH,
            spacing=0,  # the probe takes no room
        ),
    )


def body_for(
    state: AppState,
    route: Route,
    nav: Nav,
    theme: ThemeChoice,
    awake: Awake,
    device: Device,
) -> ft.Control:
    """Who this session is decides its screens: locked, a guest of a table
    of phones, a served guest, or the host."""
    if not state.check_access():
        return LockedScreen(state.seat.access.reason)
    if state.link is not None:
        return table_screen(
            state, guest_screen_for(state, route, nav, this_phone(theme))
        )
    if state.seat.access.guest:
        return guest_screen_for(state, route, nav, this_phone(theme))
    return screen_for(state, route, nav, theme, awake, device)


def table_screen(state: AppState, body: ft.Control) -> ft.Control:
    """A guest of a table of phones: what its link says above the screen
    ("Waiting for Ann's phone…"); before the host's game arrives, only that."""
    link = state.link
    words = None if link is None else link.words
    if state.watch is None:
        notice = state.notice
        return JoiningScreen(words or "", notice.text if notice else "")
    if words is None:
        return body
    return ft.Column(
        [
            ft.Container(padding=8, content=message(words)),
            ft.Container(body, expand=True),
        ],
        expand=True,
        spacing=0,
    )


def this_phone(theme: ThemeChoice) -> ThisPhone:
    """What a guest's phone may change of its own look."""
    return ThisPhone(
        theme.look.dark, theme.toggle_dark, theme.look.high, theme.toggle_high
    )


def follow(nav: Nav, hub: GameHub, gate: Gate, path: str) -> None:
    """The screen a new URL names (a reload, Back, a link opened in this
    tab). A locked tab that opens a join link (the invite scanned at last,
    or the host's new one) is let in: the link is what admits a phone."""
    state, page = nav.state, nav.page
    if state.seat.access.locked and invite_in(path) is not None:
        access = admit(gate, page.client_ip, path, hub.admits)
        if not access.locked:  # a refused link changes nothing: still locked
            state.admit(access)
    nav.follow(parse(path))


def watch_page(
    page: ft.Page,
    state: AppState,
    set_width: Callable[[float], None],
    set_route_path: Callable[[str], None],
    on_gone: Callable[[], None],
    presence: Presence | None = None,
) -> None:
    """The page's own events, set once per session."""
    page.on_resize = lambda e: set_width(float(e.width))
    page.on_route_change = lambda e: set_route_path(e.route)
    # A reload shows the screen afresh: an old refusal must not greet the
    # person again. (Flet also reconnects around a download, so news such
    # as "Share code copied." stays.)
    page.on_connect = awaited(partial(connected, state, True, presence))
    page.on_disconnect = awaited(partial(connected, state, False, presence))
    # An expired session (Flet keeps a closed tab a while) lets go of its
    # game, so a game nobody shows is dropped from memory.
    page.on_close = lambda _: gone(state, on_gone)


def gone(state: AppState, on_gone: Callable[[], None]) -> None:
    """The session expired: its game is let go, then the server's count."""
    try:
        state.detach()
    finally:
        on_gone()


def tell_flutter(page: ft.Page, language: str) -> None:
    """Flutter's own words and formats (text fields' menus, semantics, any
    date) in the page's language: the page's locale follows the session's."""
    page.locale_configuration = ft.LocaleConfiguration(
        supported_locales=[ft.Locale(code) for code in LANGUAGES],
        current_locale=ft.Locale(language),
    )


def page_width(state: AppState, route: Route, width: float) -> float:
    """Phone first: a readable column; a board (a TV) fills the screen."""
    if route.screen == "board" or state.seat.access.role is Role.BOARD:
        return width
    return min(width, MAX_WIDTH)


async def connected(
    state: AppState, on: bool, presence: Presence | None = None
) -> None:
    """A reload shows the screen afresh: an old refusal must not greet the
    person again; a phone's seat shows it dropped out, or is back; its
    address's count has it as live, or closed (issue 37)."""
    if presence is not None and on:
        presence.back()
    elif presence is not None:
        presence.away()
    if on:
        state.dismiss_refusal()
        state.notify()  # changes made while it was away were not drawn
    await state.set_connected(on)


def guest_screen_for(
    state: AppState, route: Route, nav: Nav, phone: ThisPhone
) -> ft.Control:
    """A phone invited to one game: its seat picker, its sheet, its round,
    the digital table; anything else leads back to its sheet."""
    gid = state.seat.access.game_id
    if state.game_id != gid:
        return LockedScreen(_(GAME_GONE))
    screen = route.screen if route.game_id == gid else "game"
    if state.seat.access.role is Role.BOARD or screen == "board":
        return BoardScreen(board_screen_of(state))  # read-only, no way out
    seated = state.seat.mine is not None or state.seat.watching
    if screen == "join" or not seated:
        return JoinScreen(JoinIntents(state), on_seated=lambda: nav.go("game", gid))
    if screen in GUEST:
        return GUEST[screen](state, gid, nav)
    return GuestGameScreen(
        guest_screen_of(state),
        on_enter=lambda: nav.go("entry", gid),
        on_table=lambda: nav.go("digital", gid),
        on_seat=lambda: nav.go("join", gid),
        phone=phone,
    )


def screen_for(
    state: AppState,
    route: Route,
    nav: Nav,
    theme: ThemeChoice,
    awake: Awake,
    device: Device,
) -> ft.Control:
    """The screen the route names (Home when its game is not open)."""
    screen, gid = route.screen, route.game_id
    if route.open_game and state.game_id != gid:
        screen = "home"  # Nav.follow is opening it; if it could not, Home says why
    in_game = state.sheet is not None
    if screen in ("share", "past-share"):
        back: Screen = "past" if screen == "past-share" else "game"
        return ShareScreen(
            share_screen_of(state, gid if screen == "past-share" else None),
            ShareIntents(state),
            on_back=lambda: nav.go(back, gid),
        )
    if screen in LIBRARY:
        return LIBRARY[screen](state, gid, nav)
    if screen == "your-games":
        return YourGamesScreen(
            your_games_of(state, device.space),
            GamesIntents(state),
            on_back=lambda: nav.go("home"),
            on_looked=device.refresh,
        )
    if screen == "rules":  # opened from Home: Back is Home, game open or not
        return RulesScreen(on_back=lambda: nav.go("home"))
    if screen == "setup":
        return SetupScreen(
            SetupIntents(state),
            on_back=lambda: nav.go("home"),
            on_started=lambda: nav.go("game", state.game_id or ""),
            on_deal=nav.deal,
        )
    if in_game and screen == "invite":
        return InviteScreen(
            InviteIntents(state), awake, on_back=lambda: nav.go("game", gid)
        )
    if in_game and screen in GAME:
        return GAME[screen](state, gid, nav)
    return _home(state, nav, theme, device)


def _home(state: AppState, nav: Nav, theme: ThemeChoice, device: Device) -> ft.Control:
    return HomeScreen(
        home_of(state),
        HomeIntents(state),
        on_new=nav.new_game,
        open_game=nav.open_game,
        on_rules=lambda: nav.go("rules"),
        on_history=lambda: nav.go("history"),
        on_import=lambda: nav.go("import"),
        on_theme=theme.toggle_dark,
        dark=theme.look.dark,
        on_contrast=theme.toggle_high,
        high=theme.look.high,
        games_place=(
            place_name(device.space is not None),
            lambda: nav.go("your-games"),
        ),
        reminder=_reminder(state, device),
        not_now=device.dismiss,
    )


def _reminder(state: AppState, device: Device) -> Reminder | None:
    """Home's reminder to back up, unless the person put this one away."""
    reminder = reminder_of(state, device.space)
    return None if reminder is None or reminder.key == device.dismissed else reminder


Build = Callable[[AppState, str, Nav], ft.Control]

LIBRARY: dict[str, Build] = {
    "import": lambda state, gid, nav: ImportScreen(
        ImportIntents(state),
        on_back=lambda: nav.go("home"),
        on_history=lambda: nav.go("history"),
        on_open=lambda g: nav.go("past", g),
    ),
    "history": lambda state, gid, nav: HistoryScreen(
        HistoryIntents(state),
        on_back=lambda: nav.go("home"),
        on_open=lambda g: nav.go("past", g),
        on_stats=lambda: nav.go("stats"),
        on_import=lambda: nav.go("import"),
    ),
    "past": lambda state, gid, nav: PastGameScreen(
        past_game_of(state, gid),
        on_back=lambda: nav.go("history"),
        on_share=lambda g: nav.go("past-share", g),
        on_play=nav.open_game,
    ),
    "stats": lambda state, gid, nav: StatsScreen(
        stats_of(state), on_back=lambda: nav.go("history")
    ),
}

GAME: dict[str, Build] = {
    "entry": lambda state, gid, nav: EntryScreen(
        entry_intents(state),
        on_done=lambda: nav.go("game", gid),
        # after a save, keep its message ("Round 1 fixed. Bob deals next.")
        on_saved=lambda: nav.show("game", gid),
    ),
    "digital": lambda state, gid, nav: DigitalScreen(
        digital_screen_of(state),
        DigitalIntents(state),
        on_sheet=lambda: nav.go("game", gid),
    ),
    "board": lambda state, gid, nav: BoardScreen(
        board_of(state), on_back=lambda: nav.go("game", gid)
    ),
    "game": lambda state, gid, nav: GameScreen(
        game_screen_of(state),
        GameIntents(state),
        on_home=nav.home,
        on_enter=lambda: nav.go("entry", gid),
        on_new_same=nav.new_same,
        on_deal=nav.deal,
        on_table=lambda: nav.go("digital", gid),
        on_share=lambda: nav.go("share", gid),
        on_invite=lambda: nav.go("invite", gid),
    ),
}


GUEST: dict[str, Build] = {  # a guest's other screens ("game": guest_screen_for)
    "entry": GAME["entry"],
    "digital": GAME["digital"],
    "share": lambda state, gid, nav: ShareScreen(
        share_screen_of(state, None),
        ShareIntents(state),
        on_back=lambda: nav.go("game", gid),
    ),
}


def make_main(
    data_dir: Path,
    serving: Serving = DEFAULT_SERVING,
    *,
    gate: Gate | None = None,
    language: str | None = None,
    crowd: Crowd | None = None,
    warnings: Sequence[str] = (),
    expired: Callable[[], None] = lambda: None,
) -> Callable[[ft.Page], None]:
    """The per-session entry point Flet calls for every browser tab;
    ``serving``: where the server listens (the Invite's links); ``gate``:
    who is the host when the server is reachable from the LAN;
    ``language``: the default for a device that has not chosen one;
    ``crowd``: the sessions each other address holds, and the cap;
    ``warnings``: problems found before the store opened (the phone app's
    damaged records), shown with the store's own; ``expired``: told each
    time a session is let go (the server's sweep of memory, ``server/``)."""
    install_language(language)
    hub = GameHub(GameStore(data_dir))  # one per process: every tab shares it
    hub.store.warnings.extend(warnings)
    gate = gate or Gate()
    crowd = crowd or Crowd(cap_from(os.environ))

    def main(page: ft.Page) -> None:
        apply_theme(page)
        address = normal(page.client_ip or "")
        if gate.trusts(address):
            page.render(App, hub, gate, serving, expired)
        elif (presence := crowd.presence(address, expired)) is not None:
            page.render(App, hub, gate, serving, presence, presence)
        else:  # drawn once; nothing of the app behind it
            page.on_close = lambda _: expired()
            page.render(CrowdedScreen, crowd.cap)

    return main
