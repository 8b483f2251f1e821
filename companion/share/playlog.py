"""A finished game as a logged play: a BG Stats play file (``.bgsplay``) and
the text a person pastes into BoardGameGeek's "Log play" or a forum post.

Board gamers keep every play of every game in one place (the BG Stats app,
or their BoardGameGeek play log); these let a Flip 7 game land there too.
The file's shape follows public examples of ``.bgsplay`` files: one written
by BG Stats itself and the files other tools write for it to import. What
the app cannot know (where the table was, which player is the phone's
owner) is left out rather than guessed: BG Stats fills it in on import.

Identities, so that logging twice never counts a play or a person twice:

- a **player** is their name key (:func:`companion.share.stats.name_key`),
  the same rule the app's own player stats join by, so "Ann" in two games
  (or two exports) is one BG Stats player;
- a **play** is the moment its game began, which a share code carries, so
  the same game exported again, or imported on another phone and exported
  there, updates the play in BG Stats instead of adding a second one.

Pure: the app layer passes the start time, the length and who was a
computer player; the words come in the session's language (``_()``).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from typing import Any, Final

from companion.i18n import _, format_day, ngettext
from companion.rules import Player, Sheet

from .stats import late_start, name_key, took_part

BGG_ID: Final = 463441  # boardgamegeek.com/boardgame/463441/flip-7-with-a-vengeance
GAME_NAME: Final = "Flip 7: With A Vengeance"  # BoardGameGeek's spelling
BGG_URL: Final = f"https://boardgamegeek.com/boardgame/{BGG_ID}"
FILE_EXTENSION: Final = "bgsplay"
ABOUT: Final = (
    "This is a Play file that can be read by Board Game Stats. If you see this "
    "text, try to use a share, export or open-in function to open it with "
    "Board Game Stats."
)  # the line BG Stats' own files open with
MAX_MINUTES: Final = 12 * 60  # longer: the game was left open, not played
_NS: Final = uuid.UUID("29d14eac-eeb3-403e-a31f-0d57adfc7ad7")  # ours, fixed
_GAME_UUID: Final = uuid.uuid5(_NS, f"game:{BGG_ID}")


class LogReason(Enum):
    NO_ROUNDS = "no_rounds"
    IN_PROGRESS = "in_progress"


class PlayLogError(ValueError):
    """A game that is not a play yet; :attr:`message` says so to the player."""

    def __init__(self, reason: LogReason) -> None:
        super().__init__(reason.value)
        self.reason = reason

    @property
    def message(self) -> str:
        if self.reason is LogReason.NO_ROUNDS:
            return _("No round has been played yet: there is nothing to log.")
        return _(
            "This game is still in progress: it can be logged once someone has won."
        )


@dataclass(frozen=True, slots=True)
class Play:
    """One game to log. ``key`` names the play (see the module doc);
    ``started`` is the local time the game began; ``minutes`` its length
    (0: not known); ``bots`` maps a player id to the words for that
    computer player's level."""

    sheet: Sheet
    key: str
    started: datetime
    minutes: int = 0
    bots: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's line of a logged play."""

    name: str
    total: int
    winner: bool
    rank: int  # 1 for the winners; ties share a rank ("1, 2, 2, 4")
    seat: int  # 1-based, in the sheet's (clockwise) order
    start_player: bool  # dealt the first round
    bot: str | None  # the computer player's level; None for a person


def check_loggable(sheet: Sheet) -> None:
    """Raise :class:`PlayLogError` unless ``sheet`` is a finished game."""
    if not sheet.rounds:
        raise PlayLogError(LogReason.NO_ROUNDS)
    if not sheet.over:
        raise PlayLogError(LogReason.IN_PROGRESS)


def seats(play: Play) -> tuple[Seat, ...]:
    """Every player who took part, in seat order, with rank and winner.
    Winners rank first; the others by their total, highest first."""
    sheet = play.sheet
    check_loggable(sheet)
    totals = sheet.totals()
    winners = {p.id for p in sheet.winners()}
    starter = sheet.rounds[0].dealer
    players = [(i, p) for i, p in enumerate(sheet.players) if took_part(sheet, p)]

    def order(p: Player) -> tuple[bool, int]:
        return (p.id not in winners, -totals[p.id])

    ranked = sorted((order(p) for _i, p in players))
    return tuple(
        Seat(
            name=p.name,
            total=totals[p.id],
            winner=p.id in winners,
            rank=ranked.index(order(p)) + 1,
            seat=i + 1,
            start_player=p.id == starter,
            bot=play.bots.get(p.id),
        )
        for i, p in players
    )


def tie_break_rounds(sheet: Sheet) -> int:
    return sum(1 for r in sheet.rounds if r.tie_break)


