"""What the board shows: a read-only picture of one game for a TV or a
tablet in the middle of the table (issue 11, item 4).

Why a value of its own: the board is drawn from the shared game state on
every commit of any screen, by a view that only draws; every decision about
what the table sees — order of the totals, who leads (a tie shares the
lead), which round is being entered, whose lines are in, the digital round
on the table, the last saved round — is made here, without Flet, and
unit-tested. :func:`board_view` is a pure function of a
:class:`~companion.app.open_game.GameState`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from companion.i18n import N_, _
from companion.rules import Entry, Round, RoundRecord, Rules, Sheet, Status
from companion.rules.decision import TURN

from .digital import Digital, in_progress
from .entry import RoundDraft
from .open_game import GameState
from .standings import banner, standings

if TYPE_CHECKING:
    from .session import AppState

# Marks and statuses are kept as these English codes (the view compares
# them) and worded by the view with ``_()``.
WINNER, LEADER, SHARED = N_("Winner"), N_("Leader"), N_("Shared lead")
FLIP7 = N_("Flip 7")


@dataclass(frozen=True, slots=True)
class Total:
    """One row of the totals, biggest first; ``place`` is shared by equal
    totals. ``mark``: "Winner", "Leader", "Shared lead" or ""."""

    pid: str
    name: str
    total: int
    place: int
    mark: str = ""


@dataclass(frozen=True, slots=True)
class Line:
    """One player's line of a round (being entered, or saved).

    ``done``: the line is in (called done, or busted); always True for a
    saved round. ``typed``: the score was typed, not tapped as cards.
    """

    pid: str
    name: str
    score: int
    cards: tuple[str, ...] = ()
    busted: bool = False
    flip7: bool = False
    attacked: bool = False  # Brutal: another player's Flip 7 gave it −15
    gave_attack: bool = False  # Brutal: its Flip 7 gave −15 instead of +15
    typed: bool = False
    done: bool = True


@dataclass(frozen=True, slots=True)
class EntryRound:
    """The round being tapped in: its number, dealer and every line."""

    number: int
    dealer: str
    lines: tuple[Line, ...]
    correcting: bool = False  # a saved round is being corrected
    tie_break: bool = False

    @property
    def waiting(self) -> tuple[str, ...]:
        """Names of the players whose line is not in yet."""
        return tuple(line.name for line in self.lines if not line.done)

    @property
    def all_in(self) -> bool:
        return not self.waiting


@dataclass(frozen=True, slots=True)
class Seat:
    """One player at the digital table: cards in front of them and status
    ("in play", "stayed", "busted", "Flip 7")."""

    name: str
    cards: tuple[str, ...]
    face_down: tuple[str, ...]
    status: str
    score: int
    to_move: bool = False
    computer: bool = False


@dataclass(frozen=True, slots=True)
class DealtRound:
    """A digital round being dealt for the sheet's next round."""

    number: int
    dealer: str
    turn: str  # "Ann's turn" / "Ann decides" / "" between decisions
    seats: tuple[Seat, ...]


@dataclass(frozen=True, slots=True)
class SavedRound:
    """The last round on the score sheet."""

    number: int
    dealer: str
    lines: tuple[Line, ...]
    digital: bool = False


@dataclass(frozen=True, slots=True)
class Board:
    """Everything the board draws, at one revision of the game."""

    players: tuple[Total, ...]
    target: int
    brutal: bool
    over: bool
    headline: str | None  # the winner, or the tie-break round
    entry: EntryRound | None = None
    dealt: DealtRound | None = None
    last: SavedRound | None = None

    @property
    def title(self) -> str:
        """In the language of the session that draws it."""
        if self.brutal:
            return _("Flip 7 to {target} · Brutal").format(target=self.target)
        return _("Flip 7 to {target}").format(target=self.target)


def board_view(state: GameState) -> Board:
    """The board for one game as it is now."""
    sheet = state.sheet
    dealt = _dealt(sheet, state.digital)
    entry = _entry(sheet, state.draft)
    if dealt is not None and entry is not None and _idle(state.draft):
        entry = None  # the round is being dealt, not tapped in
    rules = sheet.rules
    return Board(
        players=_totals(sheet),
        target=rules.target,
        brutal=rules.brutal,
        over=sheet.over,
        headline=banner(sheet),
        entry=entry,
        dealt=dealt,
        last=_last(sheet),
    )


