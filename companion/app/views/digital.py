"""What the digital table shows: the round on the table (in play, or just
over: its summary), every seat's name and kind, whose decision is pending
and whether this screen makes it (or stands in for a phone that dropped
out), the choices in words, the advisor, and what this session may switch.

Why a value: the digital screen and its parts asked the session, seat by
seat, for names, bots, holders and who may decide; here it is decided once
from the game's state and the session's seat, tested without a browser.
The round is drawn from words and numbers worked out here (each line's
cards, status, score and chain; deck and discard counts; the log's
sentences; the last Flip Four): the engine's ``Round`` stays in the app.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.app.advice_words import advice_text, choice_advice_text
from companion.app.board import FLIP7, STATUS_WORDS
from companion.app.live import LiveSeat
from companion.app.open_game import GameState
from companion.app.telling import chain, sentence
from companion.app.views.choices import Option, describe_all, prompt
from companion.app.views.flip_four import FlipFour, current_flip_four
from companion.i18n import _
from companion.rules import Advice, Decision, LineScore, Round, Status
from companion.rules.choice_advice import ChoiceAdvice

if TYPE_CHECKING:
    from companion.app.session import AppState


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat of the digital round: its player's name, whether a computer
    plays it, and whether a phone holds it (and is connected)."""

    name: str
    bot: bool
    held: bool
    present: bool


@dataclass(frozen=True)
class Turn:
    """The pending decision as this screen sees it.

    ``decide``: this screen makes it (its own seat, or a scorer for a seat
    no connected phone holds); ``stand_in``: it decides for a player whose
    phone dropped out; ``options``: the legal choices in words, "you" being
    the deciding seat only where the screen is theirs."""

    seat: int
    name: str
    bot: bool
    decide: bool
    stand_in: bool
    present: bool
    voice: int  # the seat "you" is in the choices' words (-1: nobody)
    options: tuple[Option, ...]
    prompt: str = ""  # "Ann: hit or stay?", "Give the Freeze to…"
    card: str | None = None  # the card the decision is about (shown)
    hit_or_stay: bool = False  # Hit and Stay side by side

    @property
    def must_hit(self) -> bool:
        """Only Hit is offered: the player holds The Zero (R4)."""
        return all(o.choice != "stay" for o in self.options)


@dataclass(frozen=True, slots=True)
class LineView:
    """One seat's line on the table, as drawn."""

    status: str  # "in play", "stayed · computer", "Flip 7"…, worded
    busted: bool
    out: bool  # not dealt in (a tie-break round among the tied leaders)
    total: int
    chain: str  # "48 → ÷2 24 → −4 20 → +15 = 35"
    face_down: tuple[str, ...]  # codes of the cards dealt face down
    cards: tuple[str, ...]  # codes of the face-up line, in arrival order


@dataclass(frozen=True, slots=True)
class FourStrip:
    """The last Flip Four while the table still needs it on screen."""

    who: str  # the player drawing the four cards
    four: FlipFour
    waiting: tuple[str, ...]  # codes set aside, still to be resolved


@dataclass(frozen=True)
class DigitalView:
    """The digital table of one game for one session."""

    step: int  # choices made so far (a two-step choice is tied to it)
    over: bool  # the round is over: its summary
    dealer: str
    deck: int  # cards left in the deck
    discard: int  # cards on the discard pile
    lines: tuple[LineView, ...]  # one a seat
    log: tuple[str, ...]  # the round's moves in words, oldest first
    flip_four: FourStrip | None
    number: int  # the round's number on the sheet
    tie_break: bool  # a round among the tied players only (R21)
    seats: tuple[Seat, ...]
    turn: Turn | None  # None once the round is over
    summary: bool  # the last round's summary is on the table
    closes: bool  # leaving closes the summary (a scorer's; a phone walks away)
    can_deal_next: bool  # the summary offers "Deal next round"
    purist: bool
    advisor: bool | None  # the advisor's switch (None: not this screen's)
    advice: str | None  # the advisor's words on the pending decision

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def title(self) -> str:
        """The screen's heading, in the session's language."""
        text = (
            _("Round {number} (tie-break) · digital")
            if self.tie_break
            else _("Round {number} · digital")
        )
        return text.format(number=self.number)


