"""The host's view of the phones at a live table: who is on which phone,
who dropped out, who may score for everyone, and whether latecomers may add
themselves. Shown on the host's score sheet once a phone has joined."""

from __future__ import annotations

import functools

import flet as ft

from companion.app import AppState
from companion.i18n import _
from companion.ui.widgets import section, switch_row


def phones_panel(state: AppState, *, always: bool = False) -> list[ft.Control]:
    """Nothing until a phone joined (or ``always``: the Invite screen)."""
    sheet = state.sheet
    if sheet is None or not state.seat.host:
        return []
    seats = state.seat.seats
    names = sheet.names()
    held = [p for p in seats.claims if p in names]
    if not held and not seats.late_joins and not always:
        return []
    rows: list[ft.Control] = [section(_("Phones at the table"))]
    for pid in held:
        how = (
            _("{name} taps in on their own phone.")
            if seats.present(pid)
            else _(
                "{name} taps in on their own phone (dropped out: you may play "
                "for them)."
            )
        )
        holder = seats.holder(pid)
        rows.append(
            switch_row(
                _("{name}'s phone scores for everyone").format(name=names[pid]),
                holder in seats.scorers,
                functools.partial(_scorer, state, pid),
                how.format(name=names[pid]),
            )
        )
    rows.append(
        switch_row(
            _("Late players may join"),
            seats.late_joins,
            functools.partial(_late, state),
            _("A phone with the invite can add a new player to this game."),
        )
    )
    return rows


async def _late(state: AppState, on: bool) -> None:
    await state.act(state.seat.allow_late, on)


async def _scorer(state: AppState, pid: str, on: bool) -> None:
    await state.act(state.seat.make_scorer, pid, on)
