"""Your games on this phone (or computer): how many, where they are kept,
whether the browser promised to keep them, the last backup; and Home's
reminder to back up.

Why a value: what the panel says from the browser's answers and the
backups' status, and when Home reminds (and when it stops), are decisions
tested here without a page; the screens draw them and keep only the
person's "Not now".

Why a reminder after :data:`REMIND_AFTER_DAYS` days: a phone's browser may
drop the games (Safari after 7 days without a visit, unless the app is on
the home screen; any browser short of space unless it promised to keep
them), so a week of games with no copy is what a backup should not let
grow; a table that plays weekly hears it at most once a game night.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING

from companion.app.device import Space
from companion.app.observable import Notice
from companion.i18n import _, decimal, format_day, ngettext, number

if TYPE_CHECKING:
    from companion.app.session import AppState

REMIND_AFTER_DAYS = 7
NOTHING_SAID = Space()  # the browser has not answered yet
_UNITS = ("kB", "MB", "GB", "TB")


@dataclass(frozen=True, slots=True)
class Fact:
    """One line of the panel: "Games", "12"."""

    label: str
    value: str


@dataclass(frozen=True, slots=True)
class AsideLine:
    """A file the app moved aside, unreadable: what it is, to get it out or
    remove it (on a phone nothing else reaches it)."""

    name: str  # what the intents take
    label: str  # "g.json.corrupt-20260101-000000 · 2 kB"
    empty: bool = False  # no bytes left in it: nothing to download


@dataclass(frozen=True, slots=True)
class YourGamesView:
    title: str  # "Your games": the screen's header fits a phone's width
    facts: tuple[Fact, ...]
    advice: tuple[str, ...]  # why and how to keep the games safe
    can_back_up: bool  # there is a game to back up
    can_undo: bool  # "Undo restore"
    aside: tuple[AsideLine, ...] = ()  # files moved aside, unreadable
    notice: Notice | None = None  # the answer to the last intent


@dataclass(frozen=True, slots=True)
class Reminder:
    """Home's calm "Back up now"; ``key`` names this situation, so a
    "Not now" hides it until another one arises (a newer backup)."""

    key: str
    text: str


def place_name(phone: bool) -> str:
    """Home's way to the panel, named for where a player looks for it."""
    return _("Your games on this phone") if phone else _("Your games on this computer")


def size(count: int) -> str:
    """Bytes as a person reads them: "850 bytes", "1.2 MB", "10 GB"."""
    if count < 1000:
        return ngettext("{n} byte", "{n} bytes", count).format(n=number(count))
    value = float(count)
    for unit in _UNITS:
        value /= 1000
        if value < 1000 or unit == _UNITS[-1]:
            whole = value >= 10 or round(value, 1).is_integer()
            shown = number(round(value)) if whole else decimal(value)
            return f"{shown} {unit}"
    raise AssertionError("unreachable")  # the last unit always returns


def day_of(text: str | None) -> date | None:
    """An ISO day or moment ("2026-12-03", "2026-12-03T09:00:00+00:00")."""
    if not text:
        return None
    try:
        return datetime.fromisoformat(text).date()
    except ValueError:
        return None


def _last_backup(last: str | None) -> str:
    day = day_of(last)
    return _("never") if day is None else format_day(day)


def _space(space: Space) -> str:
    if space.used is None:
        return _("not known")
    if not space.quota:
        return size(space.used)
    return _("{used} of {quota}").format(used=size(space.used), quota=size(space.quota))


def _kept(space: Space) -> str:
    if space.kept is None:
        return _("not known")
    return _("yes") if space.kept else _("not yet")


def _changed(changed: int, last: str | None) -> str | None:
    if not changed or day_of(last) is None:
        return None
    return ngettext(
        "{n} game changed since the last backup.",
        "{n} games changed since the last backup.",
        changed,
    ).format(n=changed)


