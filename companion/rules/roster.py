"""Every computer player by name: what ``--bots`` in ``companion simulate``
and ``companion tournament`` and the app's seat picker read.

Above all the bots (:mod:`.bots`, :mod:`.plainbots`, :mod:`.hardbot`): the
hard bot plays by the advisor, whose play-outs use the plain bots, so the
list that names them all lives here, not beside them (no import cycle).
"""

from __future__ import annotations

from collections.abc import Callable

from .bots import (
    MEDIUM_STOP,
    Bot,
    EasyBot,
    OddsBot,
    RandomBot,
    StopBot,
    WinBot,
)
from .hardbot import HardBot
from .plainbots import AimBot, EndgameBot


def _stop(arg: str | None) -> Bot:
    return StopBot(int(arg)) if arg else StopBot()


BOTS: dict[str, Callable[[str | None], Bot]] = {
    "random": lambda arg: RandomBot(),
    "stop": _stop,
    "odds": lambda arg: OddsBot(),
    "win": lambda arg: WinBot(int(arg)) if arg else WinBot(),
    # The levels the app's seat picker offers (issue 13): names a player
    # reads, each one of the bots above at its setting.
    "easy": lambda arg: EasyBot(),
    "medium": lambda arg: EndgameBot(MEDIUM_STOP, name="medium"),
    "hard": lambda arg: (
        HardBot(name=f"hard:{arg}", budget=int(arg)) if arg else HardBot()
    ),
    # Plain players to measure the levels against (issue 26).
    "aim": lambda arg: AimBot(int(arg)) if arg else AimBot(),
    "endgame": lambda arg: EndgameBot(int(arg)) if arg else EndgameBot(),
}

LEVELS = ("easy", "medium", "hard")


BOT_HELP: dict[str, str] = {
    "random": "any legal choice at random",
    "stop": "stop:N stays once the line is worth N or more (default 25)",
    "odds": "hits while one more card is expected to add points and the "
    "bust chance is under 50 %",
    "win": "win:N plays for the game: hits when a finished opponent already "
    "beats what it would bank, stays at N (26) raised when behind",
    "easy": "level easy: stays at 20, aims action cards at random",
    "medium": "level medium: endgame:27 (the best fixed threshold, simple aims, "
    "the two-line endgame rule)",
    "hard": "level hard: plays every decision for the chance to win the game; "
    "hard:N with at most N play-outs a decision",
    "aim": "aim:N stays at N (27) and aims simply: Flip Four, Just One More "
    "and minus cards at the leader, steals the highest number, discards its "
    "own worst minus card",
    "endgame": "endgame:N stays at N (25), aims as aim, and follows the "
    "two-line endgame rule: hits when a finished opponent already beats what "
    "it would bank, stays when banking wins the game",
}


def bot_help() -> str:
    """One line per bot name, for ``--help`` texts."""
    return "\n".join(f"  {name:<8}{BOT_HELP[name]}" for name in BOTS)


def make_bot(spec: str) -> Bot:
    """A bot from its name: ``"random"``, ``"stop"``, ``"stop:30"``,
    ``"stop30"``, ``"odds"``."""
    text = spec.strip().lower()
    name, _, arg = text.partition(":")
    if name not in BOTS:
        digits = name.lstrip("abcdefghijklmnopqrstuvwxyz")
        name, arg = name[: len(name) - len(digits)], digits
    if name not in BOTS:
        raise ValueError(f"unknown bot {spec!r}; choose from {', '.join(BOTS)}")
    try:
        return BOTS[name](arg or None)
    except ValueError as exc:
        raise ValueError(f"bad bot setting {spec!r}") from exc