def digital_view(
    state: GameState,
    seat: LiveSeat,
    advice: Advice | ChoiceAdvice | None = None,
) -> DigitalView | None:
    """The table (None: no digital round on it); ``advice``: the advisor's
    view of the pending decision (worked out by the session's table once
    per decision: :meth:`DigitalTable.advice`)."""
    d, sheet = state.digital, state.sheet
    rnd = d.round or d.last
    if rnd is None:
        return None
    ids = d.ids if d.round is not None else d.last_ids
    names = sheet.names()
    seats = tuple(
        Seat(
            names.get(pid, ""),
            pid in d.bots,
            state.seats.holder(pid) is not None,
            state.seats.present(pid),
        )
        for pid in ids
    )
    turn = _turn(state, seat, rnd, ids, seats)
    saved = rnd.over and bool(sheet.rounds)  # the round is the sheet's last
    zones = rnd.zones()
    names_seated = [s.name for s in seats]
    return DigitalView(
        step=len(rnd.choices),
        over=rnd.over,
        dealer=seats[rnd.dealer].name,
        deck=len(zones["deck"]),
        discard=len(zones["discard"]),
        lines=tuple(line_view(rnd, i, seats[i].bot) for i in range(rnd.players)),
        log=tuple(sentence(e, names_seated) for e in rnd.events),
        flip_four=_strip(rnd, seats),
        number=len(sheet.rounds) + (0 if rnd.over else 1),
        tie_break=sheet.rounds[-1].tie_break if saved else d.tie_break,
        seats=seats,
        turn=turn,
        summary=d.last is not None,
        closes=d.last is not None and seat.scorer,
        can_deal_next=rnd.over and not sheet.over and seat.scorer,
        purist=d.purist,
        advisor=d.advisor if seat.scorer else None,
        advice=_advice(advice, turn),
    )


def status_word(status: Status, bot: bool, flip7: bool = False) -> str:
    """The seat's state; the player whose Flip 7 ended the round is no
    longer "in play" (the board says the same)."""
    if flip7:
        word = _(FLIP7)
    else:
        word = _(STATUS_WORDS[status]) if status in STATUS_WORDS else str(status)
    return _("{status} · computer").format(status=word) if bot else word


def line_view(rnd: Round, seat: int, bot: bool = False) -> LineView:
    """Seat ``seat``'s line of ``rnd`` as the table draws it."""
    return drawn_line(
        rnd.status(seat),
        rnd.line_score(seat),
        rnd.flip7 == seat,
        tuple(rnd.face_down(seat)),
        tuple(rnd.line(seat)),
        bot,
    )


def drawn_line(
    status: Status,
    score: LineScore,
    flip7: bool,
    face_down: tuple[str, ...],
    line: tuple[str, ...],
    bot: bool = False,
) -> LineView:
    """A line from what lies face up (a guest's mirror has no round)."""
    return LineView(
        status_word(status, bot, flip7),
        status is Status.BUSTED,
        status is Status.OUT,
        score.total,
        chain(score),
        face_down,
        line,
    )


def _strip(rnd: Round, seats: tuple[Seat, ...]) -> FourStrip | None:
    four = current_flip_four(rnd.events)
    if four is None:
        return None
    aside = tuple(rnd.zones().get("set_aside", []))
    return FourStrip(seats[four.target].name, four, aside)


def _advice(advice: Advice | ChoiceAdvice | None, turn: Turn | None) -> str | None:
    """The advisor's view in words (its choices named as the buttons are)."""
    if advice is None or turn is None:
        return None
    if isinstance(advice, ChoiceAdvice):
        return choice_advice_text(advice, {o.choice: o.label for o in turn.options})
    return advice_text(advice)


def _turn(
    state: GameState,
    seat: LiveSeat,
    rnd: Round,
    ids: list[str],
    seats: tuple[Seat, ...],
) -> Turn | None:
    pend = rnd.pending
    if pend is None:
        return None
    pid = ids[pend.player] if pend.player < len(ids) else ""
    at = seats[pend.player]
    # Who "you" is in the choices' words: the deciding seat when this screen
    # is theirs (their phone, or one device passed round a table with no
    # phones); nobody (-1) when the host decides for a player whose phone
    # is away, who is not the one reading "Give −2 to Bob (you)".
    voice = pend.player if not state.seats.claims or seat.mine == pid else -1
    decide = seat.may_decide(state)
    options = tuple(
        describe_all(
            rnd.legal(),
            voice,
            pend.card,
            lambda i: seats[i].name,
            frozenset(i for i in range(len(seats)) if rnd.status(i) is Status.BUSTED),
        )
    )
    must_hit = all(o.choice != "stay" for o in options)
    return Turn(
        seat=pend.player,
        name=at.name,
        bot=at.bot,
        decide=decide,
        stand_in=decide and at.held and seat.mine != pid,
        present=at.present,
        voice=voice,
        options=options,
        prompt=prompt(pend.kind, at.name, pend.card, must_hit),
        card=pend.card or None,
        hit_or_stay=pend.kind is Decision.TURN,
    )


def digital_of(session: AppState) -> DigitalView | None:
    """The digital table of the game a session shows (None: no round on it)."""
    watch, table = session.watch, session.table
    if watch is None or table is None:
        return None
    return digital_view(watch.state, session.seat, table.advice())
