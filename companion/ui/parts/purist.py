"""A purist table (issue 13): no advisor and no odds, for tables that count
them as cheating. The host's switch sits on the score sheet, where every
phone also reads whether the table is purist; the digital table shows the
advisor's switch only where it may be used."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import _
from companion.ui.widgets import switch_row


def purist_row(
    host: bool, purist: bool, switch: Callable[[bool], object]
) -> list[ft.Control]:
    """The host's switch; for everyone else a line, when the table is purist."""
    if host:
        return [
            switch_row(
                _("Purist table"),
                purist,
                switch,
                _("No advisor and no odds at this table."),
            )
        ]
    if purist:
        return [ft.Text(_("Purist table: no advisor and no odds."), size=13)]
    return []


def advisor_switch(
    purist: bool, advisor: bool | None, switch: Callable[[bool], object]
) -> list[ft.Control]:
    """The advisor's switch for whoever runs the table (``advisor`` None
    elsewhere); not on a purist one, where a line says why it is missing."""
    if purist:
        return [ft.Text(_("Purist table: no advisor and no odds."), size=13)]
    if advisor is None:
        return []
    return [
        switch_row(
            _("Advisor"),
            advisor,
            switch,
            _(
                "Each choice's chance to win the game, bust and Flip 7 chances, "
                "and a suggestion."
            ),
        )
    ]
