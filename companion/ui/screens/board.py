"""The board: one game, read-only, for a TV or a tablet in the middle of
the table (issue 11, item 4).

Large type readable from across the room: the totals biggest first with
the leader marked in words and with an icon (not by colour alone) and the
target; the round being tapped in (who deals, whose line is in, each line's
score so far) or the digital round on the table (whose turn, everyone's
cards and status); the last saved round. It draws a
:class:`~companion.app.board.Board` and nothing else, and has no control
that changes the game: the root re-renders it whenever any screen commits.
On a wide screen the totals and the rounds stand side by side.

Every row is kept between renders (:mod:`companion.ui.kept`) while the
frozen value it draws is equal: a tap at a live table changes one line, so
only that row is built and diffed again on the server, not the board.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.app.board import (
    STATUS_WORDS,
    WINNER,
    Board,
    DealtRound,
    EntryRound,
    Line,
    SavedRound,
    Seat,
    Total,
)
from companion.app.refusal import NO_GAME
from companion.i18n import _, signed
from companion.rules import Status
from companion.ui.guard import screen
from companion.ui.kept import kept
from companion.ui.parts.cardlook import card_face
from companion.ui.textscale import text_scale
from companion.ui.widgets import flat

TITLE, HEADLINE, SECTION = 34, 28, 24
NAME, TOTAL, MARK = 28, 44, 20
LINE_NAME, LINE_SCORE, SMALL = 24, 32, 20
CARD = 0.5  # card faces at half size: a line of seven still fits a phone
STRONG = ft.Colors.PRIMARY  # the theme's accent, readable in both themes
MUTED = ft.Colors.ON_SURFACE_VARIANT
BAD = ft.Colors.ERROR
BUSTED = STATUS_WORDS[Status.BUSTED]  # the code a busted seat's status holds
WIDE: dict[str | ft.ResponsiveRowBreakpoint, int | float] = {
    "xs": 12,
    "lg": 6,
}  # two columns from 992 px: a TV shows it all at once


def said(label: str, content: ft.Control) -> ft.Control:
    """One row read out as one sentence (a screen reader, the browser tests)."""
    return ft.Semantics(
        label=label, container=True, exclude_semantics=True, content=content
    )


@screen
def BoardScreen(
    board: Board | None, on_back: Callable[[], None] | None = None
) -> ft.Control:
    """The board (None: no game open); ``on_back`` (the host's "Back to
    sheet") is absent for a guest's board."""
    if board is None:
        return ft.Text(_(NO_GAME), size=SECTION)
    top: list[ft.Control] = [_title(board, on_back)]
    if board.headline:
        top.append(_headline(board))
    rounds: list[ft.Control] = []
    if board.dealt is not None:
        rounds.append(_dealt(board.dealt))
    if board.entry is not None:
        rounds.append(_entry(board.entry))
    if board.last is not None:
        rounds.append(_last(board.last))
    columns = ft.ResponsiveRow(
        [
            ft.Column([_totals(board)], col=WIDE),
            ft.Column(rounds, col=WIDE, spacing=24),
        ],
        spacing=24,
        run_spacing=24,
    )
    return ft.ListView(controls=[*top, columns], padding=16, spacing=16, expand=True)


def _title(board: Board, on_back: Callable[[], None] | None) -> ft.Control:
    """The game's title; the host's way back sits above it, out of its way."""
    title = ft.Text(board.title, size=TITLE, weight=ft.FontWeight.BOLD)
    if on_back is None:
        return title
    back = flat(_("Back to sheet"), on_back, ft.Icons.ARROW_BACK)
    return ft.Column([ft.Row([back]), title], spacing=0)


def _headline(board: Board) -> ft.Control:
    icon = ft.Icons.EMOJI_EVENTS if board.over else ft.Icons.BALANCE
    return ft.Row(
        [
            ft.Icon(icon, color=STRONG, size=HEADLINE + 8),
            ft.Text(
                board.headline or "",
                size=HEADLINE,
                weight=ft.FontWeight.BOLD,
                color=STRONG,
                expand=True,
            ),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def _heading(text: str, detail: str = "") -> ft.Control:
    """A section's heading, read out as a heading of its own, and the line
    under it as a line of its own ("Round 2 · Ann deals", "Waiting for Bob"
    were folded into the totals' group, unheard as themselves: issue 37
    bug 7)."""
    parts: list[ft.Control] = [
        _spoken(ft.Text(text, size=SECTION, weight=ft.FontWeight.BOLD), header=True)
    ]
    if detail:
        parts.append(_spoken(ft.Text(detail, size=SMALL + 2, color=MUTED)))
    return ft.Column(parts, spacing=0)


def _spoken(text: ft.Text, *, header: bool = False) -> ft.Control:
    """``text`` as one node of the semantics tree, named by its words."""
    return ft.Semantics(
        label=text.value,
        header=header,
        container=True,
        exclude_semantics=True,
        content=text,
    )


def _totals(board: Board) -> ft.Control:
    first = _("First to {target} wins").format(target=board.target)
    rows: list[ft.Control] = [_heading(_("Totals"), first)]
    rows += [
        kept(f"total:{i}", t, partial(_total, t)) for i, t in enumerate(board.players)
    ]
    return ft.Column(rows, spacing=8)


def _total(t: Total) -> ft.Control:
    marked = bool(t.mark)
    mark = _(t.mark) if marked else ""  # a code of app/board: worded here
    name: list[ft.Control] = [
        ft.Text(t.name, size=NAME, weight=ft.FontWeight.BOLD, max_lines=2)
    ]
    if marked:
        icon = ft.Icons.EMOJI_EVENTS if t.mark == WINNER else ft.Icons.STAR
        name.append(
            ft.Row(
                [
                    ft.Icon(icon, color=STRONG, size=MARK + 4),
                    ft.Text(mark, size=MARK, color=STRONG, weight=ft.FontWeight.BOLD),
                ],
                spacing=4,
            )
        )
    row = ft.Row(
        [
            ft.Text(f"{t.place}.", size=NAME, width=48 * text_scale(), color=MUTED),
            ft.Column(name, spacing=0, expand=True),
            ft.Text(signed(t.total), size=TOTAL, weight=ft.FontWeight.BOLD),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    label = f"{t.place}. {t.name} {signed(t.total)}" + (f", {mark}" if marked else "")
    return said(
        label,
        ft.Container(
            padding=ft.Padding.symmetric(horizontal=12, vertical=6),
            border_radius=12,
            border=ft.Border.all(3, STRONG) if marked else None,
            bgcolor=ft.Colors.with_opacity(0.08, STRONG) if marked else None,
            content=row,
        ),
    )


def _entry(entry: EntryRound) -> ft.Control:
    title = _entry_title(entry)
    if entry.all_in:
        status = _("All lines are in.")
    else:
        status = _("Waiting for {names}").format(names=", ".join(entry.waiting))
    rows: list[ft.Control] = [_heading(title, status)]
    rows += [
        kept(f"entry:{i}", line, partial(_entry_line, line))
        for i, line in enumerate(entry.lines)
    ]
    return ft.Column(rows, spacing=8)


def _entry_title(entry: EntryRound) -> str:
    n, dealer = entry.number, entry.dealer
    if entry.correcting:
        title = _("Correcting round {number} · {dealer} deals")
    else:
        title = _("Round {number} · {dealer} deals")
    title = title.format(number=n, dealer=dealer)
    return _("{title} · tie-break").format(title=title) if entry.tie_break else title


def _entry_line(line: Line) -> ft.Control:
    if line.done:
        icon, state, colour = ft.Icons.CHECK_CIRCLE, _("in"), STRONG
    else:
        icon, state, colour = ft.Icons.HOURGLASS_EMPTY, _("not in yet"), MUTED
    row = ft.Row(
        [
            ft.Icon(icon, color=colour, size=LINE_NAME + 10),
            ft.Column(
                [
                    ft.Text(line.name, size=LINE_NAME, weight=ft.FontWeight.BOLD),
                    ft.Text(state, size=SMALL, color=colour),
                    *_line_body(line),
                ],
                spacing=2,
                expand=True,
            ),
            ft.Text(signed(line.score), size=LINE_SCORE, weight=ft.FontWeight.BOLD),
        ],
        vertical_alignment=ft.CrossAxisAlignment.START,
    )
    return said(f"{line.name} {signed(line.score)}, {state}", _boxed(row))


def _line_body(line: Line) -> list[ft.Control]:
    """The line's cards (face down when busted) and what happened to it."""
    out: list[ft.Control] = []
    if line.cards:
        faces = [card_face(c, scale=CARD, face_down=line.busted) for c in line.cards]
        out.append(ft.Row(faces, wrap=True, spacing=4, run_spacing=4))
    return out + _words(line)


def _words(line: Line) -> list[ft.Control]:
    words = _line_words(line)
    if not words:
        return []
    return [ft.Text(words, size=SMALL, color=BAD if line.busted else STRONG)]


def _line_words(line: Line) -> str:
    words = []
    if line.busted:
        words.append(_("Busted"))
    if line.flip7:
        words.append(_("Flip 7, −15 given") if line.gave_attack else _("Flip 7"))
    if line.attacked:
        words.append(_("−15 from a Flip 7"))
    if line.typed:
        words.append(_("score typed"))
    return " · ".join(words)


def _boxed(content: ft.Control, *, strong: bool = False) -> ft.Control:
    return ft.Container(
        padding=10,
        border_radius=12,
        border=ft.Border.all(
            3 if strong else 1, STRONG if strong else ft.Colors.OUTLINE
        ),
        content=content,
    )


def _dealt(dealt: DealtRound) -> ft.Control:
    title = _("Round {number} · {dealer} deals").format(
        number=dealt.number, dealer=dealt.dealer
    )
    rows: list[ft.Control] = [_heading(title, _("Dealt by the app"))]
    if dealt.turn:
        rows.append(
            ft.Text(dealt.turn, size=HEADLINE, weight=ft.FontWeight.BOLD, color=STRONG)
        )
    rows += [kept(f"seat:{i}", s, partial(_seat, s)) for i, s in enumerate(dealt.seats)]
    return ft.Column(rows, spacing=8)


def _seat(seat: Seat) -> ft.Control:
    who = _("{name} · computer").format(name=seat.name) if seat.computer else seat.name
    bad = seat.status == BUSTED
    faces = [card_face(c, scale=CARD, face_down=True) for c in seat.face_down]
    faces += [card_face(c, scale=CARD) for c in seat.cards]
    status = _("to play") if seat.to_move else _(seat.status)  # a code: worded
    body: list[ft.Control] = [
        ft.Text(who, size=LINE_NAME, weight=ft.FontWeight.BOLD),
        ft.Text(
            status, size=SMALL, color=BAD if bad else STRONG, weight=ft.FontWeight.BOLD
        ),
    ]
    if faces:
        body.append(ft.Row(faces, wrap=True, spacing=4, run_spacing=4))
    row = ft.Row(
        [
            ft.Column(body, spacing=2, expand=True),
            ft.Text(signed(seat.score), size=LINE_SCORE, weight=ft.FontWeight.BOLD),
        ],
        vertical_alignment=ft.CrossAxisAlignment.START,
    )
    label = f"{seat.name} {signed(seat.score)}, {status}"
    return said(label, _boxed(row, strong=seat.to_move))


def _last(last: SavedRound) -> ft.Control:
    if last.digital:
        how = _("{dealer} dealt · dealt by the app").format(dealer=last.dealer)
    else:
        how = _("{dealer} dealt").format(dealer=last.dealer)
    heading = _("Last round: {number}").format(number=last.number)
    rows: list[ft.Control] = [_heading(heading, how)]
    rows += [
        kept(
            f"last:{i}",
            (last.number, line),
            partial(_saved_line, last.number, line),
        )
        for i, line in enumerate(last.lines)
    ]
    return ft.Column(rows, spacing=6)


def _saved_line(number_: int, line: Line) -> ft.Control:
    row = ft.Row(
        [
            ft.Column(
                [ft.Text(line.name, size=LINE_NAME), *_words(line)],
                spacing=0,
                expand=True,
            ),
            ft.Text(signed(line.score), size=LINE_SCORE, weight=ft.FontWeight.BOLD),
        ],
    )
    words = _line_words(line)
    label = _("Round {number}: {name} {score}").format(
        number=number_, name=line.name, score=signed(line.score)
    )
    return said(label + (f", {words}" if words else ""), row)