def board_of(session: AppState) -> Board | None:
    """The board of the game a session shows (None: no game open)."""
    watch = session.watch
    return None if watch is None else board_view(watch.state)


def _idle(draft: RoundDraft) -> bool:
    return draft.editing is None and draft.empty and not draft.done


def _totals(sheet: Sheet) -> tuple[Total, ...]:
    rows = standings(sheet)
    winners = {p.id for p in sheet.winners()} if sheet.over else set()
    leaders = sum(1 for s in rows if s.place == 1)
    lead = "" if not sheet.rounds else (LEADER if leaders == 1 else SHARED)
    out = []
    for s in rows:
        if sheet.over:
            mark = WINNER if s.player.id in winners else ""
        else:
            mark = lead if s.place == 1 else ""
        out.append(Total(s.player.id, s.player.name, s.total, s.place, mark))
    return tuple(out)


def _entry(sheet: Sheet, draft: RoundDraft) -> EntryRound | None:
    """The round being tapped in; none once the game is over (unless a
    saved round is being corrected)."""
    if draft.editing is None and sheet.over:
        return None
    names = sheet.names()
    rules = sheet.rules
    lines = []
    for pid in draft.players:
        line = _line(pid, names.get(pid, pid), draft.entry(pid, rules), rules)
        lines.append(replace(line, done=draft.is_in(pid)))
    number = (len(sheet.rounds) if draft.editing is None else draft.editing) + 1
    return EntryRound(
        number=number,
        dealer=names.get(draft.dealer, draft.dealer),
        lines=tuple(lines),
        correcting=draft.editing is not None,
        tie_break=draft.tie_break,
    )


def _line(pid: str, name: str, entry: Entry, rules: Rules) -> Line:
    scored = entry.line_score(rules)
    return Line(
        pid=pid,
        name=name,
        score=entry.score(rules),
        cards=tuple(entry.cards),
        busted=entry.busted,
        flip7=scored.flip7 and entry.typed is None,
        attacked=entry.attacked and rules.brutal,
        gave_attack=entry.sent_attack and rules.brutal,
        typed=entry.typed is not None,
    )


def _last(sheet: Sheet) -> SavedRound | None:
    if not sheet.rounds:
        return None
    rec: RoundRecord = sheet.rounds[-1]
    names = sheet.names()
    lines = tuple(
        _line(pid, names.get(pid, pid), entry, sheet.rules)
        for pid, entry in rec.entries
    )
    return SavedRound(
        number=len(sheet.rounds),
        dealer=names.get(rec.dealer, rec.dealer),
        lines=lines,
        digital=rec.digital,
    )


STATUS_WORDS = {
    Status.ACTIVE: N_("in play"),
    Status.STAYED: N_("stayed"),
    Status.BUSTED: N_("busted"),
    Status.OUT: N_("sits out"),
}


def _dealt(sheet: Sheet, digital: Digital) -> DealtRound | None:
    """The digital round on the table, while it is being dealt for the
    sheet's next round (a left-over one is the sheet's business)."""
    rnd = digital.round
    if rnd is None or not in_progress(sheet, digital):
        return None
    names = sheet.names()

    def name(seat: int) -> str:
        pid = digital.ids[seat] if seat < len(digital.ids) else ""
        return names.get(pid) or _("Seat {n}").format(n=seat + 1)

    pending = rnd.pending
    seats = tuple(
        _seat(rnd, i, name(i), pending is not None and pending.player == i, digital)
        for i in rnd.seats
    )
    turn = ""
    if pending is not None:
        who = name(pending.player)
        turn = (
            _("{name}'s turn") if pending.kind is TURN else _("{name} decides")
        ).format(name=who)
    return DealtRound(
        number=len(sheet.rounds) + 1,
        dealer=name(rnd.dealer),
        turn=turn,
        seats=seats,
    )


def _seat(rnd: Round, i: int, name: str, to_move: bool, digital: Digital) -> Seat:
    status = rnd.status(i)
    words = FLIP7 if rnd.flip7 == i else STATUS_WORDS.get(status, str(status))
    pid = digital.ids[i] if i < len(digital.ids) else ""
    return Seat(
        name=name,
        cards=tuple(rnd.line(i)),
        face_down=tuple(rnd.face_down(i)),
        status=words,
        score=rnd.line_score(i).total,
        to_move=to_move,
        computer=pid in digital.bots,
    )
