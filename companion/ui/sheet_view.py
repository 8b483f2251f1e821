"""The score sheet: one column per player, one row per round, totals in big
numerals at the bottom, the leader in the accent colour, who deals next, and
a banner for tie-break rounds or the winner. Readable across a table."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.rules import Sheet

from .theme import ACCENT, BIG_NUMBER, DANGER

CELL = 84
NARROW = 72
FIRST = 64


def _cell(
    text: str,
    *,
    bold: bool = False,
    size: int = 18,
    colour: str | None = None,
    bg: str | None = None,
    width: int = CELL,
    tooltip: str | None = None,
) -> ft.Control:
    return ft.Container(
        width=width,
        height=40 if size < BIG_NUMBER else 52,
        bgcolor=bg,
        alignment=ft.Alignment.CENTER,
        tooltip=tooltip,
        content=ft.Text(
            text,
            size=size,
            color=colour,
            no_wrap=True,
            weight=ft.FontWeight.BOLD if bold else None,
            overflow=ft.TextOverflow.ELLIPSIS,
        ),
    )


def score_table(sheet: Sheet, on_edit: Callable[[int], None] | None) -> ft.Control:
    """The sheet; ``on_edit=None`` shows it read-only (past games)."""
    players = [
        p
        for p in sheet.players
        if p.seated or any(rec.entry(p.id) for rec in sheet.rounds)
    ]
    totals = sheet.totals()
    # four players fit a phone's width; more scroll sideways
    cell = CELL if len(players) <= 3 else NARROW
    seated_totals = [totals[p.id] for p in sheet.seated]
    best = max(seated_totals) if seated_totals and sheet.rounds else None
    leaders = {p.id for p in sheet.seated if totals[p.id] == best}
    next_dealer = sheet.next_dealer().id if not sheet.over else None
    lead_bg = ft.Colors.with_opacity(0.15, ACCENT)

    head = [_cell("Round", bold=True, width=FIRST, size=14)]
    for p in players:
        name = p.name + ("" if p.seated else " (left)")
        head.append(
            _cell(
                name,
                width=cell,
                bold=True,
                size=15,
                bg=lead_bg if p.id in leaders else None,
                tooltip="Deals next" if p.id == next_dealer else None,
            )
        )
    rows: list[ft.Control] = [ft.Row(head, spacing=0)]
    for i, rec in enumerate(sheet.rounds):
        label: ft.Control = ft.Text(f"R{i + 1}", size=14)
        if on_edit is not None:
            label = ft.TextButton(
                f"R{i + 1}",
                on_click=lambda _, i=i, edit=on_edit: edit(i),
                tooltip=f"Edit round {i + 1}",
            )
        cells: list[ft.Control] = [
            ft.Container(width=FIRST, alignment=ft.Alignment.CENTER, content=label)
        ]
        for p in players:
            entry = rec.entry(p.id)
            if entry is None:
                cells.append(_cell("·", colour=ft.Colors.OUTLINE, width=cell))
                continue
            score = entry.score(sheet.rules)
            mark = "✎" if entry.typed is not None else ""
            mark += "✗" if entry.busted else ""
            cells.append(
                _cell(
                    f"{score}{' ' + mark if mark else ''}",
                    width=cell,
                    colour=DANGER if entry.busted or score < 0 else None,
                    bg=lead_bg if p.id in leaders else None,
                )
            )
        rows.append(ft.Row(cells, spacing=0))
    foot: list[ft.Control] = [_cell("Total", bold=True, width=FIRST, size=14)]
    for p in players:
        foot.append(
            _cell(
                str(totals[p.id]),
                width=cell,
                bold=True,
                size=BIG_NUMBER,
                colour=ACCENT if p.id in leaders else None,
                bg=lead_bg if p.id in leaders else None,
            )
        )
    rows.append(ft.Divider(height=1))
    rows.append(ft.Row(foot, spacing=0))
    hint = "   tap R1, R2… to correct" if on_edit is not None else ""
    rows.append(ft.Text(f"✎ typed   ✗ busted{hint}", size=12))
    return ft.Row(
        [ft.Column(rows, spacing=0)],
        scroll=ft.ScrollMode.AUTO,
    )
