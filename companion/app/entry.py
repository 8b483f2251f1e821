"""The round being tapped in, as plain data that survives a restart.

One line of cards per player of the round, a busted flag, an optional typed
score (cards already swept up), and in Brutal the Flip 7 player's choice
(+15, or −15 to another player). Everything shown live — each line's score
chain, Flip 7, copies left, problems — is derived here from the rules core,
so the Flet view only draws it. ``to_dict``/``from_dict`` let the store keep
the draft after every tap.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from companion.i18n import _, ngettext
from companion.rules import (
    CardParseError,
    Entry,
    LineScore,
    Problem,
    RoundRecord,
    Rules,
    Sheet,
    SheetError,
    card,
    deck_counts,
    validate_round,
)
from companion.rules.scoring import score_bounds
from companion.store import NewerDocumentError

from .card_names import card_name

BLOB_VERSION = 1  # the stored draft's layout (saved games carry it as "v")


@dataclass
class RoundDraft:
    """A round entry in progress, for a new round or an edit of round ``editing``."""

    players: list[str]
    dealer: str
    lines: dict[str, list[str]] = field(default_factory=dict)
    busted: set[str] = field(default_factory=set)
    typed: dict[str, int] = field(default_factory=dict)
    attack: str | None = None  # Brutal Flip 7: who gets −15; None: +15 bonus
    editing: int | None = None
    tie_break: bool = False
    stash: dict[str, Any] | None = None  # the new round put aside during an edit
    done: set[str] = field(default_factory=set)  # lines their player called done

    @classmethod
    def fresh(cls, sheet: Sheet) -> RoundDraft:
        """An empty draft for the next round (only the tied players in R21)."""
        return cls(
            players=[p.id for p in sheet.next_players()],
            dealer=sheet.next_dealer().id,
            tie_break=bool(sheet.end().tie_break),
        )

    @classmethod
    def from_round(cls, sheet: Sheet, index: int) -> RoundDraft:
        """Round ``index`` of the sheet, loaded for correction."""
        if not 0 <= index < len(sheet.rounds):
            raise SheetError(_("There is no round {n}.").format(n=index + 1))
        rec = sheet.rounds[index]
        entries = dict(rec.entries)
        return cls(
            players=list(rec.players),
            dealer=rec.dealer,
            lines={pid: list(e.cards) for pid, e in entries.items()},
            busted={pid for pid, e in entries.items() if e.busted},
            typed={pid: e.typed for pid, e in entries.items() if e.typed is not None},
            attack=next((pid for pid, e in entries.items() if e.attacked), None),
            editing=index,
            tie_break=rec.tie_break,
        )

    def follow(self, sheet: Sheet) -> None:
        """After a roster change or undo, a new-round draft takes the sheet's
        next players and dealer, keeping what was tapped for those who stay."""
        if self.editing is not None:
            return
        fresh = RoundDraft.fresh(sheet)
        keep = set(fresh.players)
        self.players, self.dealer, self.tie_break = (
            fresh.players,
            fresh.dealer,
            fresh.tie_break,
        )
        self.lines = {p: c for p, c in self.lines.items() if p in keep}
        self.busted &= keep
        self.typed = {p: t for p, t in self.typed.items() if p in keep}
        self.done &= keep
        if self.attack not in keep:
            self.attack = None

    # --- taps -----------------------------------------------------------------
    def line(self, pid: str) -> list[str]:
        return self.lines.get(pid, [])

    def copies_left(self, rules: Rules) -> Counter[str]:
        """Copies of each card not yet tapped anywhere in this round."""
        used = Counter(code for pid in self.players for code in self.line(pid))
        left = deck_counts(rules.decks)
        left.subtract(used)
        return left

    def add_card(self, pid: str, code: str, rules: Rules) -> None:
        self._check(pid)
        try:
            c = card(code)
        except CardParseError as exc:
            raise SheetError(
                _(
                    "Unknown card {token}: use 0-13, 7U, 13L, /2, -2 to -10, "
                    "JOM, F4, STEAL, SWAP or DISCARD"
                ).format(token=repr(exc.token))
            ) from exc
        if c.is_action:
            raise SheetError(
                _("{card} is an action: actions never stay in a line.").format(
                    card=card_name(c.code)
                )
            )
        if self.copies_left(rules)[c.code] <= 0:
            raise SheetError(_none_left(c.code, rules))
        self.lines.setdefault(pid, []).append(c.code)

    def remove_card(self, pid: str, index: int) -> None:
        self._check(pid)
        line = self.line(pid)
        if not 0 <= index < len(line):
            raise SheetError(_("That card is not in the line."))
        del line[index]

    def set_busted(self, pid: str, busted: bool) -> None:
        self._check(pid)
        (self.busted.add if busted else self.busted.discard)(pid)

    def set_typed(self, pid: str, score: int | None) -> None:
        """A round score typed by hand (``None`` goes back to the cards)."""
        self._check(pid)
        if score is None:
            self.typed.pop(pid, None)
        else:
            self.typed[pid] = score

    def choose_attack(self, target: str | None, rules: Rules) -> None:
        """Brutal Flip 7: ``None`` takes +15, a player id gives them −15 (R20)."""
        if target is None:
            self.attack = None
            return
        if not rules.brutal:
            raise SheetError(_("Only Brutal mode has the −15 attack."))
        self._check(target)
        flipper = self.flip7_player(rules)
        if flipper is None:
            raise SheetError(_("Nobody has a Flip 7 in this round."))
        if target == flipper:
            raise SheetError(_("The −15 goes to another player."))
        self.attack = target

    def set_done(self, pid: str, done: bool) -> None:
        """A player says their line is all in (at a live table); any later
        change of the line takes the mark away again."""
        self._check(pid)
        (self.done.add if done else self.done.discard)(pid)

    def is_in(self, pid: str) -> bool:
        """The line is finished: called done, or busted."""
        return pid in self.done or pid in self.busted

    @property
    def all_in(self) -> bool:
        return all(self.is_in(pid) for pid in self.players)

    # --- derived --------------------------------------------------------------
    def flip7_player(self, rules: Rules) -> str | None:
        """The first player whose tapped line is a Flip 7 (typed lines aside)."""
        for pid in self.players:
            if pid in self.typed or pid in self.busted:
                continue
            if Entry(tuple(self.line(pid))).line_score(rules).flip7:
                return pid
        return None

    def _attack_pair(self, rules: Rules) -> tuple[str, str] | None:
        if not rules.brutal or self.attack is None:
            return None  # before flip7_player, which scores every line
        flipper = self.flip7_player(rules)
        if flipper is None:
            return None
        if self.attack == flipper or self.attack not in self.players:
            return None
        return flipper, self.attack

    def entry(self, pid: str, rules: Rules) -> Entry:
        pair = self._attack_pair(rules)
        return Entry(
            cards=tuple(self.line(pid)),
            busted=pid in self.busted,
            typed=self.typed.get(pid),
            attacked=pair is not None and pair[1] == pid,
            sent_attack=pair is not None and pair[0] == pid,
        )

    def line_score(self, pid: str, rules: Rules) -> LineScore:
        """The pipeline of the tapped cards (a typed score replaces its total)."""
        return self.entry(pid, rules).line_score(rules)

    def score(self, pid: str, rules: Rules) -> int:
        return self.entry(pid, rules).score(rules)

    def problems(self, rules: Rules, names: dict[str, str]) -> list[Problem]:
        """Why this entry is impossible; ``Problem.player`` indexes ``players``."""
        who = [names.get(pid, pid) for pid in self.players]
        # English like the rules' own messages; problems.py words the code.
        neg = "{}: scores never go below 0 without Brutal mode."  # i18n: not shown
        found = validate_round(
            [self.line(pid) for pid in self.players],
            [pid in self.busted for pid in self.players],
            rules,
            who,
        )
        low, high = score_bounds(rules)
        for i, pid in enumerate(self.players):
            typed = self.typed.get(pid)
            if typed is None or low <= typed <= high:
                continue
            if typed < 0 and not rules.brutal:
                found.append(Problem("typed_negative", neg.format(who[i]), i))
            else:
                message = f"{who[i]}: no round scores {typed}."  # i18n: not shown
                bounds = {"score": typed, "low": low, "high": high}
                found.append(Problem("typed_out_of_range", message, i, None, bounds))
        return found

    def record(self, rules: Rules, *, digital: bool = False) -> RoundRecord:
        entries = tuple((pid, self.entry(pid, rules)) for pid in self.players)
        return RoundRecord(self.dealer, entries, digital, self.tie_break)

    @property
    def empty(self) -> bool:
        return not any(self.lines.values()) and not self.busted and not self.typed

    def _check(self, pid: str) -> None:
        if pid not in self.players:
            raise SheetError(_("That player does not play this round."))

    # --- persistence ------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "v": BLOB_VERSION,
            "players": list(self.players),
            "dealer": self.dealer,
            "lines": {p: list(c) for p, c in self.lines.items() if c},
            "busted": sorted(self.busted),
            "typed": dict(self.typed),
            "attack": self.attack,
            "editing": self.editing,
            "tie_break": self.tie_break,
            "stash": self.stash,
            "done": sorted(self.done),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RoundDraft:
        if int(data.get("v", 1)) > BLOB_VERSION:
            # The hub says "the round being entered could not be restored".
            newer = "saved by a newer version of the app"  # i18n: not shown
            raise NewerDocumentError(newer)
        editing = data.get("editing")
        attack = data.get("attack")
        return cls(
            players=[str(p) for p in data["players"]],
            dealer=str(data["dealer"]),
            lines={str(p): [str(c) for c in cs] for p, cs in data["lines"].items()},
            busted={str(p) for p in data.get("busted", ())},
            typed={str(p): int(t) for p, t in data.get("typed", {}).items()},
            attack=None if attack is None else str(attack),
            editing=None if editing is None else int(editing),
            # "tiebreak": the key before names were unified; still read
            tie_break=bool(data.get("tie_break", data.get("tiebreak", False))),
            stash=data.get("stash"),
            done={str(p) for p in data.get("done", ())},
        )


def _none_left(code: str, rules: Rules) -> str:
    """Why no more of a card can be tapped: every copy is in this round."""
    held = deck_counts(rules.decks)[code]
    if rules.decks == 1:
        text = ngettext(
            "No {card} left: the deck holds {n} and all are in this round.",
            "No {card} left: the deck holds {n} and all are in this round.",
            held,
        )
    else:
        text = ngettext(
            "No {card} left: two decks hold {n} and all are in this round.",
            "No {card} left: two decks hold {n} and all are in this round.",
            held,
        )
    return text.format(card=card_name(code), n=held)
