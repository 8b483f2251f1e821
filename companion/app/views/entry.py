"""What the round entry shows: every line's chip, the chosen player's line
in full, the keypad's copies left, the problems worded, whether this
session may tap the line and save the round.

Why a value: the entry re-renders on every tap at the table (nine phones,
a board); each part here compares equal while what it shows is the same, so
the screen keeps a part's controls until its value changes (the chosen
line was kept on an 18-value tuple put together by hand). Shared values —
scores, problems, copies left, the odds — are worked out once per change of
the game for every screen (``derive``, :meth:`OpenGame.derived`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.app.entry_values import (
    copies_left,
    flip7_player,
    line_names,
    line_score,
    problems_by_player,
    round_score,
    waiting_for,
)
from companion.app.live import LiveSeat
from companion.app.open_game import Derive, GameState, Later, fresh
from companion.app.problems import problem_text
from companion.app.table_odds import OddsWords, shown, words_at
from companion.app.telling import chain
from companion.i18n import _

if TYPE_CHECKING:
    from companion.app.session import AppState

MANY = 12  # players: past this their chips fill the screen above the line


@dataclass(frozen=True, slots=True)
class Chip:
    """One player's button above the line: name (✓ once in) and score."""

    pid: str
    label: str
    score: int
    chosen: bool
    trouble: bool  # a problem names this line (red, with a warning icon)


@dataclass(frozen=True, slots=True)
class Option:
    """One of Brutal's choices after a Flip 7: +15 to the flipper (``target``
    None) or −15 to ``target``."""

    target: str | None
    name: str
    selected: bool


@dataclass(frozen=True, slots=True)
class Bonus:
    """Brutal Flip 7: who flipped 7, and the choices (+15 first)."""

    flipper: str
    options: tuple[Option, ...]


@dataclass(frozen=True, slots=True)
class ChosenLine:
    """The chosen player's line, everything the framed panel draws.

    ``editable``: this session may tap it (else it is shown, not changed);
    ``held``: a phone holds the seat (who taps the cards in); ``done_by``:
    who says the line is in here — "me" (this phone's own line), "host"
    (a scorer for a player with no phone present) or "" (nobody here)."""

    pid: str
    name: str
    score: int
    cards: tuple[str, ...]
    chain: str
    typed: int | None
    busted: bool
    done: bool
    flip7: bool
    problems: tuple[str, ...]
    editable: bool
    held: bool
    done_by: str
    brutal: bool
    bonus: Bonus | None
    odds: OddsWords | None
    scorer: bool  # the odds' "Deck reshuffled" is a scorer's


@dataclass(frozen=True, slots=True)
class EntryView:
    """The round entry of one game for one session."""

    number: int  # the round's number (the edited one's when correcting)
    editing: bool
    tie_break: bool
    rounds: int  # rounds on the sheet (a save elsewhere changes it)
    dealer: str
    chips: tuple[Chip, ...]
    line: ChosenLine
    many: bool  # more than MANY players: the line goes above the chips
    phones: tuple[str, ...]  # the lines tapped on phones ("Bob (phone away)")
    waiting: tuple[str, ...]  # names whose line is not in yet
    table_problems: tuple[str, ...]  # problems about the whole table
    keys: tuple[tuple[str, int], ...] | None  # copies left; None: no keypad
    may_save: bool
    scorer: bool
    odds_switch: bool | None  # the switch's position; None: not offered


