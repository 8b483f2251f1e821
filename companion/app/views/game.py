"""What the score sheet shows: the winner and standings at the end, else
who deals the next round and how it can be played (tapped in, dealt
digitally, a left-over digital round to discard), and which corrections
and switches this session has.

Why a value: the sheet screen decided all of this from the whole session
(``state.banner()``, ``state.digital_in_progress``, ``state.can_redo`` …);
here it is one frozen value of the game's state and the session's seat,
unit-tested without a browser, that the screen only draws.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.app.digital import digital_number, in_progress, stale
from companion.app.live import LiveSeat
from companion.app.open_game import GameState
from companion.app.standings import banner, standings
from companion.app.views.sheet import SheetView, sheet_view

if TYPE_CHECKING:
    from companion.app.session import AppState


@dataclass(frozen=True, slots=True)
class Place:
    """One row of the final standings (``place`` shared by equal totals)."""

    place: int
    name: str
    total: int


@dataclass(frozen=True, slots=True)
class NextRound:
    """The round to play next: its number and dealer, and what is under way.

    ``fixing``: the number of a past round being corrected (else None);
    ``half_entered``: cards are tapped in for it; ``digital``: a digital
    round for it is being dealt; ``left_over``: the number of a digital
    round left over from a round since saved (it cannot be saved)."""

    number: int
    dealer: str
    tie_break: bool
    fixing: int | None
    half_entered: bool
    digital: bool
    left_over: int | None


@dataclass(frozen=True)
class GameView:
    """The score sheet of one game for one session."""

    sheet: SheetView  # the score table draws it
    over: bool
    banner: str | None  # the winner, or a tie-break to play
    standings: tuple[Place, ...]
    next: NextRound | None  # None once the game is over
    can_undo: bool
    can_redo: bool
    host: bool  # the purist switch, the phones panel
    purist: bool


def game_view(state: GameState, seat: LiveSeat) -> GameView:
    sheet, draft, d = state.sheet, state.draft, state.digital
    over = sheet.over
    nxt = None
    if not over:
        nxt = NextRound(
            number=len(sheet.rounds) + 1,
            dealer=sheet.next_dealer().name,
            tie_break=bool(sheet.end().tie_break),
            fixing=None if draft.editing is None else draft.editing + 1,
            half_entered=draft.editing is None and not draft.empty,
            digital=in_progress(sheet, d),
            left_over=digital_number(sheet, d) if stale(sheet, d) else None,
        )
    return GameView(
        sheet=sheet_view(sheet),
        over=over,
        banner=banner(sheet),
        standings=tuple(
            Place(s.place, s.player.name, s.total) for s in standings(sheet)
        ),
        next=nxt,
        can_undo=bool(sheet.rounds),
        can_redo=state.undone is not None,
        host=seat.host,
        purist=d.purist,
    )


def game_of(session: AppState) -> GameView | None:
    """The sheet of the game a session shows (None: no game open)."""
    watch = session.watch
    return None if watch is None else game_view(watch.state, session.seat)