def comments(play: Play) -> str:
    """The play's comment: the rules and anything a total does not show."""
    rules = play.sheet.rules
    parts = [_("Brutal rules.") if rules.brutal else _("Standard rules.")]
    if rules.target != 200:
        parts.append(_("Target {target}.").format(target=rules.target))
    if rules.decks == 2:
        parts.append(_("Two decks."))
    if not rules.tie_break:
        parts.append(_("Ties share the win."))
    if not rules.lucky_pair_counts_two:
        parts.append(_("House rule: a Lucky 13 pair counts as one card for Flip 7."))
    ties = tie_break_rounds(play.sheet)
    if ties:
        parts.append(
            ngettext(
                "Won after {n} tie-break round.",
                "Won after {n} tie-break rounds.",
                ties,
            ).format(n=ties)
        )
    for p in play.sheet.players:
        late = late_start(play.sheet, p.id) if took_part(play.sheet, p) else None
        if late is not None and late.before:
            parts.append(
                _("{name} joined after round {n} at {total} points.").format(
                    name=p.name, n=late.before, total=late.start
                )
            )
        elif late is not None:
            parts.append(
                _("{name} started at {total} points.").format(
                    name=p.name, total=late.start
                )
            )
    bots = [s for s in seats(play) if s.bot is not None]
    if bots:
        names = ", ".join(f"{s.name} ({s.bot})" for s in bots)
        parts.append(_("Computer players: {names}.").format(names=names))
    parts.append(_("Logged with Flip 7 Companion."))
    return " ".join(parts)


# --- BG Stats ------------------------------------------------------------------
def _stamp(when: datetime) -> str:
    return when.strftime("%Y-%m-%d %H:%M:%S")


def player_uuid(name: str) -> str:
    return str(uuid.uuid5(_NS, "player:" + name_key(name)))


def play_uuid(key: str) -> str:
    return str(uuid.uuid5(_NS, "play:" + key))


def _score(seat: Seat, ref: int) -> dict[str, Any]:
    out: dict[str, Any] = {
        "playerRefId": ref,
        "score": str(seat.total),
        "winner": seat.winner,
        "newPlayer": False,
        "startPlayer": seat.start_player,
        "rank": seat.rank,
        "seatOrder": seat.seat,
    }
    if seat.bot is not None:
        out["role"] = _("Computer ({level})").format(level=seat.bot)
        out["metaData"] = json.dumps({"isNpc": 1}, separators=(",", ":"))
    return out


def _play(play: Play, rows: tuple[Seat, ...], refs: dict[str, int]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "uuid": play_uuid(play.key),
        "gameRefId": 1,
        "rounds": len(play.sheet.rounds),
        "durationMin": play.minutes,
        "usesTeams": False,
        "ignored": False,
        "manualWinner": False,
        "playerScores": [_score(s, refs[name_key(s.name)]) for s in rows],
        "comments": comments(play),
        "playDate": _stamp(play.started),
        "playDateYmd": int(play.started.strftime("%Y%m%d")),
    }
    return out


def bgsplay(plays: Sequence[Play]) -> dict[str, Any]:
    """The play file for ``plays`` (one game or a History selection). Each
    person appears once however many plays they are in; a name used in
    several spellings keeps the latest. Raises :class:`PlayLogError` for a
    game that is not finished, and ValueError for no game at all."""
    if not plays:
        raise ValueError("no play to log")
    rows = [seats(p) for p in plays]
    people: dict[str, str] = {}
    for seat_rows in rows:
        for s in seat_rows:
            people[name_key(s.name)] = s.name
    refs = {key: i + 1 for i, key in enumerate(people)}
    return {
        "about": ABOUT,
        "players": [
            {
                "uuid": player_uuid(name),
                "id": refs[key],
                "name": name,
                "isAnonymous": False,
            }
            for key, name in people.items()
        ],
        "locations": [],
        "games": [
            {
                "uuid": str(_GAME_UUID),
                "id": 1,
                "name": GAME_NAME,
                "bggName": GAME_NAME,
                "bggId": BGG_ID,
                "highestWins": True,
                "noPoints": False,
                "cooperative": False,
                "usesTeams": False,
                "minPlayerCount": 3,
                "maxPlayerCount": 18,
            }
        ],
        "plays": [_play(p, r, refs) for p, r in zip(plays, rows, strict=True)],
    }


def bgsplay_bytes(plays: Sequence[Play]) -> bytes:
    """:func:`bgsplay` as the UTF-8 JSON file BG Stats opens."""
    text = json.dumps(bgsplay(plays), ensure_ascii=False, indent=1)
    return (text + "\n").encode("utf-8")


def file_name(plays: Sequence[Play]) -> str:
    """``flip7-play-2026-11-29.bgsplay``; several plays are named by the
    latest day."""
    latest = max(p.started for p in plays)
    stem = "flip7-play" if len(plays) == 1 else "flip7-plays"
    return f"{stem}-{latest:%Y-%m-%d}.{FILE_EXTENSION}"


# --- BoardGameGeek ---------------------------------------------------------------
def bgg_text(play: Play) -> str:
    """What a person pastes into BoardGameGeek's "Log play" (or a forum
    post): the game, day, length, rounds, each player's score in rank
    order with the winner and the start player, and the comment."""
    rows = sorted(seats(play), key=lambda s: (s.rank, s.seat))
    head = f"{GAME_NAME} · {format_day(play.started)}"
    facts = [
        ngettext("{n} round", "{n} rounds", len(play.sheet.rounds)).format(
            n=len(play.sheet.rounds)
        )
    ]
    if play.minutes:
        facts.append(_("{n} min").format(n=play.minutes))
    lines = [head, BGG_URL, " · ".join(facts), ""]
    for s in rows:
        marks = []
        if s.winner:
            marks.append(_("winner"))
        if s.start_player:
            marks.append(_("start player"))
        if s.bot is not None:
            marks.append(_("computer: {level}").format(level=s.bot))
        tail = f" ({', '.join(marks)})" if marks else ""
        lines.append(f"{s.rank}. {s.name}: {s.total}{tail}")
    return "\n".join([*lines, "", comments(play)])
