"""The open game's Players panel: rename (a field, Save), add a late player,
remove a player (asks first). The answer to each shows under the row it is
about, where the eye is.

Its loose texts and each field are nodes of their own: Flutter web folded the
heading and every name into the late player's field, whose node then covered
the panel (a tap at its centre renamed a player: issue 37 bug 5)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.app import AppState, next_strategy, seat_kind
from companion.i18n import _
from companion.rules import Player
from companion.ui.guard import screen
from companion.ui.widgets import (
    TextInput,
    awaiting,
    bind,
    flat,
    message,
    own_node,
    primary,
    secondary,
    section,
    use_text_input,
)


def notice(state: AppState) -> list[ft.Control]:
    n = state.notice
    return [] if n is None else [message(n.text, error=n.error)]


@screen
def PlayersPanel(state: AppState, on_close: Callable[[], None]) -> ft.Control:
    new_name = use_text_input()
    new_label = use_text_input()
    renaming, set_renaming = ft.use_state("")
    removing, set_removing = ft.use_state("")
    # Where the answer to the last action shows: under that player's row (or
    # where it was), "late" under the late player's buttons.
    spot, set_spot = ft.use_state("")
    sheet, fixes = state.sheet, state.fixes
    if sheet is None or fixes is None:
        return ft.Container()  # the game was closed: the sheet goes too

    async def add(at_lowest: bool) -> None:
        set_spot("late")
        name = new_name.text
        if await state.act(fixes.add_player, name, at_lowest=at_lowest) is None:
            new_name.reset()

    async def rename() -> None:
        set_spot(renaming)
        if await state.act(fixes.rename_player, renaming, new_label.text) is None:
            set_renaming("")
            new_label.reset()

    def start_rename(pid: str) -> None:
        new_label.reset(sheet.player(pid).name)  # the name to change, not a blank
        set_removing("")
        set_renaming(pid)

    def start_remove(pid: str) -> None:
        set_renaming(""), set_removing(pid)

    async def remove(pid: str) -> None:
        set_removing("")
        set_spot(pid)
        await state.act(fixes.remove_player, pid)

    controls: list[ft.Control] = [own_node(section(_("Players")))]
    for p in sheet.players:
        if not p.seated:
            pass
        elif renaming == p.id:
            controls.append(_rename_row(p, new_label, rename, set_renaming))
        elif removing == p.id:
            controls.append(_remove_row(p, remove, set_removing))
        else:
            controls.append(_seat_row(state, p, start_rename, start_remove))
        controls += notice(state) if spot == p.id else []
    placed = any(p.id == spot for p in sheet.players)
    controls += _late_player(new_name, add)
    controls += [
        *([] if placed else notice(state)),
        flat(_("Done with players"), on_close, ft.Icons.CHECK),
    ]
    return ft.Container(
        padding=12,
        border_radius=8,
        border=ft.Border.all(1, ft.Colors.OUTLINE),
        content=ft.Column(controls, spacing=6),
    )


def _rename_row(
    p: Player,
    new_label: TextInput,
    rename: Callable[[], object],
    set_renaming: Callable[[str], None],
) -> ft.Control:
    return ft.Column(
        [
            own_node(
                ft.TextField(
                    key=new_label.key(p.id),
                    # what was typed survives the refusal's re-render
                    value=new_label.text,
                    label=_("New name for {name}").format(name=p.name),
                    max_length=30,
                    autofocus=True,
                    on_change=new_label.change,
                    on_submit=awaiting(lambda _e: rename()),
                )
            ),
            ft.Row(
                [
                    primary(_("Save name"), rename, ft.Icons.CHECK),
                    flat(_("Cancel"), bind(set_renaming, "")),
                ],
                wrap=True,
            ),
        ],
        spacing=4,
    )


def _remove_row(
    p: Player, remove: Callable[[str], object], set_removing: Callable[[str], None]
) -> ft.Control:
    return ft.Column(
        [
            own_node(
                ft.Text(
                    _(
                        "Remove {name} from the table? Their past rounds "
                        "stay on the sheet; they play no more rounds."
                    ).format(name=p.name)
                )
            ),
            ft.Row(
                [
                    primary(
                        _("Yes, remove {name}").format(name=p.name), bind(remove, p.id)
                    ),
                    flat(_("Keep {name}").format(name=p.name), bind(set_removing, "")),
                ],
                wrap=True,
            ),
        ],
        spacing=4,
    )


def _seat_row(
    state: AppState,
    p: Player,
    start_rename: Callable[[str], None],
    start_remove: Callable[[str], None],
) -> ft.Control:
    bot = state.digital.bots.get(p.id)
    table = state.table
    kind: list[ft.Control] = []
    if table is not None:
        kind.append(
            flat(
                seat_kind(bot),
                bind(state.act, table.set_bot, p.id, next_strategy(bot)),
                ft.Icons.SMART_TOY if bot else ft.Icons.PERSON,
            )
        )
    return ft.Column(
        [
            own_node(ft.Text(p.name, size=18, weight=ft.FontWeight.BOLD)),
            ft.Row(
                [
                    *kind,
                    flat(
                        _("Rename {name}").format(name=p.name), bind(start_rename, p.id)
                    ),
                    flat(
                        _("Remove {name}").format(name=p.name), bind(start_remove, p.id)
                    ),
                ],
                wrap=True,
                spacing=0,
            ),
        ],
        spacing=0,
    )


def _late_player(
    new_name: TextInput, add: Callable[[bool], object]
) -> list[ft.Control]:
    return [
        own_node(
            ft.TextField(
                key=new_name.key("late"),
                label=_("Late player's name"),
                max_length=30,
                on_change=new_name.change,
            )
        ),
        ft.Row(
            [
                secondary(_("Add, starting at 0"), lambda: add(False)),
                secondary(_("Add, starting at lowest total"), lambda: add(True)),
            ],
            wrap=True,
        ),
    ]