def your_games_view(
    games: int,
    last_backup: str | None,
    changed_since: int,
    *,
    phone: bool,
    space: Space = NOTHING_SAID,
    folder: str | None = None,
    can_undo: bool = False,
    aside: Sequence[tuple[str, int]] = (),
    notice: Notice | None = None,
) -> YourGamesView:
    """The panel from the backups' status; on the ``phone`` app with the
    browser's answers (``space``), served with its data ``folder``."""
    facts = [Fact(_("Games"), number(games))]
    advice: list[str] = []
    if phone:
        facts += [
            Fact(_("Space used"), _space(space)),
            Fact(_("Kept safe by the browser"), _kept(space)),
        ]
        if not space.kept:
            advice.append(
                _(
                    "The browser may clear the games when the phone runs short "
                    "of space, and Safari does after 7 days without a visit "
                    "unless the app is on the home screen. A backup file keeps "
                    "them safe: keep it in Files or send it to yourself."
                )
            )
    else:
        facts.append(Fact(_("Kept in"), folder or _("this app's memory only")))
    facts.append(Fact(_("Last backup"), _last_backup(last_backup)))
    changed = _changed(changed_since, last_backup)
    if changed is not None:
        advice.insert(0, changed)
    if not games:
        advice.append(_("No games to back up yet."))
    lines = tuple(
        AsideLine(name, f"{name.rpartition('/')[2]} · {size(length)}", not length)
        for name, length in aside
    )
    return YourGamesView(
        _("Your games"),
        tuple(facts),
        tuple(advice),
        games > 0,
        can_undo,
        lines,
        notice,
    )


def backup_reminder(
    changed_since: int,
    last_backup: str | None,
    started: Sequence[str],
    *,
    kept: bool | None,
    today: date,
    after_days: int = REMIND_AFTER_DAYS,
) -> Reminder | None:
    """Home's reminder, or None. Nothing to say while every game is in the
    last backup; otherwise when the browser would not promise to keep the
    games (``kept`` False), or when the last backup (or, never backed up,
    the first game, ``started``: the games' ISO start days) is
    ``after_days`` old."""
    if not changed_since:
        return None
    since = day_of(last_backup)
    if since is None:
        days = [d for d in map(day_of, started) if d is not None]
        since = min(days) if days else None
    mark = last_backup or "never"
    if since is not None and (today - since).days >= after_days:
        if last_backup is None:
            text = ngettext(
                "{n} game is not backed up yet.",
                "{n} games are not backed up yet.",
                changed_since,
            )
        else:
            text = ngettext(
                "{n} game changed since your last backup on {day}.",
                "{n} games changed since your last backup on {day}.",
                changed_since,
            )
        day = format_day(day_of(last_backup) or today)
        return Reminder(f"old {mark}", text.format(n=changed_since, day=day))
    if kept is False:
        return Reminder(
            f"unkept {mark}",
            _(
                "This browser has not promised to keep your games: "
                "a backup file keeps them safe."
            ),
        )
    return None


def your_games_of(session: AppState, space: Space | None) -> YourGamesView:
    """The panel as a session shows it: ``space`` on the phone app (the
    browser's answers so far), None when served (the data folder)."""
    backups = session.backups
    status = backups.status()
    folder = session.store.path
    return your_games_view(
        status.games,
        status.last_backup,
        status.changed_since,
        phone=space is not None,
        space=space or NOTHING_SAID,
        folder=None if folder is None else str(folder),
        can_undo=backups.can_undo,
        aside=[(f.name, f.size) for f in backups.aside.files()],
        notice=session.notice,
    )


def reminder_of(
    session: AppState, space: Space | None, today: date | None = None
) -> Reminder | None:
    """Home's reminder as a session shows it (a guest's phone: none)."""
    if not session.seat.host:
        return None
    status = session.backups.status()
    if not status.changed_since:
        return None
    started = [g.created for g in session.library.games()]
    return backup_reminder(
        status.changed_since,
        status.last_backup,
        started,
        # "the browser says no": asked, and not promised
        kept=space.kept if space is not None and space.asked else None,
        today=today or date.today(),
    )