def entry_view(
    state: GameState,
    seat: LiveSeat,
    chosen: str,
    derive: Derive | None = None,
    later: Later | None = None,
) -> EntryView:
    """The entry with ``chosen``'s line open (a phone's own line first,
    else the first player's, when ``chosen`` is not in the round).
    ``later``: the open game's way to work the odds out after the render."""
    derive = derive or fresh(state)
    draft, sheet = state.draft, state.sheet
    pid = chosen if chosen in draft.players else _first(state, seat)
    names = sheet.names()
    worded = line_names(state)
    by_player = problems_by_player(derive)
    editable = seat.may_edit(pid)
    seats = state.seats
    held = [p for p in draft.players if seats.holder(p) is not None]
    number = (draft.editing if draft.editing is not None else len(sheet.rounds)) + 1
    switch = seat.scorer and not state.digital.purist and draft.editing is None
    return EntryView(
        number=number,
        editing=draft.editing is not None,
        tie_break=draft.tie_break,
        rounds=len(sheet.rounds),
        dealer=names.get(draft.dealer, ""),
        chips=tuple(
            Chip(
                p,
                names[p] + (" ✓" if p in draft.done else ""),
                round_score(derive, p),
                p == pid,
                p in by_player,
            )
            for p in draft.players
        ),
        line=_chosen(state, seat, pid, derive, editable, later),
        many=len(draft.players) > MANY,
        phones=tuple(
            names[p]
            if seats.present(p)
            else _("{name} (phone away)").format(name=names[p])
            for p in held
        ),
        waiting=tuple(waiting_for(state)),
        table_problems=tuple(problem_text(p, worded) for p in by_player.get(None, [])),
        keys=tuple(sorted(copies_left(derive).items())) if editable else None,
        may_save=seat.may_save(state),
        scorer=seat.scorer,
        odds_switch=shown(state) if switch else None,
    )


def entry_of(session: AppState, chosen: str) -> EntryView | None:
    """The entry of the game a session shows (None: no game open), its
    shared values worked out once per change for every screen on it."""
    watch = session.watch
    if watch is None:
        return None
    game = watch.game
    return entry_view(watch.state, session.seat, chosen, game.derived, game.later)


def _first(state: GameState, seat: LiveSeat) -> str:
    """The line shown first: a phone's own, else the first player's."""
    mine, players = seat.mine, state.draft.players
    own = mine if mine in players and not seat.scorer else None
    return own or players[0]


def _chosen(
    state: GameState,
    seat: LiveSeat,
    pid: str,
    derive: Derive,
    editable: bool,
    later: Later | None,
) -> ChosenLine:
    draft, sheet = state.draft, state.sheet
    typed = draft.typed.get(pid)
    score = line_score(derive, pid)
    worded = line_names(state)
    problems = problems_by_player(derive).get(pid, [])
    return ChosenLine(
        pid=pid,
        name=sheet.names()[pid],
        score=round_score(derive, pid),
        cards=tuple(draft.line(pid)),
        chain=chain(score) if typed is None else _("Typed score = {n}").format(n=typed),
        typed=typed,
        busted=pid in draft.busted,
        done=pid in draft.done,
        flip7=score.flip7 and typed is None,
        problems=tuple(problem_text(p, worded) for p in problems),
        editable=editable,
        held=state.seats.holder(pid) is not None,
        done_by=_done_by(state, seat, pid) if editable else "",
        brutal=sheet.rules.brutal,
        bonus=_bonus(state, derive) if editable else None,
        odds=words_at(state, pid, derive, later),
        scorer=seat.scorer,
    )


def _done_by(state: GameState, seat: LiveSeat, pid: str) -> str:
    """At a live table each phone says when its line is all in; the host
    (or a scorer) says it for a player with no phone here: the last phone
    cannot save until it is."""
    if pid == seat.mine:
        return "me"
    seats = state.seats
    live = any(seats.holder(p) is not None for p in state.draft.players)
    return "host" if seat.scorer and live and not seats.present(pid) else ""


def _bonus(state: GameState, derive: Derive) -> Bonus | None:
    """Brutal: the Flip 7 player takes +15 or gives −15 to another."""
    flipper = flip7_player(derive)
    if not state.sheet.rules.brutal or flipper is None:
        return None
    names, draft = state.sheet.names(), state.draft
    others = [
        Option(o, names[o], draft.attack == o) for o in draft.players if o != flipper
    ]
    return Bonus(
        names[flipper], (Option(None, names[flipper], draft.attack is None), *others)
    )
