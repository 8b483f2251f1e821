"""The root component and the Flet entry point.

One :class:`AppState` per browser session (each tab is its own table), over
one :class:`GameStore` per process shared by all sessions. The state is plain
Python; the root subscribes to it and re-renders after every intent.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import flet as ft

from companion.store import GameStore

from .routes import Route, Screen, parse
from .screens.digital import DigitalScreen
from .screens.entry import EntryScreen
from .screens.game import GameScreen
from .screens.history import HistoryScreen
from .screens.home import HomeScreen
from .screens.import_game import ImportScreen
from .screens.past_game import PastGameScreen
from .screens.rules import RulesScreen
from .screens.setup import SetupScreen
from .screens.share import ShareScreen
from .screens.stats import StatsScreen
from .state import AppState
from .theme import apply_theme

MAX_WIDTH = 760.0
THEME_KEY = "flip7.theme"  # per device (the browser's storage)


def new_state(store: GameStore) -> AppState:
    state = AppState(store)
    # Test-only: the first digital round of a game deals this stacked deck.
    state.test_deck = os.environ.get("COMPANION_TEST_DECK") or None
    return state


@ft.component
def App(store: GameStore) -> ft.Control:
    state, _ = ft.use_state(lambda: new_state(store))
    _, set_tick = ft.use_state(0)
    page = ft.context.page
    route_path, set_route_path = ft.use_state(lambda: page.route or "/")
    width, set_width = ft.use_state(lambda: float(page.width or MAX_WIDTH))
    dark, set_dark = ft.use_state(False)
    route = parse(route_path)

    def subscribe() -> Callable[[], None]:
        return state.subscribe(lambda: set_tick(lambda t: t + 1))

    ft.use_effect(subscribe, [])

    def watch_page() -> None:
        page.on_resize = lambda e: set_width(float(e.width))
        page.on_route_change = lambda e: set_route_path(e.route)
        # A reload shows the screen afresh: an old refusal must not greet the
        # person again. (Flet also reconnects around a download, so news such
        # as "Share code copied." stays.)
        page.on_connect = lambda _: state.dismiss_refusal()

    ft.use_effect(watch_page, [])

    def follow_route() -> None:
        """A game screen reached by URL (reload, restart, Back) opens its game."""
        wanted = route.open_game and state.game_id != route.game_id
        if wanted and state.open_game(route.game_id) is not None:
            show("home")  # gone or unreadable: Home says why

    ft.use_effect(follow_route, [route_path])

    def use_dark(on: bool) -> None:
        page.theme_mode = ft.ThemeMode.DARK if on else ft.ThemeMode.LIGHT
        set_dark(on)

    def remembered_theme() -> None:
        """This device's theme, as chosen last time."""

        async def read() -> None:
            if await ft.SharedPreferences().get(THEME_KEY) == "dark":
                use_dark(True)

        page.run_task(read)

    ft.use_effect(remembered_theme, [])

    def toggle_theme() -> None:
        use_dark(not dark)
        page.run_task(
            ft.SharedPreferences().set, THEME_KEY, "light" if dark else "dark"
        )

    def go(screen: Screen, game_id: str = "") -> None:
        state.dismiss()
        show(screen, game_id)

    def show(screen: Screen, game_id: str = "") -> None:
        """Move to a screen, keeping the message an intent just left."""
        path = Route(screen, game_id).path
        set_route_path(path)
        page.run_task(page.push_route, path)

    game = state.game_id or ""

    def open_game(game_id: str) -> None:
        """Open a game where it was left: the sheet, or the digital table."""
        state.dismiss()  # before, not after: opening may leave alerts to show
        if state.open_game(game_id) is None:
            digital = state.digital.round or state.digital.last
            show("digital" if digital is not None else "game", game_id)

    def home() -> None:
        go("home")
        state.close_game()  # after go(), whose dismiss() would clear its message

    def new_game() -> None:
        state.new_game()
        go("setup")

    def new_same() -> None:
        state.new_game_same_players()
        go("setup")

    def deal() -> None:
        if state.start_digital_round() is None:
            show("digital", state.game_id or "")

    screen, gid = route.screen, route.game_id
    if route.open_game and state.game_id != gid:
        # follow_route is opening it; if it could not, Home says why.
        screen = "home"
    if screen == "share" or screen == "past-share":
        body = ShareScreen(
            state,
            gid if screen == "past-share" else None,
            on_back=lambda: go("past" if screen == "past-share" else "game", gid),
        )
    elif screen == "import":
        body = ImportScreen(
            state,
            on_back=lambda: go("home"),
            on_history=lambda: go("history"),
            on_open=lambda g: go("past", g),
        )
    elif screen == "history":
        body = HistoryScreen(
            state,
            on_back=lambda: go("home"),
            on_open=lambda g: go("past", g),
            on_stats=lambda: go("stats"),
            on_import=lambda: go("import"),
        )
    elif screen == "past":
        body = PastGameScreen(
            state,
            gid,
            on_back=lambda: go("history"),
            on_share=lambda g: go("past-share", g),
            on_play=open_game,
        )
    elif screen == "stats":
        body = StatsScreen(state.stats(), on_back=lambda: go("history"))
    elif screen == "rules":
        body = RulesScreen(
            on_back=lambda: go("home" if state.sheet is None else "game", game)
        )
    elif screen == "setup":
        body = SetupScreen(
            state,
            on_back=lambda: go("home"),
            on_started=lambda: go("game", state.game_id or ""),
            on_deal=deal,
        )
    elif screen == "entry" and state.sheet is not None:
        body = EntryScreen(
            state,
            on_done=lambda: go("game", gid),
            # after a save, keep its message ("Round 1 fixed. Bob deals next.")
            on_saved=lambda: show("game", gid),
        )
    elif screen == "digital" and state.sheet is not None:
        body = DigitalScreen(state, on_sheet=lambda: go("game", gid))
    elif screen in ("game", "entry", "digital") and state.sheet is not None:
        body = GameScreen(
            state,
            on_home=home,
            on_enter=lambda: go("entry", gid),
            on_new_same=new_same,
            on_deal=deal,
            on_table=lambda: go("digital", gid),
            on_share=lambda: go("share", gid),
        )
    else:
        body = HomeScreen(
            state,
            on_new=new_game,
            open_game=open_game,
            on_rules=lambda: go("rules"),
            on_history=lambda: go("history"),
            on_import=lambda: go("import"),
            on_theme=toggle_theme,
            dark=dark,
        )
    # Phone first; on a wide screen the column stays readable in the middle.
    return ft.SafeArea(
        expand=True,
        content=ft.Row(
            [ft.Container(width=min(width, MAX_WIDTH), content=body)],
            alignment=ft.MainAxisAlignment.CENTER,
            vertical_alignment=ft.CrossAxisAlignment.STRETCH,
        ),
    )


def make_main(data_dir: Path) -> Callable[[ft.Page], None]:
    """The per-session entry point Flet calls for every browser tab."""
    store = GameStore(data_dir)

    def main(page: ft.Page) -> None:
        apply_theme(page)
        page.render(App, store)

    return main
