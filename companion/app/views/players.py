"""The Players panel's view (rename, remove, a late player, person or
computer) and the host's phones panel, as words and flags.

Why values: which players the panel lists, what each seat's button says
and which phones may score for everyone are decided here and tested
without a page; the panel keeps only which row is being renamed or removed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.app.digital import seat_kind
from companion.app.seats import Seats
from companion.i18n import _
from companion.rules import Sheet


@dataclass(frozen=True, slots=True)
class SeatLine:
    """A player's row: the name, and the person/computer button; a player
    who left has no row, but the answer to removing them shows there."""

    pid: str
    name: str
    kind: str  # "Person", "Computer: hard (…)"
    bot: bool
    seated: bool = True


@dataclass(frozen=True, slots=True)
class PlayersView:
    seats: tuple[SeatLine, ...]  # every player, in seat order
    bots: bool  # the person/computer button is offered (a game to deal)

    def name(self, pid: str) -> str:
        return next((s.name for s in self.seats if s.pid == pid), "")


def players_view(sheet: Sheet, bots: Mapping[str, str] | None) -> PlayersView:
    """``bots``: each computer player's strategy; None when no digital
    table is open (no person/computer button)."""
    known = bots or {}
    return PlayersView(
        tuple(
            SeatLine(p.id, p.name, seat_kind(known.get(p.id)), p.id in known, p.seated)
            for p in sheet.players
        ),
        bots is not None,
    )


@dataclass(frozen=True, slots=True)
class PhoneLine:
    """A player on their own phone: may that phone score for everyone."""

    pid: str
    label: str  # "Bob's phone scores for everyone" (the switch's name)
    scorer: bool
    hint: str  # "Bob taps in on their own phone (dropped out: …)."


@dataclass(frozen=True, slots=True)
class PhonesView:
    phones: tuple[PhoneLine, ...]
    late_joins: bool


def phones_view(
    sheet: Sheet, seats: Seats, host: bool, *, always: bool = False
) -> PhonesView | None:
    """Nothing until a phone joined (or ``always``: the Invite screen); a
    phone's own screen: never."""
    if not host:
        return None
    names = sheet.names()
    held = [p for p in seats.claims if p in names]
    if not held and not seats.late_joins and not always:
        return None
    lines = []
    for pid in held:
        how = (
            _("{name} taps in on their own phone.")
            if seats.present(pid)
            else _(
                "{name} taps in on their own phone (dropped out: you may play "
                "for them)."
            )
        )
        lines.append(
            PhoneLine(
                pid,
                _("{name}'s phone scores for everyone").format(name=names[pid]),
                seats.holder(pid) in seats.scorers,
                how.format(name=names[pid]),
            )
        )
    return PhonesView(tuple(lines), seats.late_joins)
