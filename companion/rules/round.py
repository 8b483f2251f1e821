"""A digitally dealt round: the public state machine of DESIGN.md's contract.

``Round.start`` deals up to the first decision; ``pending``/``legal()`` say
who decides what; ``play(choice)`` applies one choice. A round is fully
defined by its setup (rules, seats, dealer, the deck top first, the discard
pile, the reshuffle seed) and the list of choices played, so saving stores
exactly that and restoring replays it: the restored round is equal and
continues identically. Equality compares the setup, the choices and the
visible state.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import Any

from mypy_extensions import mypyc_attr

from .cards import Card
from .choice import Choice
from .config import Rules
from .decision import TURN, Pending
from .events import Event, event
from .linescores import cached_score
from .resolve import Gen, play_on, play_round
from .saving import SavedRoundError, dump, load, setup_data, start_args
from .scoring import BUSTED_SCORE, LineScore
from .setup import prepare
from .shuffle import shuffle, skip
from .status import BUSTED, Status
from .table import InternedCards, Table, Turner

_code = attrgetter("code")


class IllegalChoice(ValueError):
    """A choice that is not in ``legal()``; the round is left unchanged."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Round:
    """One round of Flip 7: With a Vengeance, dealt by the app."""

    __slots__ = (
        "rules",
        "players",
        "dealer",
        "seats",
        "totals",
        "seed",
        "_deck0",
        "_discard0",
        "_choices",
        "_t",
        "_gen",
        "_pending",
        "_legal",
        "_events",
        "_forked",
        "_mark",
    )

    def __init__(
        self,
        rules: Rules,
        players: int,
        dealer: int,
        seats: tuple[int, ...],
        deck: Sequence[Card],
        discard: Sequence[Card],
        seed: int | str,
        totals: tuple[int, ...] | None,
        table: Table | None = None,
        first: int | None = None,
    ) -> None:
        """Use :meth:`start` (it checks the arguments). ``table``: a table
        already laid out (the physical table's tapped-in lines, see
        :mod:`.table_odds`, or a copy of a round at ``first``'s turn, see
        :meth:`fork`): turns go on from there (from ``first``; None: the
        dealer's left), and the round is a what-if that cannot be saved."""
        self.rules = rules
        self.players = players
        self.dealer = dealer
        self.seats = seats
        self.totals = totals
        self.seed = seed
        self._deck0 = tuple(deck)
        self._discard0 = tuple(discard)
        if table is None:
            self._t = Table(rules, players, dealer, seats, deck, discard, seed)
            self._gen: Gen = play_round(self._t)
        else:
            self._t = table
            self._gen = play_on(table, first)
        self._choices: list[str] = self._t.played  # the engine's own turns too
        self._events: list[Event] = []
        self._forked = table is not None
        # Where forks at a decision other than a turn resume (_resumed).
        self._mark: tuple[int, int, Table | None, int] | None = None
        self._advance(None)

    @classmethod
    def start(
        cls,
        players: int = 3,
        dealer: int = 0,
        rules: Rules = Rules(),
        deck: Sequence[Card | str] | None = None,
        seed: int | str | None = None,
        *,
        discard: Sequence[Card | str] = (),
        active_players: Sequence[int] | None = None,
        totals: Sequence[int] | None = None,
    ) -> Round:
        """Deal a round and run it up to the first decision.

        ``deck``: the cards top first (a stacked deck); None shuffles every
        card of ``rules.decks`` decks with ``random.Random(seed)``, minus the
        ``discard`` pile carried over from earlier rounds. ``seed`` also fixes
        any mid-round reshuffle. ``active_players``: the seats taking part
        (tie-break rounds, R21); the others sit out with status ``OUT``.
        ``totals``: the game totals before this round, for bots and advisor.
        """
        s = prepare(players, dealer, rules, deck, seed, discard, active_players, totals)
        return cls(rules, players, dealer, s.seats, s.deck, s.discard, s.seed, s.totals)

    # --- driving ------------------------------------------------------------
    def _advance(self, choice: str | None) -> None:
        try:
            self._pending: Pending | None = (
                next(self._gen) if choice is None else self._gen.send(choice)
            )
        except StopIteration:
            self._pending = None

    @property
    def pending(self) -> Pending | None:
        return self._pending

    @property
    def over(self) -> bool:
        return self._pending is None

    def legal(self) -> list[str]:
        return [] if self._pending is None else list(self._pending.options)

    def play(self, choice: str | Choice) -> None:
        """Apply one choice from ``legal()`` (its string, or the parsed
        :class:`.choice.Choice`)."""
        if type(choice) is not str:
            choice = str(choice)
        pend = self._pending
        if pend is None:
            raise IllegalChoice("the round is over")
        if choice not in pend.options:
            raise IllegalChoice(
                f"{choice!r} is not a legal choice now; choose one of "
                + ", ".join(pend.options[:6])
                + (" …" if len(pend.options) > 6 else "")
            )
        self._choices.append(choice)
        try:
            self._pending = self._gen.send(choice)
        except StopIteration:
            self._pending = None

    # --- reading the table ------------------------------------------------------
    def line(self, i: int) -> list[str]:
        return [c.code for c in self._t.lines[i]]

    def number_sum(self, i: int) -> int:
        """Sum of the number cards in ``i``'s face-up line."""
        return self._t.sums[i]

    def codes(self, i: int) -> tuple[str, ...]:
        """``line(i)`` as a tuple (hashable, for caches)."""
        return tuple([c.code for c in self._t.lines[i]])

    def cards(self, i: int) -> list[Card]:
        """``line(i)`` as cards (a copy)."""
        return list(self._t.lines[i])

    # The play-outs (bots, advisor, simulator) read every seat at every
    # decision, thousands of rounds a second: these hand out the table's own
    # lists by seat, not copies. Read them; never change them.
    @property
    def seat_lines(self) -> list[list[Card]]:
        """Every seat's face-up line (:meth:`cards`), by seat."""
        return self._t.lines

    @property
    def seat_sums(self) -> list[int]:
        """Every seat's number sum (:meth:`number_sum`), by seat."""
        return self._t.sums

    @property
    def seat_status(self) -> list[Status]:
        """Every seat's :meth:`status`, by seat."""
        return self._t.status

    @property
    def seat_values(self) -> list[int]:
        """The values each face-up line holds, one bit per value: bit v
        (0-12) a number card of value v; bit 13 set for any 13 (how many:
        count the line)."""
        return self._t.values

    def face_down(self, i: int) -> list[str]:
        """A busted player's face-down cards (empty otherwise)."""
        return [c.code for c in self._t.down[i]]

    def status(self, i: int) -> Status:
        """:class:`.status.Status`: active, stayed, busted, or out (sitting
        out a tie-break); equal to those strings."""
        return self._t.status[i]

    @property
    def flip7(self) -> int | None:
        return self._t.flip7

    @property
    def attacked(self) -> int | None:
        """Brutal: who received the Flip 7 player's −15 (R20)."""
        return self._t.attacked

    @property
    def choices(self) -> list[str]:
        return list(self._choices)

    @property
    def deck(self) -> list[str]:
        """The cards left to draw, top first (hidden from players)."""
        return [c.code for c in reversed(self._t.deck)]

    @property
    def discard(self) -> list[str]:
        """The discard pile; once over, the round's table cards are on it."""
        return [c.code for c in self._t.zones()["discard"]]

    def leftovers(self) -> tuple[list[Card], list[Card]]:
        """The deck (top first) and discard pile as cards, for the next round:
        the deck passes on unshuffled, the pile keeps this round's cards."""
        t = self._t
        pile = t.discard + t.table_cards() if t.over else t.discard
        return InternedCards(t.deck[::-1]), InternedCards(pile)

    def deck_size(self) -> int:
        return len(self._t.deck)

    def zones(self) -> dict[str, list[str]]:
        """Every card by zone: deck (top first), discard, table (lines and
        face-down busted cards), set_aside (Flip Four), resolving."""
        return {k: [c.code for c in v] for k, v in self._t.zones().items()}

    def inventory(self) -> Counter[str]:
        """How many of each card the zones hold: always the full decks."""
        return self._t.inventory()

    def card_count(self) -> int:
        return sum(self._t.inventory().values())

    @property
    def events(self) -> list[Event]:
        log = self._t.log
        have = self._events
        if len(have) < len(log):
            have.extend(event(raw) for raw in log[len(have) :])
        return list(have)

    def line_score(self, i: int) -> LineScore:
        """``i``'s line scored now (the final score once the round is over).
        Remembered per seat with the line it scored (``Table.scored``):
        asked again while the line and its flags are the same, it is the
        same score, found by comparing the line, not by hashing it."""
        t = self._t
        busted = t.status[i] == BUSTED
        if busted and not self.rules.brutal:
            return BUSTED_SCORE  # what cached_score gives, whatever the line
        line = t.lines[i]
        bonus = t.bonus or t.flip7 != i
        attacked = self.rules.brutal and t.attacked == i
        flags = busted + 2 * bonus + 4 * attacked
        memo = t.scored[i]
        if memo is not None and memo[1] == flags and memo[0] == line:
            return memo[2]
        score = cached_score(line, busted, bonus, attacked, self.rules)
        t.scored[i] = (line[:], flags, score)
        return score

    def scores(self) -> list[int]:
        """Round scores per seat (0 for seats sitting out), once over."""
        if not self.over:
            raise ValueError("the round is not over")
        seats = set(self.seats)
        return [
            self.line_score(i).total if i in seats else 0 for i in range(self.players)
        ]

    # --- save, restore, compare ------------------------------------------------
    def setup(self) -> dict[str, Any]:
        return setup_data(
            self.rules,
            self.players,
            self.dealer,
            self.seats,
            self._deck0,
            self._discard0,
            self.seed,
            self.totals,
        )

    def fork(self, rng: random.Random) -> Round:
        """A what-if copy for simulations: the same round so far, with the
        cards left in the deck (and any later reshuffle) in a new order from
        ``rng``, as a player who cannot see the deck must assume. A fork can
        be played on but not saved.

        At a turn the fork copies the table (:meth:`_copy`) instead of
        replaying every choice from the deal: the same round, much cheaper,
        and the play-outs fork at every sample. At any other decision (a
        target, a steal…, where the generator's place is nested) it resumes
        from the last turn before it (:meth:`_resumed`) and replays only
        the choices since. tests/test_lean_fork.py proves both equal to
        the replay."""
        if self._at_turn():
            twin = self._copy()
        elif type(self) is Round:
            twin = self._resumed()
        else:
            return self._replayed(rng)
        t = twin._t
        shuffle(rng, t.deck)
        t.seed = f"{self.seed}/fork/{rng.getrandbits(32)}"
        return twin

    def _at_turn(self) -> bool:
        """A plain round at a hit or stay, where a copy can stand in for a
        replay (a :class:`.table_odds.TableRound` forks its own way)."""
        pend = self._pending
        return pend is not None and pend.kind is TURN and type(self) is Round

    def copy(self) -> Round:
        """A what-if copy of this round at a hit or stay, deck order and all:
        a fork without the new deck order, for playing several options on
        the same deal (fork once, copy per option: each fork costs a
        shuffle, a copy only the lists). ValueError at any other decision."""
        pend = self._pending
        if pend is None or pend.kind is not TURN:
            raise ValueError("a round is copied at a hit or stay")
        return self._copy()

    def _copy(self) -> Round:
        """This round at a turn, copied (what a replay would rebuild), its
        stop marks (:meth:`stop_at`) cleared: a what-if."""
        pend = self._pending
        assert pend is not None and pend.kind is TURN
        return type(self)(
            self.rules,
            self.players,
            self.dealer,
            self.seats,
            self._deck0,
            self._discard0,
            self.seed,
            self.totals,
            self._t.copy(),
            pend.player,
        )

    def _fresh(self) -> Round:
        """This round's setup dealt again, no choice played yet."""
        return Round(
            self.rules,
            self.players,
            self.dealer,
            self.seats,
            list(self._deck0),
            list(self._discard0),
            self.seed,
            self.totals,
        )

    def _resumed(self) -> Round:
        """What replaying every choice gives (deck unshuffled, a what-if),
        from the last turn before this decision: the table there, found by
        one replay and remembered for the next forks of this position
        (``_mark``: the number of choices it was found at, the index of
        that turn's choice, a copy of the table then, whose turn it was),
        copied, and only the choices since played again."""
        mark = self._mark
        if mark is None or mark[0] != len(self._choices):
            mark = self._mark = self._find_mark()
        _, k, table, player = mark
        if table is None:  # no turn yet (a decision of the deal): replay all
            twin = self._fresh()
            twin._forked = True
            k = 0
        else:
            twin = Round(
                self.rules,
                self.players,
                self.dealer,
                self.seats,
                self._deck0,
                self._discard0,
                self.seed,
                self.totals,
                table.copy(),
                player,
            )
        for choice in self._choices[k:]:
            twin.play(choice)
        return twin

    def _find_mark(self) -> tuple[int, int, Table | None, int]:
        """Replay the round, keeping the table at the last hit or stay."""
        twin = self._fresh()
        k, table, player = 0, None, 0
        for i, choice in enumerate(self._choices):
            pend = twin._pending
            if pend is not None and pend.kind is TURN:
                k, table, player = i, twin._t.copy(), pend.player
            twin.play(choice)
        return len(self._choices), k, table, player

    def _replayed(self, rng: random.Random) -> Round:
        """:meth:`fork` the long way: the setup replayed choice by choice."""
        twin = self._fresh()
        for choice in self._choices:
            twin.play(choice)
        shuffle(rng, twin._t.deck)
        twin._t.seed = f"{self.seed}/fork/{rng.getrandbits(32)}"
        twin._forked = True
        return twin

    def fork_unseen(self, rng: random.Random, label: str) -> Round:
        """A :meth:`fork` whose unseen cards' order depends only on ``rng``
        and which cards they are, not on their real order (the fork shuffles
        the real order; sorting first hides it), with a reshuffle seed
        ``label/…`` from ``rng`` rather than the round's hidden one."""
        if self._at_turn():
            # fork(rng) at a turn, without shuffling the deck the sort below
            # puts back in order: the same draws from ``rng``, no list moved.
            twin = self._copy()
            skip(rng, len(twin._t.deck))
            rng.getrandbits(32)  # the fork's reshuffle seed, replaced below
        else:
            twin = self.fork(rng)
        t = twin._t
        t.seed = f"{label}/{rng.getrandbits(32)}"
        t.discard.sort(key=_code)  # a mid-round reshuffle starts from it
        t.deck.sort(key=_code)
        shuffle(rng, t.deck)
        return twin

    def stop_at(self, seat: int, at: int | None) -> None:
        """From now on the engine plays ``seat``'s hit or stay itself, as a
        stop bot at ``at`` chooses (each choice still recorded), instead of
        asking; None: ask again. A play-out's shortcut (``bots.play_out``)."""
        self._t.stay_at[seat] = at

    def turn_by(self, seat: int, turner: Turner | None) -> None:
        """From now on the engine calls ``turner(seat, must)`` for ``seat``'s
        hit or stay (``must``: 1 when The Zero makes it hit) instead of
        asking, and records its answer (``hit`` or ``stay``; anything else,
        or ``stay`` when it must hit, raises ValueError); None: ask again.
        A :meth:`stop_at` mark comes first. While a turner runs, the round
        is read as it stands at that turn, but ``pending``, ``legal()`` and
        ``over`` still say what was asked last: a turner reads the table
        (lines, values, totals), not those. A play-out's shortcut
        (``bots.play_out``)."""
        self._t.turners[seat] = turner

    def hand_over(self) -> Table:
        """At a hit or stay: the table, for a play-out that finishes the
        round itself (:mod:`.lean`: no log, no choice strings, no events).
        From here the round is over as far as ``pending`` says, its
        generator closed, and a what-if that cannot be saved (its choices
        end here); the table's lines, piles, flags and scores are what the
        play-out leaves. ValueError at any other decision."""
        pend = self._pending
        if pend is None or pend.kind is not TURN:
            raise ValueError("a round is handed over at a hit or stay")
        self._gen.close()
        self._pending = None
        self._forked = True
        return self._t

    def to_json(self) -> str:
        if self._forked:
            raise ValueError("a what-if fork cannot be saved")
        return dump(self.setup(), self._choices)

    @classmethod
    def from_json(cls, text: str) -> Round:
        """The round saved by :meth:`to_json`, replayed to the same state;
        :class:`.saving.SavedRoundError` when the text is not one."""
        setup, choices = load(text)
        try:
            return cls.replay(setup, choices)
        except (KeyError, TypeError, ValueError) as exc:
            raise SavedRoundError(f"the saved round does not replay: {exc}") from exc

    @classmethod
    def replay(cls, setup: dict[str, Any], choices: Iterable[str]) -> Round:
        """A round from a setup (see :meth:`setup`) with these choices played."""
        rnd = cls.start(**start_args(setup))
        for choice in choices:
            rnd.play(choice)
        return rnd

    def state(self) -> dict[str, Any]:
        """Everything visible or hidden about the round now, as plain data."""
        t = self._t
        return {
            "zones": self.zones(),
            "lines": [self.line(i) for i in range(self.players)],
            "down": [self.face_down(i) for i in range(self.players)],
            "status": list(t.status),
            "flip7": t.flip7,
            "attacked": t.attacked,
            "pending": None if self._pending is None else tuple(self._pending),
            "log": list(t.log),
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Round):
            return NotImplemented
        return (
            self.setup() == other.setup()
            and self._choices == other._choices
            and self.state() == other.state()
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        who = (
            "over"
            if self._pending is None
            else f"{self._pending.kind} by {self._pending.player}"
        )
        return f"<Round {self.players} players, {len(self._choices)} choices, {who}>"
