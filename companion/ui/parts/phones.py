"""The host's view of the phones at a live table: who is on which phone,
who dropped out, who may score for everyone, and whether latecomers may add
themselves. Shown on the host's score sheet once a phone has joined."""

from __future__ import annotations

import functools

import flet as ft

from companion.app.actions.game import PhonesIntents
from companion.app.views.players import PhonesView
from companion.i18n import _
from companion.ui.widgets import section, switch_row


def phones_panel(view: PhonesView | None, intents: PhonesIntents) -> list[ft.Control]:
    """Nothing when ``view`` is None (no phone joined yet, or not the host)."""
    if view is None:
        return []
    rows: list[ft.Control] = [section(_("Phones at the table"))]
    for line in view.phones:
        rows.append(
            switch_row(
                line.label,
                line.scorer,
                functools.partial(intents.make_scorer, line.pid),
                line.hint,
            )
        )
    rows.append(
        switch_row(
            _("Late players may join"),
            view.late_joins,
            intents.allow_late,
            _("A phone with the invite can add a new player to this game."),
        )
    )
    return rows
