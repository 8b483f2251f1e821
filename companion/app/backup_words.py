"""The sentences of a restore: what happened, in the reader's language.

Why apart: the counts need plurals (``ngettext``: Hungarian and Italian
count differently from English) and the skipped games are named as people
know them, by their players and the day, never by an id.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date

from companion.i18n import _, format_day, names_list, ngettext, number
from companion.i18n.said import worded
from companion.store.backup import SkippedGame


def copy_title(title: str) -> str:
    """The title of a game kept as a copy: "Thursday's game (restored)"."""
    return _("{title} (restored)").format(title=title)


# The counts of a restore, in the order they are told: each outcome with its
# words (a lambda per row keeps the literals where extraction finds them).
_COUNTS: tuple[tuple[str, Callable[[int], str]], ...] = (
    ("added", lambda n: ngettext("{n} game added", "{n} games added", n)),
    (
        "updated",
        lambda n: ngettext(
            "{n} game brought up to date", "{n} games brought up to date", n
        ),
    ),
    ("here", lambda n: ngettext("{n} already here", "{n} already here", n)),
    ("copy", lambda n: ngettext("{n} kept as a copy", "{n} kept as copies", n)),
)


def summary(by: Mapping[str, int], skipped: Sequence[SkippedGame]) -> str:
    """ "12 games added, 3 already here, 1 kept as a copy." and the games
    skipped, if any. ``by``: counts by :class:`~companion.app.backups.Outcome`
    value ("added", "updated", "here", "copy"); numbers grouped as the
    reader writes them ("1,000", "1 000")."""
    parts = [
        words(n).format(n=number(n)) for key, words in _COUNTS if (n := by.get(key))
    ]
    text = _("{parts}.").format(parts=", ".join(parts))
    return f"{text} {skipped_words(skipped)}" if skipped else text


def skipped_words(skipped: Sequence[SkippedGame]) -> str:
    """ "1 game could not be read and was skipped: Ann, Bob and Cy (3 Dec 2026)."."""
    n = len(skipped)
    return ngettext(
        "{n} game could not be read and was skipped: {games}.",
        "{n} games could not be read and were skipped: {games}.",
        n,
    ).format(n=number(n), games="; ".join(_named(s) for s in skipped))


def refused(n: int, skipped: Sequence[SkippedGame]) -> str:
    """Why a backup with no game to restore changed nothing."""
    if not n:
        return _("This backup holds no games. Nothing was changed.")
    return "{} {}".format(skipped_words(skipped), _("Nothing was changed."))


def _named(game: SkippedGame) -> str:
    """A skipped game as people know it (its reason after it)."""
    if game.players:
        who = names_list(list(game.players))
    else:
        who = _("game {number} of the file").format(number=game.number)
    day = _day(game.day)
    said = f"{who}, {day}" if day else who
    return _("{game} ({reason})").format(game=said, reason=worded(game.reason))


def _day(text: str | None) -> str | None:
    if text is None:
        return None
    try:
        return format_day(date.fromisoformat(text))
    except ValueError:
        return None
