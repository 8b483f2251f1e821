"""The score sheet: players, rules and recorded rounds, as immutable values.

Both ways of playing a round end here: a round tapped in at a physical table
and a round dealt digitally are both a :class:`RoundRecord` of per-player
:class:`Entry` values. Everything shown on the sheet (totals, who deals next,
the end of the game, tie-break rounds) is derived from the records, so an
edit of any past round makes all of it follow.

Methods never mutate: they return a new :class:`Sheet`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from .cards import CARDS, Card
from .config import RULE_KEYS, Rules
from .game import EndCheck, check_end
from .linescores import cached_score
from .names import FAULTS, name_fault
from .scoring import BRUTAL_ATTACK, LineScore, score_line

MAX_NAME: Final = 30


class SheetError(ValueError):
    """A change the sheet refuses, with an English message for the player.

    ``code`` and ``params`` say the same for the app layer, which words it
    in the session's language (``companion/app/problems.py``); ``code`` is
    "" for errors only a damaged file can cause.
    """

    def __init__(
        self, message: str, code: str = "", params: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = dict(params or {})


@dataclass(frozen=True, slots=True)
class Entry:
    """What one player got in one round.

    ``typed``: a score typed by hand because the cards were already swept up
    (the sheet marks it). ``sent_attack``: Brutal Flip 7 player who gave −15
    to another player instead of taking +15; ``attacked``: the player who
    received that −15 (R20).
    """

    cards: tuple[str, ...] = ()
    busted: bool = False
    typed: int | None = None
    attacked: bool = False
    sent_attack: bool = False
    # Its score by (Brutal, Lucky pair option), once: an entry is immutable
    # and a game loop adds the same interned entries round after round.
    _scores: dict[tuple[bool, bool], int] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def line_score(self, rules: Rules) -> LineScore:
        return score_line(
            self.cards,
            busted=self.busted,
            take_bonus=not self.sent_attack,
            rules=rules,
            attacked=self.attacked and rules.brutal,
        )

    def score(self, rules: Rules) -> int:
        got = self._scores.get((rules.brutal, rules.lucky_pair_counts_two))
        if got is None:
            got = self._scores[rules.brutal, rules.lucky_pair_counts_two] = self._score(
                rules
            )
        return got

    def _score(self, rules: Rules) -> int:
        if self.typed is not None:
            # A typed score stands in for the swept-up cards; a −15 sent by
            # another player's Brutal Flip 7 still lands on it (R20).
            attack = BRUTAL_ATTACK if self.attacked and rules.brutal else 0
            return self.typed - attack
        brutal = rules.brutal
        if self.busted and not brutal:
            return 0  # what score_line gives any busted line (standard rules)
        # Keyed by what a score depends on (the two options that change one,
        # not the Rules object, whose hash is slow), the cards sorted: their
        # order never matters.
        key = (
            tuple(sorted(self.cards)),
            self.busted,
            not self.sent_attack,
            self.attacked and brutal,
            brutal,
            rules.lucky_pair_counts_two,
        )
        total = _TOTALS.get(key)
        if total is None:
            if len(_TOTALS) >= _TOTALS_MAX:
                _TOTALS.clear()
            total = _TOTALS[key] = _line_total(*key[:4], rules)
        return total

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"cards": list(self.cards)}
        if self.busted:
            out["busted"] = True
        if self.typed is not None:
            out["typed"] = self.typed
        if self.attacked:
            out["attacked"] = True
        if self.sent_attack:
            out["sent_attack"] = True
        return out


# Every screen and the simulator's every round derive totals, the dealer and
# the end of the game from all the entries: each line is scored once.
_TOTALS: Final[dict[tuple[Any, ...], int]] = {}
_TOTALS_MAX: Final = 1 << 16


def _line_total(
    cards: tuple[str, ...], busted: bool, bonus: bool, attacked: bool, rules: Rules
) -> int:
    """A line's total with the engine's memo (a dealt round has just scored
    the same line)."""
    # the interned cards the memo needs (a dealt round's codes are exact)
    line = [CARDS[c] if c in CARDS else Card.parse(c) for c in cards]
    return cached_score(line, busted, bonus, attacked, rules).total


@dataclass(frozen=True, slots=True)
class Player:
    id: str
    name: str
    start: int = 0  # a late player may start at the lowest total
    seated: bool = True  # False once removed from the table


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One finished round: its dealer and an entry per player who took part."""

    dealer: str
    entries: tuple[tuple[str, Entry], ...]
    digital: bool = False
    tie_break: bool = False  # a tie-break round among the tied leaders (R21)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(pid for pid, _ in self.entries)

    def entry(self, pid: str) -> Entry | None:
        return dict(self.entries).get(pid)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "dealer": self.dealer,
            "entries": {pid: e.to_dict() for pid, e in self.entries},
        }
        if self.digital:
            out["digital"] = True
        if self.tie_break:
            out["tie_break"] = True
        return out


