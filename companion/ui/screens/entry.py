"""Round entry: pick a player, tap their cards on the keypad, see the score
chain live; busted switch, typed score for swept-up cards, Brutal ±15 choice.
Problems show beside the player they concern; saving waits until none is
left. Every tap is saved at once, so a restart resumes mid-entry.

Draws an :class:`~companion.app.views.entry.EntryView` and calls the round
entry's intents (:class:`Taps`) through the session's one wrapper."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import flet as ft

from companion.app import AppState
from companion.app.views.entry import Chip, EntryView, entry_of
from companion.i18n import _, names_list, signed
from companion.ui.guard import screen
from companion.ui.kept import kept
from companion.ui.parts.chosen_line import Taps, chosen_line
from companion.ui.parts.keypad import CardTo, keypad
from companion.ui.parts.table_odds import odds_switch
from companion.ui.theme import ACCENT, DANGER, ON_ACCENT
from companion.ui.widgets import (
    TextInput,
    awaiting,
    bind,
    flat,
    header,
    message,
    near_buttons,
    primary,
    secondary,
    use_text_input,
)


def _player_chip(
    name: str, score: int, selected: bool, trouble: bool, on_click: Callable[[], object]
) -> ft.Control:
    colour = DANGER if trouble else ACCENT
    # The score in bold, so "Computer 1 0" does not read "Computer 10"
    # (issue 37); the button's name stays the plain text, "Computer 1 0".
    words = ft.Text(
        spans=[
            ft.TextSpan(f"{name} "),
            ft.TextSpan(signed(score), ft.TextStyle(weight=ft.FontWeight.W_900)),
        ],
        semantics_label=f"{name} {signed(score)}",  # one string, as read aloud
    )
    button = ft.Button(
        content=words,
        icon=ft.Icons.WARNING_AMBER if trouble else None,  # not colour alone
        height=44,
        bgcolor=colour if selected else None,
        color=ON_ACCENT if selected else (DANGER if trouble else None),
        on_click=awaiting(lambda: on_click()),
    )
    return ft.Semantics(selected=selected, container=True, content=button)


@screen
def EntryScreen(
    state: AppState, on_done: Callable[[], None], on_saved: Callable[[], None]
) -> ft.Control:
    chosen, set_chosen = ft.use_state("")
    typed_input = use_text_input()
    sheet = state.sheet
    rounds = -1 if sheet is None else len(sheet.rounds)
    saving_here, leaving = use_back_when_saved(state, rounds, on_saved)

    # one function for every render: the chips are kept (companion.ui.kept)
    choose = ft.use_callback(_chooser(set_chosen, typed_input), [])
    if leaving:
        return ft.Container()  # the sheet follows at once (use_back_when_saved)
    view = entry_of(state, chosen)
    entry, fixes, odds = state.entry, state.fixes, state.odds
    if view is None or entry is None or fixes is None or odds is None:
        return ft.Text(_("No round is being entered."))
    taps = Taps(state, entry, fixes, odds)

    async def save() -> None:
        saving_here()
        if await state.act(entry.save) is None:
            on_saved()

    async def cancel() -> None:
        if view.editing:
            await state.act(fixes.cancel_edit)
        on_done()

    title = _("Round {n} (tie-break)") if view.tie_break else _("Round {n}")
    return ft.Column(
        [
            header(title.format(n=view.number), cancel),
            ft.ListView(
                padding=12,
                spacing=10,
                expand=True,
                controls=[
                    _dealt(view.dealer),
                    *odds_switch(view.odds_switch, taps.odds_on),
                    *_chips_and_line(
                        _chips(view.chips, choose),
                        _phones(view),
                        chosen_line(view.line, typed_input, taps),
                        view.many,
                    ),
                    *_footer(state, view, cancel),
                ],
            ),
            _keys_and_save(state, view, taps, save),
        ],
        expand=True,
        spacing=0,
    )


def _chooser(
    set_chosen: Callable[[str], None], typed_input: TextInput
) -> Callable[[str], None]:
    """Pick a player's line; a typed score half written was for the last one."""

    def choose(pid: str) -> None:
        set_chosen(pid)
        typed_input.reset()

    return choose


def _chips_and_line(
    chips: ft.Control, phones: list[ft.Control], chosen: ft.Control, many: bool
) -> list[ft.Control]:
    """The chosen player's line under the chips; with many players (36
    chips are several screens of rows) above them, so the cards being
    tapped stay in sight above the keypad."""
    if many:
        return [chosen, chips, *phones]
    return [chips, *phones, chosen]


