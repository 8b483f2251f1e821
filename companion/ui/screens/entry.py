"""Round entry: pick a player, tap their cards on the keypad, see the score
chain live; busted switch, typed score for swept-up cards, Brutal ±15 choice.
Problems show beside the player they concern; saving waits until none is
left. Every tap is saved at once, so a restart resumes mid-entry."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.app import AppState
from companion.app.card_names import card_name
from companion.app.telling import chain as chain_text
from companion.i18n import _, names_list
from companion.rules import Problem
from companion.ui.guard import screen
from companion.ui.kept import kept
from companion.ui.parts.cardlook import card_face
from companion.ui.parts.keypad import CardTo, keypad
from companion.ui.parts.table_odds import odds_panel, odds_switch
from companion.ui.theme import ACCENT, BIG_NUMBER, DANGER, ON_ACCENT
from companion.ui.widgets import (
    TextInput,
    bind,
    flat,
    header,
    message,
    near_buttons,
    own_node,
    primary,
    secondary,
    switch_row,
    use_text_input,
)

# Problems keyed by player id (None: about the whole table).
Problems = dict[str | None, list[Problem]]


def _player_chip(
    name: str, score: int, selected: bool, trouble: bool, on_click: Callable[[], object]
) -> ft.Control:
    colour = DANGER if trouble else ACCENT
    button = ft.Button(
        f"{name} {score}",
        icon=ft.Icons.WARNING_AMBER if trouble else None,  # not colour alone
        height=44,
        bgcolor=colour if selected else None,
        color=ON_ACCENT if selected else (DANGER if trouble else None),
        on_click=lambda: on_click(),
    )
    return ft.Semantics(selected=selected, container=True, content=button)


@screen
def EntryScreen(
    state: AppState, on_done: Callable[[], None], on_saved: Callable[[], None]
) -> ft.Control:
    chosen, set_chosen = ft.use_state("")
    typed_input = use_text_input()
    saving_here, leaving = use_back_when_saved(state, on_saved)

    # one function for every render: the chips are kept (companion.ui.kept)
    choose = ft.use_callback(_chooser(set_chosen, typed_input), [])
    sheet, draft = state.sheet, state.draft
    if leaving:
        return ft.Container()  # the sheet follows at once (use_back_when_saved)
    if sheet is None or draft is None:
        return ft.Text(_("No round is being entered."))
    pid = chosen if chosen in draft.players else _first(state)
    editable = state.may_edit(pid)
    by_player = state.problems_by_player()
    number = (draft.editing if draft.editing is not None else len(sheet.rounds)) + 1

    def save() -> None:
        saving_here()
        if state.save_round() is None:
            on_saved()

    def cancel() -> None:
        if draft.editing is not None:
            state.cancel_edit()
        on_done()

    title = _("Round {n} (tie-break)") if draft.tie_break else _("Round {n}")
    return ft.Column(
        [
            header(title.format(n=number), cancel),
            ft.ListView(
                padding=12,
                spacing=10,
                expand=True,
                controls=[
                    _dealt(state),
                    *odds_switch(state),
                    *_chips_and_line(
                        _chips(state, pid, by_player, choose),
                        _phones(state),
                        _chosen_line(state, pid, editable, by_player, typed_input),
                        len(draft.players),
                    ),
                    *_footer(state, by_player, cancel),
                ],
            ),
            _keys_and_save(
                state,
                pid if editable else None,
                _save_text(number, draft.editing),
                save,
            ),
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


MANY = 12  # players: past this their chips fill the screen above the line


def _chips_and_line(
    chips: ft.Control, phones: list[ft.Control], chosen: ft.Control, players: int
) -> list[ft.Control]:
    """The chosen player's line under the chips; with many players (36
    chips are several screens of rows) above them, so the cards being
    tapped stay in sight above the keypad."""
    if players > MANY:
        return [chosen, chips, *phones]
    return [chips, *phones, chosen]


def use_back_when_saved(
    state: AppState, on_saved: Callable[[], None]
) -> tuple[Callable[[], None], bool]:
    """Every screen tapping in a round goes back to the sheet when the round
    is saved (here, by the host or by the last player's phone), to see the
    new totals; saved on another screen, the sheet says so. Returns what
    this screen's own Save calls first (its notice is "Bob deals next."),
    and whether the round is saved (the screen is on its way out: at a
    table of nine pages, building the entry once more for each page cost
    the server a whole render per page before the sheet)."""
    rounds = -1 if state.sheet is None else len(state.sheet.rounds)
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


def _dealt(state: AppState) -> ft.Control:
    assert state.sheet is not None and state.draft is not None
    dealer = state.sheet.names().get(state.draft.dealer, "")
    text = _("{name} dealt · tap a player, then their cards").format(name=dealer)
    return ft.Text(text, size=13)


def _first(state: AppState) -> str:
    """The line shown first: a phone's own, else the first player's."""
    assert state.draft is not None
    mine, players = state.my_seat, state.draft.players
    own = mine if mine in players and not state.seat.scorer else None
    return own or players[0]


def _chosen_line(
    state: AppState,
    pid: str,
    editable: bool,
    by_player: Problems,
    typed_input: TextInput,
) -> ft.Control:
    """The chosen player's line, framed; rebuilt only when something it
    shows changed (another phone's tap leaves it as it was)."""
    assert state.sheet is not None and state.draft is not None
    draft, sheet = state.draft, state.sheet
    deps = (
        pid,
        editable,
        tuple(draft.line(pid)),
        draft.typed.get(pid),
        pid in draft.busted,
        pid in draft.done,
        state.line_score(pid),
        state.round_score(pid),
        tuple(by_player.get(pid, ())),
        state.flip7_player(),
        draft.attack,
        tuple(draft.players),
        tuple(sheet.names().items()),
        sheet.rules.brutal,
        state.my_seat,
        typed_input.version,
        state.table_odds(pid),
        state.seat.scorer,
    )

    def build() -> ft.Control:
        return _boxed(
            _panel(state, pid, by_player, typed_input)
            if editable
            else _line(state, pid, sheet.names()[pid], False) + odds_panel(state, pid),
            DANGER if pid in by_player else ACCENT,
        )

    return kept("line", deps, build)


def _boxed(controls: list[ft.Control], colour: str) -> ft.Control:
    """The chosen player's line, framed (red while it has a problem)."""
    return ft.Container(
        padding=12,
        border_radius=12,
        border=ft.Border.all(2, colour),
        content=ft.Column(controls, spacing=8),
    )


def _chips(
    state: AppState,
    pid: str,
    by_player: Problems,
    choose: Callable[[str], None],
) -> ft.Control:
    """One button a player, the chosen one filled, red where a problem is;
    each kept until it changes."""
    assert state.sheet is not None and state.draft is not None
    names = state.sheet.names()
    chips = [
        _chip(
            p,
            names[p] + (" ✓" if p in state.draft.done else ""),
            state.round_score(p),
            p == pid,
            p in by_player,
            choose,
        )
        for p in state.draft.players
    ]
    return ft.Row(chips, wrap=True, spacing=6, run_spacing=6)


def _chip(
    pid: str,
    name: str,
    score: int,
    chosen: bool,
    trouble: bool,
    choose: Callable[[str], None],
) -> ft.Control:
    return kept(
        f"chip:{pid}",
        (name, score, chosen, trouble),
        lambda: _player_chip(name, score, chosen, trouble, bind(choose, pid)),
    )


def _panel(
    state: AppState, pid: str, by_player: Problems, typed_input: TextInput
) -> list[ft.Control]:
    """The chosen player's line: cards, score chain, problems, switches."""
    assert state.sheet is not None and state.draft is not None
    draft, rules = state.draft, state.sheet.rules
    name = state.sheet.names()[pid]
    score = state.line_score(pid)
    typed = draft.typed.get(pid)
    panel = _line(state, pid, name) + odds_panel(state, pid)
    if pid == state.my_seat:
        panel.append(_done_button(state, pid))
    elif _calls_in(state, pid):
        panel.append(_done_button(state, pid, name))
    if score.flip7 and typed is None:
        panel.append(
            ft.Text(_("Flip 7!"), size=18, weight=ft.FontWeight.BOLD, color=ACCENT)
        )
    for problem in by_player.get(pid, []):
        panel.append(message(state.problem_text(problem), error=True))
    panel.append(
        switch_row(
            _("Busted"),
            pid in draft.busted,
            lambda on: state.set_busted(pid, on),
            _("Brutal: tap the minus cards given after the bust; they count from 0.")
            if rules.brutal
            else "",
        )
    )
    panel.append(_typed_row(state, pid, name, typed, typed_input))
    flipper = state.flip7_player()
    if rules.brutal and flipper is not None:
        panel.append(_bonus_or_attack(state, flipper))
    return panel


def _line(
    state: AppState, pid: str, name: str, editable: bool = True
) -> list[ft.Control]:
    """Name and round score, the cards (tap one to remove it), the chain."""
    assert state.draft is not None
    typed = state.draft.typed.get(pid)
    cards: list[ft.Control] = [
        card_face(
            code,
            scale=0.75,
            name=_("Remove {card} from {name}").format(card=card_name(code), name=name)
            if editable
            else card_name(code),
            on_click=bind(state.remove_card, pid, i) if editable else None,
        )
        for i, code in enumerate(state.draft.line(pid))
    ]
    if cards and editable:
        cards += _undo(state, pid)
    if not cards:
        cards.append(
            own_node(
                ft.Text(
                    _("No cards yet: tap them on the keypad below.")
                    if editable
                    else _("No cards yet: {name} taps them on {name}'s phone.").format(
                        name=name
                    )
                    if state.seat.seats.holder(pid) is not None
                    else _("No cards yet: the host taps {name}'s cards in.").format(
                        name=name
                    )
                )
            )
        )
    chain = (
        _("Typed score = {n}").format(n=typed)
        if typed is not None
        else chain_text(state.line_score(pid))
    )
    total = state.round_score(pid)
    busted = pid in state.draft.busted
    # Each text is its own node (see own_node).
    return [
        own_node(
            ft.Row(
                [
                    ft.Text(name, size=24, weight=ft.FontWeight.BOLD, expand=True),
                    ft.Text(
                        str(total),
                        size=BIG_NUMBER + 8,
                        weight=ft.FontWeight.BOLD,
                        color=DANGER if busted or total < 0 else ACCENT,
                    ),
                ]
            )
        ),
        ft.Row(cards, wrap=True, spacing=6, run_spacing=6),
        own_node(ft.Text(chain, size=18)),
    ]


def _undo(state: AppState, pid: str) -> list[ft.Control]:
    """One tap takes back the card tapped last into this line (a mis-tap)."""
    assert state.draft is not None
    line = state.draft.line(pid)
    if not line:
        return []
    last = len(line) - 1
    text = _("Undo {card}").format(card=card_name(line[last]))
    return [flat(text, bind(state.remove_card, pid, last), ft.Icons.UNDO)]


def _calls_in(state: AppState, pid: str) -> bool:
    """At a live table the host (or a scorer) says when the line of a player
    with no phone here is in: the last phone cannot save until it is."""
    assert state.draft is not None
    seats = state.seat.seats
    live = any(seats.holder(p) is not None for p in state.draft.players)
    return state.seat.scorer and live and not seats.present(pid)


def _done_button(state: AppState, pid: str, name: str | None = None) -> ft.Control:
    """At a live table each phone says when its line is all in (``name``:
    the host says it for a player without a phone)."""
    assert state.draft is not None
    if pid in state.draft.done:
        said = (
            _("✓ Your line is in.")
            if name is None
            else _("✓ {name}'s line is in.").format(name=name)
        )
        # (A text beside a button in one Row drops out of Flutter's
        # semantics tree: a screen reader would not hear it.)
        return ft.Column(
            [
                ft.Text(said, size=16, weight=ft.FontWeight.BOLD),
                flat(_("Not done yet"), bind(state.set_done, pid, False)),
            ],
            spacing=2,
        )
    text = (
        _("My line is in")
        if name is None
        else _("{name}'s line is in").format(name=name)
    )
    return primary(text, bind(state.set_done, pid, True), ft.Icons.CHECK)


def _phones(state: AppState) -> list[ft.Control]:
    """Which lines are tapped in on players' own phones, and which are in."""
    assert state.sheet is not None and state.draft is not None
    seats, draft, names = state.seat.seats, state.draft, state.sheet.names()
    held = [p for p in draft.players if seats.holder(p) is not None]
    if not held:
        return []
    parts = [
        names[p] if seats.present(p) else _("{name} (phone away)").format(name=names[p])
        for p in held
    ]
    return [ft.Text(phones_line(parts, state.waiting_for()), size=13)]


def phones_line(phones: list[str], waiting: list[str]) -> str:
    """The line "On their phones: Ann, Bob · waiting for Bob and Cy", in the
    session's language (names joined by its own "and")."""
    text = (
        _("On their phones: {phones} · waiting for {names}")
        if waiting
        else _("On their phones: {phones} · every line is in")
    )
    return text.format(phones=", ".join(phones), names=names_list(waiting))


def _typed_row(
    state: AppState, pid: str, name: str, typed: int | None, typed_input: TextInput
) -> ft.Control:
    """A typed score for cards swept up before anyone counted them."""

    def use_typed() -> None:
        if typed_input.text.strip():
            state.set_typed(pid, typed_input.text)
        else:
            state.tell(
                _("Type {name}'s score first, then Use typed score.").format(name=name),
                error=True,
            )

    def clear_typed() -> None:
        typed_input.reset()
        state.set_typed(pid, None)

    return ft.Row(
        [
            ft.TextField(
                key=typed_input.key(f"typed-{pid}-{typed}"),
                label=_("Typed score (cards swept up)"),
                value="" if typed is None else str(typed),
                width=220,
                keyboard_type=ft.KeyboardType.NUMBER,
                on_change=typed_input.change,
                on_submit=lambda _: use_typed(),
            ),
            flat(_("Use typed score"), use_typed),
        ]
        + ([flat(_("Clear typed score"), clear_typed)] if typed is not None else []),
        wrap=True,
    )


def _bonus_or_attack(state: AppState, flipper: str) -> ft.Control:
    """Brutal: the Flip 7 player takes +15 or gives −15 to another."""
    assert state.sheet is not None and state.draft is not None
    names, draft = state.sheet.names(), state.draft
    others = [p for p in draft.players if p != flipper]
    options: list[ft.Control] = [
        ft.Text(
            _("{name} flipped 7: +15 for themselves or −15 to another player?").format(
                name=names[flipper]
            ),
            weight=ft.FontWeight.BOLD,
        ),
        _choice(
            _("+15 to {name}").format(name=names[flipper]),
            draft.attack is None,
            state.choose_bonus,
        ),
    ]
    options += [
        _choice(
            _("−15 to {name}").format(name=names[o]),
            draft.attack == o,
            bind(state.choose_attack, o),
        )
        for o in others
    ]
    return ft.Row(options, wrap=True)


def _save_text(number: int, editing: int | None) -> str:
    return (
        _("Save round {n}") if editing is None else _("Save changes to round {n}")
    ).format(n=number)


def _footer(
    state: AppState, by_player: Problems, cancel: Callable[[], None]
) -> list[ft.Control]:
    """Problems of the whole table, then the way back and Clear round."""
    assert state.draft is not None
    footer: list[ft.Control] = [
        message(state.problem_text(p), error=True) for p in by_player.get(None, [])
    ]
    back = secondary(
        _("Cancel edit") if state.draft.editing is not None else _("Back to sheet"),
        cancel,
    )
    clear = flat(_("Clear round"), state.clear_draft, ft.Icons.CLEAR_ALL)
    footer.append(ft.Row([back, clear] if state.seat.scorer else [back], wrap=True))
    return footer


def _keys_and_save(
    state: AppState, pid: str | None, save_text: str, save: Callable[[], None]
) -> ft.Control:
    """The keypad and Save stay in reach at the bottom of the screen (the
    keypad only for a line this screen may tap; Save once it may save)."""
    notice = state.notice
    keys: list[ft.Control] = []
    if pid is not None:
        keys.append(keypad(state.copies_left(), CardTo(state.add_card, pid), scale=0.7))
    if state.may_save():
        keys.append(primary(save_text, save, ft.Icons.SAVE))
    else:
        waiting = state.waiting_for()
        keys.append(
            ft.Text(
                _("Saved when every line is in: waiting for {names}.").format(
                    names=names_list(waiting)
                )
                if waiting
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


def _choice(text: str, selected: bool, on_click: Callable[[], object]) -> ft.Control:
    button = ft.Button(
        text,
        icon=ft.Icons.CHECK if selected else None,
        bgcolor=ACCENT if selected else None,
        color=ON_ACCENT if selected else None,
        on_click=lambda: on_click(),
    )
    return ft.Semantics(selected=selected, container=True, content=button)