def _add(totals: dict[str, int], rec: RoundRecord, rules: Rules) -> dict[str, int]:
    """``totals`` with the round's scores added (in place)."""
    key = (rules.brutal, rules.lucky_pair_counts_two)
    for pid, entry in rec.entries:
        score = entry._scores.get(key)  # Entry.score's memo, read inline
        if score is None:
            score = entry.score(rules)
        totals[pid] = totals.get(pid, 0) + score
    return totals


def check_name(name: str, taken: Sequence[str]) -> str:
    """A clean player name, or :class:`SheetError` saying what is wrong."""
    clean = " ".join(name.split())
    if not clean:
        raise SheetError("A player needs a name.", "no_name")
    fault = name_fault(clean)
    if fault is not None:
        raise SheetError(f"A name {FAULTS[fault]}.", fault)
    if len(clean) > MAX_NAME:
        raise SheetError(
            f"Names are at most {MAX_NAME} characters.",
            "name_too_long",
            {"max": MAX_NAME},
        )
    if clean.casefold() in {t.casefold() for t in taken}:
        raise SheetError(
            f"{clean} is already at the table.", "name_taken", {"name": clean}
        )
    return clean


# What a sheet's memo derives from its players alone (see Sheet.add_round).
_PLAYER_MEMO: Final = ("seated", "seated_ids", "ids", "order")