def use_back_when_saved(
    state: AppState, rounds: int, on_saved: Callable[[], None]
) -> tuple[Callable[[], None], bool]:
    """Every screen tapping in a round goes back to the sheet when the round
    is saved (here, by the host or by the last player's phone), to see the
    new totals; saved on another screen, the sheet says so. ``rounds``: the
    rounds on the sheet now (-1: no game). Returns what this screen's own
    Save calls first (its notice is "Bob deals next."), and whether the
    round is saved (the screen is on its way out: at a table of nine pages,
    building the entry once more for each page cost the server a whole
    render per page before the sheet)."""
    started = ft.use_state(rounds)[0]
    here = ft.use_ref(False)

    def follow() -> None:
        if rounds == started:
            return
        if not here.current:
            text = _("Round {n} was saved on another screen: here are the totals.")
            state.tell(text.format(n=started + 1))
        on_saved()

    def saving_here() -> None:
        here.current = True

    ft.use_effect(follow, [rounds])
    return saving_here, rounds != started


def _dealt(dealer: str) -> ft.Control:
    text = _("{name} dealt · tap a player, then their cards").format(name=dealer)
    return ft.Text(text, size=13)


def _chips(chips: tuple[Chip, ...], choose: Callable[[str], None]) -> ft.Control:
    """One button a player, the chosen one filled, red where a problem is;
    each kept until it changes."""
    return ft.Row(
        [_chip(c, choose) for c in chips],
        wrap=True,
        spacing=6,
        run_spacing=6,
    )


def _chip(chip: Chip, choose: Callable[[str], None]) -> ft.Control:
    return kept(
        f"chip:{chip.pid}",
        chip,
        lambda: _player_chip(
            chip.label, chip.score, chip.chosen, chip.trouble, bind(choose, chip.pid)
        ),
    )


def _phones(view: EntryView) -> list[ft.Control]:
    """Which lines are tapped in on players' own phones, and which are in."""
    if not view.phones:
        return []
    return [ft.Text(phones_line(list(view.phones), list(view.waiting)), size=13)]


def phones_line(phones: list[str], waiting: list[str]) -> str:
    """The line "On their phones: Ann, Bob · waiting for Bob and Cy", in the
    session's language (names joined by its own "and")."""
    text = (
        _("On their phones: {phones} · waiting for {names}")
        if waiting
        else _("On their phones: {phones} · every line is in")
    )
    return text.format(phones=", ".join(phones), names=names_list(waiting))


def _save_text(view: EntryView) -> str:
    return (
        _("Save changes to round {n}") if view.editing else _("Save round {n}")
    ).format(n=view.number)


def _footer(
    state: AppState, view: EntryView, cancel: Callable[[], object]
) -> list[ft.Control]:
    """Problems of the whole table, then the way back and Clear round."""
    footer: list[ft.Control] = [
        message(text, error=True) for text in view.table_problems
    ]
    back = secondary(_("Cancel edit") if view.editing else _("Back to sheet"), cancel)
    entry = state.entry
    if view.scorer and entry is not None:
        clear = flat(_("Clear round"), bind(state.act, entry.clear), ft.Icons.CLEAR_ALL)
        footer.append(ft.Row([back, clear], wrap=True))
    else:
        footer.append(ft.Row([back], wrap=True))
    return footer


def _keys_and_save(
    state: AppState, view: EntryView, taps: Taps, save: Callable[[], object]
) -> ft.Control:
    """The keypad and Save stay in reach at the bottom of the screen (the
    keypad only for a line this screen may tap; Save once it may save)."""
    notice = state.notice
    keys: list[ft.Control] = []
    if view.keys is not None:
        left = Counter(dict(view.keys))
        keys.append(keypad(left, CardTo(taps.add, view.line.pid), scale=0.7))
    if view.may_save:
        keys.append(primary(_save_text(view), save, ft.Icons.SAVE))
    else:
        keys.append(
            ft.Text(
                _("Saved when every line is in: waiting for {names}.").format(
                    names=names_list(list(view.waiting))
                )
                if view.waiting
                else _("Every line is in: the host saves the round.")
            )
        )
    return ft.Container(
        padding=ft.Padding.only(left=8, right=8, top=6, bottom=6),
        border=ft.Border.only(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        content=ft.Column(
            [
                # A refusal shows here, beside Save and the keys that were
                # just tapped, not at the top of a scrolled list.
                *near_buttons(notice if notice is not None and notice.error else None),
                *keys,
            ],
            spacing=6,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        ),
    )
