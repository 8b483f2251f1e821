"""Home: start a new game, continue the unfinished one, open a past game,
read the rules, look after the games (back up, restore). Deleting a game
asks first and can be undone; the reminder to back up is put away with
"Not now"."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.app.actions.home import HomeIntents
from companion.app.views.games import GameLine
from companion.app.views.home import HomeView, Offer
from companion.app.views.your_games import Reminder
from companion.i18n import _
from companion.ui.guard import screen
from companion.ui.language import language_picker
from companion.ui.parts.backup import back_up_button
from companion.ui.parts.game_tile import game_tile
from companion.ui.parts.wide_table import fitting_size, room
from companion.ui.theme import FALLBACKS, FONT, TITLE_SIZE
from companion.ui.theme_choice import theme_controls
from companion.ui.widgets import (
    bind,
    flat,
    icon_action,
    message,
    primary,
    secondary,
    section,
)


def _game_tile(
    game: GameLine,
    open_game: Callable[[str], None],
    ask_delete: Callable[[str], None],
) -> ft.Control:
    return game_tile(
        game.heading,
        game.status,  # the game's own day, imported or not
        [
            flat(_("Open"), lambda: open_game(game.id)),
            icon_action(
                ft.Icons.DELETE_OUTLINE,
                _("Delete game {names}").format(names=game.names),
                lambda: ask_delete(game.id),
            ),
        ],
    )


@screen
def HomeScreen(
    view: HomeView,
    intents: HomeIntents,
    on_new: Callable[[], None],
    open_game: Callable[[str], None],
    on_rules: Callable[[], None],
    on_history: Callable[[], None] | None = None,
    on_import: Callable[[], None] | None = None,
    on_theme: Callable[[], None] | None = None,
    dark: bool = False,
    on_contrast: Callable[[], None] | None = None,
    high: bool = False,
    games_place: tuple[str, Callable[[], None]] | None = None,
    reminder: Reminder | None = None,
    not_now: Callable[[str], None] = lambda key: None,
) -> ft.Control:
    """``games_place``: "Your games on this phone" and how to get there;
    ``reminder``: to back up (``not_now`` puts it away by its key)."""
    confirm, set_confirm = ft.use_state("")
    tiles = [_game_tile(g, open_game, set_confirm) for g in view.games]
    title = _("Flip 7 Companion")
    controls: list[ft.Control] = [
        ft.Row(
            [
                ft.Image(
                    src="icon.png", width=56, height=56, exclude_from_semantics=True
                ),
                ft.Text(
                    title,
                    size=fitting_size(title, TITLE_SIZE - 6, room() - 72, bold=True),
                    weight=ft.FontWeight.BOLD,
                    expand=True,
                ),
            ]
        ),
        primary(_("New game"), on_new, ft.Icons.ADD),
    ]
    if view.offer is not None:
        controls.append(_continue(view.offer, open_game))
    controls.append(secondary(_("Rules"), on_rules, ft.Icons.MENU_BOOK))
    controls += theme_controls(dark, on_theme, high, on_contrast)
    controls += _more(on_history, on_import, games_place)
    controls.append(language_picker())
    # A data folder the app cannot write (shown for as long as it holds),
    # files the store had to move aside, and the answer to the last intent.
    controls += [message(alert, error=True) for alert in view.alerts]
    if view.notice is not None:
        controls.append(message(view.notice.text, error=view.notice.error))
    if reminder is not None:
        controls.append(_remind(intents, reminder, not_now))
    if view.can_restore:
        undo = bind(intents.undo_delete)
        controls.append(flat(_("Undo delete"), undo, ft.Icons.UNDO))
    doomed = view.game(confirm) if confirm else None
    if doomed is not None:
        controls.append(_ask_delete(intents, doomed, set_confirm))
    controls.append(section(view.heading))
    controls += tiles
    return ft.ListView(controls=controls, padding=16, spacing=10, expand=True)


def _continue(offer: Offer, open_game: Callable[[str], None]) -> ft.Control:
    """The round first, the names on their own line: 13 names cut the names
    (ellipsis), never the round."""
    return ft.Column(
        [
            secondary(
                offer.label,
                lambda: open_game(offer.game_id),
                ft.Icons.PLAY_ARROW,
            ),
            ft.Container(
                padding=ft.Padding.only(left=16),
                # Cut by the view, not by Flutter: its ellipsis drew the
                # names without the bundled CJK/emoji fallback fonts (the
                # page asked a CDN path for them: 404).
                content=ft.Text(
                    offer.names,
                    # Named fonts: a plain Text drawn while the theme first
                    # applies has no fallback fonts yet.
                    style=ft.TextStyle(
                        size=13,
                        font_family=FONT,
                        font_family_fallback=list(FALLBACKS),
                    ),
                ),
            ),
        ],
        spacing=2,
    )


def _more(
    on_history: Callable[[], None] | None,
    on_import: Callable[[], None] | None,
    games_place: tuple[str, Callable[[], None]] | None,
) -> list[ft.Control]:
    """History and Import side by side; under them, Your games."""
    more = []
    if on_history is not None:
        more.append(secondary(_("History"), on_history, ft.Icons.HISTORY, expand=True))
    if on_import is not None:
        more.append(
            secondary(_("Import a game"), on_import, ft.Icons.DOWNLOAD, expand=True)
        )
    rows: list[ft.Control] = [ft.Row(more)] if more else []
    if games_place is not None:
        label, go = games_place
        rows.append(secondary(label, go, ft.Icons.STORAGE))
    return rows


def _remind(
    intents: HomeIntents, reminder: Reminder, not_now: Callable[[str], None]
) -> ft.Control:
    """A calm word, once: "Back up now", or "Not now" until another day."""
    return ft.Container(
        padding=12,
        border_radius=8,
        border=ft.Border.all(1, ft.Colors.OUTLINE),
        content=ft.Column(
            [
                ft.Text(reminder.text),
                ft.Row(
                    [
                        back_up_button(intents, _("Back up now")),
                        flat(_("Not now"), lambda: not_now(reminder.key)),
                    ],
                    wrap=True,
                ),
            ]
        ),
    )


def _ask_delete(
    intents: HomeIntents, doomed: GameLine, set_confirm: Callable[[str], None]
) -> ft.Control:
    """Delete asks first (and Undo delete brings the game back)."""

    async def delete() -> None:
        set_confirm("")
        await intents.delete_game(doomed.id)

    return ft.Container(
        padding=12,
        border_radius=8,
        border=ft.Border.all(1, ft.Colors.OUTLINE),
        content=ft.Column(
            [
                ft.Text(_("Delete the game of {names}?").format(names=doomed.names)),
                ft.Row(
                    [
                        primary(_("Delete"), delete),
                        flat(_("Keep"), lambda: set_confirm("")),
                    ]
                ),
            ]
        ),
    )
