"""Numbers for the history screen: running totals of one game, and each
player's record across every stored game.

Pure functions of sheets (no Flet, no store), so the charts and the stats
table show exactly what the unit tests check. Players are matched across
games by name, ignoring case and extra spaces, because the sheet's player ids
(``p1``, ``p2``…) only mean something inside one game; the name shown is the
one used most recently.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from companion.rules import Player, Sheet


@dataclass(frozen=True, slots=True)
class Series:
    """One player's total after each round; ``totals[0]`` is the start.
    ``span``: the points where the player was at the table, from the one
    before their first round to their last (a late player joins the chart
    there; one who left stops there)."""

    name: str
    totals: tuple[int, ...]
    seated: bool = True
    span: tuple[int, int] = (0, 0)
    start: int = 0  # a late player's starting total (the chart names it)


@dataclass(frozen=True, slots=True)
class LateStart:
    """A player who joined after ``before`` rounds with ``start`` points.

    Every place that shows her rounds shows the start too, where the round
    before she joined is (she had ``start`` after it, as the chart says):
    otherwise "· · 30 0 8 0" reads as 38 under a total of 65 (issue 37)."""

    start: int
    before: int


def late_start(sheet: Sheet, pid: str) -> LateStart | None:
    """``pid``'s starting total if not 0, with the rounds before she joined
    (those before her first round, or all of them if she has none yet)."""
    start = sheet.player(pid).start
    if not start:
        return None
    first = next(
        (i for i, rec in enumerate(sheet.rounds) if rec.entry(pid) is not None),
        len(sheet.rounds),
    )
    return LateStart(start, first)


def running_totals(sheet: Sheet) -> list[Series]:
    """Every player's running total, one point per round (plus the start).

    A player who joined late repeats their starting total for the rounds
    before they joined, and one who left keeps their last total, so every
    series has ``len(sheet.rounds) + 1`` points and lines up on the x axis.
    """
    out = []
    for p in sheet.players:
        total = p.start
        points = [total]
        played = []
        for x, rec in enumerate(sheet.rounds, start=1):
            entry = rec.entry(p.id)
            if entry is not None:
                total += entry.score(sheet.rules)
                played.append(x)
            points.append(total)
        first = played[0] - 1 if played else len(sheet.rounds)
        last = len(sheet.rounds) if p.seated or not played else played[-1]
        span = (min(first, last), last)
        out.append(Series(p.name, tuple(points), p.seated, span, p.start))
    return out


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's record. Rates are None when there is nothing to divide by."""

    name: str
    games: int = 0  # games at the table (finished or not)
    finished: int = 0  # of those, games that ended
    wins: int = 0  # finished games won (a shared win counts for each winner)
    rounds: int = 0  # rounds played (an entry on the sheet)
    points: int = 0  # sum of round scores
    busts: int = 0
    flip7s: int = 0  # from the cards; a typed score cannot tell
    best_round: int | None = None

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.finished if self.finished else None

    @property
    def mean_round(self) -> float | None:
        return self.points / self.rounds if self.rounds else None

    @property
    def bust_rate(self) -> float | None:
        return self.busts / self.rounds if self.rounds else None


def name_key(name: str) -> str:
    """How names are matched across games: case and spacing do not count."""
    return " ".join(name.split()).casefold()


def took_part(sheet: Sheet, player: Player) -> bool:
    """A player is part of a game unless removed before playing a round:
    one rule for the stats and for a logged play."""
    return player.seated or any(
        rec.entry(player.id) is not None for rec in sheet.rounds
    )


def player_stats(sheets: Iterable[Sheet]) -> list[PlayerStats]:
    """Each player's record over ``sheets`` (oldest first, so the latest
    spelling of a name wins), most wins first, then by win rate and name."""
    acc: dict[str, PlayerStats] = {}
    for sheet in sheets:
        winners = {p.id for p in sheet.winners()} if sheet.over else set()
        for p in sheet.players:
            if not took_part(sheet, p):
                continue  # removed before playing: not part of this game
            played = [rec.entry(p.id) for rec in sheet.rounds]
            entries = [e for e in played if e is not None]
            key = name_key(p.name)
            s = acc.get(key, PlayerStats(p.name))
            scores = [e.score(sheet.rules) for e in entries]
            flip7s = sum(
                1
                for e in entries
                if e.typed is None and e.line_score(sheet.rules).flip7
            )
            bests = scores if s.best_round is None else [*scores, s.best_round]
            acc[key] = replace(
                s,
                name=p.name,
                games=s.games + 1,
                finished=s.finished + int(sheet.over),
                wins=s.wins + int(p.id in winners),
                rounds=s.rounds + len(entries),
                points=s.points + sum(scores),
                busts=s.busts + sum(1 for e in entries if e.busted),
                flip7s=s.flip7s + flip7s,
                best_round=max(bests) if bests else None,
            )
    stats = list(acc.values())
    stats.sort(key=lambda s: (-s.wins, -(s.win_rate or 0.0), name_key(s.name)))
    return stats


def percent(rate: float | None) -> str:
    """``0.4`` → ``"40%"``; ``None`` → ``"–"`` (nothing to count yet)."""
    return "–" if rate is None else f"{round(rate * 100)}%"


def one_decimal(value: float | None) -> str:
    return "–" if value is None else f"{value:.1f}"
