"""The game's result as plain text, sized to fit one QR code.

A phone camera shows the text of a QR code without any app, so the summary
is the one share that works for everybody at the table. It comes in detail
levels from "every round" down to "totals with names cut short"; the totals
are never dropped. :func:`qr_summary` picks the most detailed level whose QR
stays small enough to scan from a phone screen.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from enum import IntEnum

from companion.i18n import _, ngettext
from companion.rules import Player, Sheet

from .meta import NO_META, ShareMeta
from .qr import Ecc, qr_version
from .stats import late_start

MAX_SUMMARY_VERSION = 25  # 117 modules: still scans from a phone screen
_ECC_PREFERENCE = (Ecc.Q, Ecc.M)  # most robust first; L only as a last resort


class Detail(IntEnum):
    """Detail levels, most detailed first (the order qr_summary tries)."""

    ROUNDS = 0  # ranked totals, each player's score in every round, rules
    TOTALS = 1  # ranked totals, winner, rounds played, rules
    SHORT = 2  # totals with names cut to 16 bytes of UTF-8, no rules line
    TINY = 3  # totals with names cut to 8 bytes of UTF-8


_NAME_BYTES: dict[Detail, int | None] = {
    Detail.ROUNDS: None,
    Detail.TOTALS: None,
    Detail.SHORT: 16,
    Detail.TINY: 8,
}


@dataclass(frozen=True, slots=True)
class QrSummary:
    text: str
    detail: Detail
    ecc: Ecc
    version: int


def _clusters(text: str) -> list[str]:
    """Split into user-perceived characters, closely enough for cutting:
    accents, variation selectors, skin tones and ZWJ sequences stay whole."""
    out: list[str] = []
    for ch in text:
        joins = ch in "\u200d\ufe0e\ufe0f" or "\U0001f3fb" <= ch <= "\U0001f3ff"
        if out and (joins or unicodedata.combining(ch) or out[-1][-1] == "\u200d"):
            out[-1] += ch
        else:
            out.append(ch)
    return out


def cut_name(name: str, max_bytes: int | None) -> str:
    """``name`` within ``max_bytes`` of UTF-8, cut between whole characters
    (an accent or an emoji sequence is never split) with "…" added."""
    if max_bytes is None or len(name.encode("utf-8")) <= max_bytes:
        return name
    budget = max_bytes - len("…".encode())
    out = ""
    for cluster in _clusters(name):
        if len((out + cluster).encode("utf-8")) > budget:
            break
        out += cluster
    if not out and len(name[0].encode("utf-8")) <= budget:
        out = name[0]  # a long emoji sequence: its first emoji stands for it
    return out.rstrip() + "…"


def _num(value: int) -> str:
    return str(value)  # ASCII minus: one byte, every reader shows it


def _rules_line(sheet: Sheet) -> str:
    r = sheet.rules
    parts = [
        _("Brutal") if r.brutal else _("Standard"),
        _("target {target}").format(target=r.target),
    ]
    if r.decks == 2:
        parts.append(_("2 decks"))
    if not r.tie_break:
        parts.append(_("ties share the win"))
    return " · ".join(parts)


def _names(names: list[str]) -> str:
    """Names as a plain list: short, the same shape in every language."""
    return ", ".join(names)


def _result_line(sheet: Sheet, names: dict[str, str]) -> str:
    """Written in the sharer's language (the session's ``_()``)."""
    if not sheet.rounds:
        return _("Not started yet")
    check = sheet.end()
    seated = sheet.seated
    if check.over:
        won = [names[seated[i].id] for i in check.winners]
        if len(won) == 1:
            return _("Winner: {name}").format(name=won[0])
        return _("Winners (shared): {names}").format(names=_names(won))
    if check.tie_break:
        tied = [names[seated[i].id] for i in check.tie_break]
        return _("Tie-break: {names}").format(names=_names(tied))
    totals = sheet.totals()
    best = max(totals[p.id] for p in seated) if seated else 0
    leaders = [names[p.id] for p in seated if totals[p.id] == best]
    return _("In progress · leading: {names}").format(names=_names(leaders))


def _rounds_line(sheet: Sheet) -> str:
    n = len(sheet.rounds)
    text = ngettext("{n} round played", "{n} rounds played", n).format(n=n)
    ties = sum(1 for r in sheet.rounds if r.tie_break)
    if not ties:
        return text
    return ngettext(
        "{rounds} ({n} tie-break)", "{rounds} ({n} tie-break)", ties
    ).format(rounds=text, n=ties)


def _round_scores(sheet: Sheet, pid: str) -> str:
    """The scores of each round ("·": not in it); a late player's start
    stands where the round before she joined is, so the line adds up to
    her total ("· start 27: 30 0 8 0")."""
    cells = []
    for rec in sheet.rounds:
        entry = rec.entry(pid)
        cells.append("·" if entry is None else _num(entry.score(sheet.rules)))
    late = late_start(sheet, pid)
    if late is not None:
        start = _("start {total}:").format(total=_num(late.start))
        if late.before:
            cells[late.before - 1] = start
        else:
            cells.insert(0, start)
    return " ".join(cells)


def ranked(sheet: Sheet) -> list[tuple[int | None, Player, int]]:
    """(rank, player, total): seated players by total, ties sharing a rank,
    then players who left the table (rank None) by total."""
    totals = sheet.totals()
    seated = sorted(sheet.seated, key=lambda p: -totals[p.id])
    out: list[tuple[int | None, Player, int]] = []
    for i, p in enumerate(seated):
        tied_above = i and totals[seated[i - 1].id] == totals[p.id]
        rank = out[-1][0] if tied_above else i + 1
        out.append((rank, p, totals[p.id]))
    left = sorted(
        (p for p in sheet.players if not p.seated), key=lambda p: -totals[p.id]
    )
    out.extend((None, p, totals[p.id]) for p in left)
    return out


def summary_text(
    sheet: Sheet, meta: ShareMeta = NO_META, detail: Detail = Detail.ROUNDS
) -> str:
    """The summary at one detail level (see :class:`Detail`)."""
    limit = _NAME_BYTES[detail]
    names = {p.id: cut_name(p.name, limit) for p in sheet.players}
    heading = meta.heading()
    lines = [heading]
    day = meta.day_text()
    if day and day not in heading:
        lines.append(day)
    lines.append(_result_line(sheet, names))
    lines.append(_rounds_line(sheet))
    if detail <= Detail.TOTALS:
        lines.append(_rules_line(sheet))
    for rank, player, total in ranked(sheet):
        name, score = names[player.id], _num(total)
        if rank is None:  # left the table
            lines.append(_("- {name} {total} (left)").format(name=name, total=score))
        else:
            lines.append(f"{rank}. {name} {score}")
        if detail is Detail.ROUNDS and sheet.rounds:
            lines.append("   " + _round_scores(sheet, player.id))
    return "\n".join(lines)


def qr_summary(
    sheet: Sheet,
    meta: ShareMeta = NO_META,
    *,
    max_version: int = MAX_SUMMARY_VERSION,
) -> QrSummary:
    """The most detailed summary whose QR fits ``max_version``.

    Tries each detail level with ECC Q, then M; per-round scores go first,
    then the rules line and long names. Only if even the shortest text does
    not fit at M does it fall back to ECC L (and, past ``max_version``, to
    the smallest version that holds it). Raises ValueError only for a text
    beyond version 40, which no real game produces.
    """
    texts = [(d, summary_text(sheet, meta, d)) for d in Detail]
    for detail, text in texts:
        for ecc in _ECC_PREFERENCE:
            version = qr_version(text, ecc)
            if version is not None and version <= max_version:
                return QrSummary(text, detail, ecc, version)
    detail, text = texts[-1]
    version = qr_version(text, Ecc.L)
    if version is None:
        raise ValueError("The summary is too long for a QR code.")
    return QrSummary(text, detail, Ecc.L, version)
