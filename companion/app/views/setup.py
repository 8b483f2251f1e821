"""The setup screen's view: the players in seat order (who deals first,
who is a computer and how it plays), names from earlier games to add, the
rules, and whether the game may start.

Why a value: the form (:class:`~companion.app.setup_form.SetupForm`) is
mutable and checks every change; what the screen shows of it — the seat
buttons' words, the suggestions for what is typed, two decks forced by a
19th player — is fixed here in one value the tests read without a page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.app.digital import next_strategy, seat_kind
from companion.app.setup_form import SetupForm

if TYPE_CHECKING:
    from companion.app.session import AppState


@dataclass(frozen=True, slots=True)
class Seat:
    """Seat ``index`` (0-based) of the form; ``kind``: "Person" or
    "Computer: …"; ``next_bot``: what its kind button makes it."""

    index: int
    name: str
    dealer: bool
    bot: str | None
    kind: str
    next_bot: str | None
    first: bool
    last: bool


@dataclass(frozen=True, slots=True)
class SetupView:
    seats: tuple[Seat, ...]
    suggestions: tuple[str, ...]
    target: int
    brutal: bool
    lucky_pair_counts_two: bool
    tie_break: bool
    two_decks: bool  # chosen, or forced by more than 18 players
    advisor: bool
    problems: tuple[str, ...]  # why the game cannot start yet

    @property
    def may_start(self) -> bool:
        return not self.problems


def setup_view(
    form: SetupForm, known: Sequence[str] = (), typed: str = ""
) -> SetupView:
    """The form as shown; ``known``: names from earlier games (best first),
    of which those starting with ``typed`` and not seated are suggested."""
    count = len(form.names)
    seats = tuple(
        Seat(
            i,
            name,
            i == form.first_dealer,
            form.bots.get(name),
            seat_kind(form.bots.get(name)),
            next_strategy(form.bots.get(name)),
            i == 0,
            i == count - 1,
        )
        for i, name in enumerate(form.names)
    )
    return SetupView(
        seats,
        tuple(form.suggestions(list(known), typed)),
        form.target,
        form.brutal,
        form.lucky_pair_counts_two,
        form.tie_break,
        form.decks == 2,
        form.advisor,
        tuple(form.problems()),
    )


def setup_of(session: AppState, typed: str = "") -> SetupView:
    """The session's setup form, suggesting names that start with ``typed``."""
    return setup_view(session.form, session.library.known_names(), typed)