@dataclass(frozen=True, slots=True)
class Sheet:
    """A whole game as the score sheet sees it."""

    players: tuple[Player, ...]
    rules: Rules = field(default_factory=Rules)
    first_dealer: str = ""
    rounds: tuple[RoundRecord, ...] = ()
    # What is derived from the (immutable) sheet, once: a game loop asks for
    # the totals, the end check and the dealer several times a round.
    _memo: dict[str, Any] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @classmethod
    def new(
        cls,
        names: Sequence[str],
        rules: Rules = Rules(),
        first_dealer: int = 0,
    ) -> Sheet:
        taken: list[str] = []
        for name in names:
            taken.append(check_name(name, taken))
        if not 2 <= len(taken) <= rules.max_players:
            raise SheetError(
                f"{'One deck' if rules.decks == 1 else 'Two decks'} "
                f"take 2 to {rules.max_players} players.",
                "player_count",
                {"decks": rules.decks, "max": rules.max_players},
            )
        players = tuple(Player(f"p{i + 1}", n) for i, n in enumerate(taken))
        if not 0 <= first_dealer < len(players):
            raise SheetError(
                "The first dealer must be one of the players.", "dealer_not_player"
            )
        return cls(players, rules, players[first_dealer].id)

    # --- derived --------------------------------------------------------
    @property
    def seated(self) -> tuple[Player, ...]:
        if "seated" not in self._memo:
            self._memo["seated"] = tuple(p for p in self.players if p.seated)
        seated: tuple[Player, ...] = self._memo["seated"]
        return seated

    def seated_ids(self) -> tuple[str, ...]:
        """The seated players' ids, in seat order."""
        if "seated_ids" not in self._memo:
            self._memo["seated_ids"] = tuple([p.id for p in self.seated])
        ids: tuple[str, ...] = self._memo["seated_ids"]
        return ids

    def player(self, pid: str) -> Player:
        for p in self.players:
            if p.id == pid:
                return p
        raise SheetError(f"No player {pid}.", "no_player", {"pid": pid})

    def totals(self, upto: int | None = None) -> dict[str, int]:
        """Each player's total after the first ``upto`` rounds (all by default)."""
        if upto is None:
            return dict(self.totals_view())
        out = {p.id: p.start for p in self.players}
        for rec in self.rounds[:upto]:
            _add(out, rec, self.rules)
        return out

    def totals_view(self) -> Mapping[str, int]:
        """:meth:`totals`, not copied: for reading only (a game loop reads
        them every round)."""
        if "totals" not in self._memo:
            self._memo["totals"] = self.totals(len(self.rounds))
        totals: dict[str, int] = self._memo["totals"]
        return totals

    def end(self) -> EndCheck:
        """The end check over the seated players, as seat indexes."""
        if "end" not in self._memo:
            totals = self.totals_view()
            check = check_end([totals[pid] for pid in self.seated_ids()], self.rules)
            self._memo["end"] = check if self.rounds else EndCheck(False)
        end: EndCheck = self._memo["end"]
        return end

    @property
    def over(self) -> bool:
        return self.end().over

    def winners(self) -> tuple[Player, ...]:
        return tuple(self.seated[i] for i in self.end().winners)

    def next_players(self) -> tuple[Player, ...]:
        """Who plays the next round: everyone seated, or only the tied (R21)."""
        tied = self.end().tie_break
        if tied:
            return tuple(self.seated[i] for i in tied)
        return self.seated

    def next_dealer(self) -> Player:
        """The dealer moves one seat left each round (seat order of the sheet),
        skipping players who left the table or sit out a tie-break round."""
        if "dealer" not in self._memo:
            self._memo["dealer"] = self._rotate_dealer()
        dealer: Player = self._memo["dealer"]
        return dealer

    def _rotate_dealer(self) -> Player:
        tied = self.end().tie_break
        seated = self.seated
        playing = {seated[i].id for i in tied} if tied else None  # None: all
        players = self.players
        ids = self._ids()
        if self.rounds:
            start, offset = ids.index(self.rounds[-1].dealer), 1
        else:
            start, offset = ids.index(self.first_dealer), 0
        for step in range(offset, offset + len(ids)):
            candidate = players[(start + step) % len(ids)]
            if candidate.seated and (playing is None or candidate.id in playing):
                return candidate
        return seated[0]

    def _ids(self) -> tuple[str, ...]:
        """The players' ids in seat order (the sheet's order)."""
        if "order" not in self._memo:
            self._memo["order"] = tuple([p.id for p in self.players])
        order: tuple[str, ...] = self._memo["order"]
        return order

    def names(self) -> dict[str, str]:
        return {p.id: p.name for p in self.players}

    # --- changes ----------------------------------------------------------
    def _check_round(self, rec: RoundRecord) -> None:
        if "ids" not in self._memo:
            self._memo["ids"] = {p.id for p in self.players}
        known: set[str] = self._memo["ids"]
        if not rec.entries:
            raise SheetError("A round needs at least one player.", "empty_round")
        ok = rec.dealer in known
        for pid, _ in rec.entries:
            ok = ok and pid in known
        if not ok:
            raise SheetError(
                "That round names a player who is not in the game.", "unknown_player"
            )

    def add_round(self, rec: RoundRecord) -> Sheet:
        if self.over:
            raise SheetError(
                "The game is over; start a new game or undo a round.", "game_over"
            )
        self._check_round(rec)
        return self._append(rec)

    def _append(self, rec: RoundRecord) -> Sheet:
        """:meth:`add_round` without its checks, for a game loop whose
        records name this sheet's own players and that deals only while the
        game is not over (:class:`~.match.Match`)."""
        new = Sheet(self.players, self.rules, self.first_dealer, (*self.rounds, rec))
        # The same players: what derives from them alone carries over, and
        # the totals (a game loop's every round) grow by this round's scores.
        memo, kept = self._memo, new._memo
        for key in _PLAYER_MEMO:
            if key in memo:
                kept[key] = memo[key]
        if "totals" in memo:
            kept["totals"] = _add(dict(memo["totals"]), rec, self.rules)
        return new

    def replace_round(self, index: int, rec: RoundRecord) -> Sheet:
        if not 0 <= index < len(self.rounds):
            raise SheetError(
                f"There is no round {index + 1}.", "no_round", {"n": index + 1}
            )
        self._check_round(rec)
        rounds = list(self.rounds)
        rounds[index] = rec
        return replace(self, rounds=tuple(rounds))

    def undo_round(self) -> Sheet:
        if not self.rounds:
            raise SheetError("No round to undo.", "nothing_to_undo")
        return replace(self, rounds=self.rounds[:-1])

    def rename(self, pid: str, name: str) -> Sheet:
        others = [p.name for p in self.seated if p.id != pid]
        clean = check_name(name, others)
        players = tuple(
            replace(p, name=clean) if p.id == pid else p for p in self.players
        )
        return replace(self, players=players)

    def add_player(self, name: str, *, at_lowest: bool = False) -> Sheet:
        seated = self.seated
        if len(seated) >= self.rules.max_players:
            raise SheetError(
                f"At most {self.rules.max_players} players.",
                "too_many_players",
                {"max": self.rules.max_players},
            )
        clean = check_name(name, [p.name for p in seated])
        totals = self.totals()
        start = min(totals[p.id] for p in seated) if at_lowest and seated else 0
        pid = f"p{len(self.players) + 1}"
        return replace(self, players=(*self.players, Player(pid, clean, start)))

    def remove_player(self, pid: str) -> Sheet:
        if len(self.seated) <= 2:
            raise SheetError("A game needs at least 2 players.", "too_few_players")
        self.player(pid)
        players = tuple(
            replace(p, seated=False) if p.id == pid else p for p in self.players
        )
        return replace(self, players=players)

    # --- persistence --------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The sheet as plain data; :func:`.sheet_read.read_sheet` reads it
        back, strictly."""
        r = self.rules
        return {
            "players": [
                {"id": p.id, "name": p.name, "start": p.start, "seated": p.seated}
                for p in self.players
            ],
            "rules": {key: getattr(r, key) for key in RULE_KEYS},
            "first_dealer": self.first_dealer,
            "rounds": [rec.to_dict() for rec in self.rounds],
        }

    def check(self) -> None:
        """Refuse a sheet no screen could show: the checks every loaded or
        imported sheet passes (the app's own changes keep them true)."""
        ids = [p.id for p in self.players]
        if not all(ids) or len(set(ids)) != len(ids):
            raise SheetError("Every player needs an id of their own.")
        if any(not p.name.strip() or len(p.name) > MAX_NAME for p in self.players):
            raise SheetError(f"Player names are 1 to {MAX_NAME} characters.")
        if not 2 <= len(self.seated) <= self.rules.max_players:
            raise SheetError(
                f"The table must seat 2 to {self.rules.max_players} players."
            )
        if self.first_dealer not in ids:
            raise SheetError("The first dealer is not one of the players.")
        for rec in self.rounds:
            self._check_round(rec)
            if len(set(rec.players)) != len(rec.players):
                raise SheetError("A player appears twice in one round.")
