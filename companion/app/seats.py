"""Which phone is which player at a live table, as one immutable value.

Why: a joined phone taps in its own line and decides for its own seat in
the digital deal, so the game must know who holds each seat, whether that
phone is still connected (a phone that dropped out is waited for, then the
host may play for it) and which phones the host made scorers. It lives in
the game's :class:`~companion.app.open_game.GameState`, so claiming a seat
goes through the one commit path like any tap and every page hears of it;
it is not written to disk (after a restart phones claim their seat again,
from what each remembers).

A holder is one session's random key, never a person's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType


def _frozen(d: Mapping[str, str] | None = None) -> Mapping[str, str]:
    return MappingProxyType(dict(d or {}))


@dataclass(frozen=True, slots=True)
class Seats:
    claims: Mapping[str, str] = field(default_factory=_frozen)  # player id → holder
    away: frozenset[str] = frozenset()  # holders whose phone is disconnected
    scorers: frozenset[str] = frozenset()  # holders who may edit every line
    late_joins: bool = False  # the host lets newcomers add themselves

    def holder(self, pid: str) -> str | None:
        return self.claims.get(pid)

    def seat_of(self, holder: str) -> str | None:
        return next((p for p, h in self.claims.items() if h == holder), None)

    def present(self, pid: str) -> bool:
        """A phone holds the seat and is connected."""
        holder = self.claims.get(pid)
        return holder is not None and holder not in self.away

    def claim(self, pid: str, holder: str) -> Seats:
        """``holder`` takes ``pid`` (giving up any other seat it held)."""
        claims = {p: h for p, h in self.claims.items() if h != holder}
        claims[pid] = holder
        return replace(self, claims=_frozen(claims), away=self.away - {holder})

    def leave(self, holder: str) -> Seats:
        claims = {p: h for p, h in self.claims.items() if h != holder}
        return replace(
            self,
            claims=_frozen(claims),
            away=self.away - {holder},
            scorers=self.scorers - {holder},
        )

    def connected(self, holder: str, on: bool) -> Seats:
        away = self.away - {holder} if on else self.away | {holder}
        return replace(self, away=away)

    def make_scorer(self, holder: str, on: bool) -> Seats:
        scorers = self.scorers | {holder} if on else self.scorers - {holder}
        return replace(self, scorers=scorers)

    def allow_late(self, on: bool) -> Seats:
        return replace(self, late_joins=on)

    def keep(self, pids: set[str]) -> Seats:
        """Only seats of players still in the game."""
        claims = {p: h for p, h in self.claims.items() if p in pids}
        if len(claims) == len(self.claims):
            return self
        return replace(self, claims=_frozen(claims))
