"""Is a tapped-in round possible? Problems a table can make when entering
cards by hand, each with a short code (for tests and the UI) and a message
that names the player and the card.

The message is English (the rules core has no gettext); ``params`` carries
what a translated wording needs besides ``player`` and ``card`` (counts,
the players involved), so the app layer words each code in the session's
language (``companion/app/problems.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import Card, card, deck_counts
from .config import FLIP7_CARDS, Rules
from .lines import flip7_count, is_flip7


@dataclass(frozen=True, slots=True)
class Problem:
    """Why an entry is impossible. ``player`` is None for table-wide problems."""

    code: str
    message: str
    player: int | None = None
    card: str | None = None
    # Counts and player indexes for the app's wording (not hashed: a dict).
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)


def _who(i: int, names: Sequence[str] | None) -> str:
    return names[i] if names is not None else f"Player {i + 1}"


def _line_problems(
    i: int, line: list[Card], busted: bool, rules: Rules, who: str
) -> list[Problem]:
    found: list[Problem] = []
    for c in line:
        if c.is_action:
            found.append(
                Problem(
                    "action_in_line",
                    f"{who}: {c.name} is an action; actions never stay in a line.",
                    i,
                    c.code,
                )
            )
    if busted:
        return found
    values = Counter(c.value for c in line if c.is_number)
    codes = Counter(c.code for c in line)
    for value, n in sorted(values.items()):
        if value == 13:
            if n > 2 or (n == 2 and not codes["13L"]):
                code = "third_13" if n > 2 else "duplicate"
                text = (
                    "a third 13 always busts"
                    if n > 2
                    else "two 13s bust without the Lucky 13"
                )
                found.append(Problem(code, f"{who}: {text}.", i, "13"))
        elif value == 7 and codes["7U"] and codes["7"]:
            found.append(
                Problem(
                    "seven_with_unlucky",
                    f"{who}: a 7 cannot sit beside the Unlucky 7 "
                    "(it is discarded when the Unlucky 7 arrives, "
                    "and a later 7 busts).",
                    i,
                    "7",
                )
            )
        elif n > 1:
            found.append(
                Problem(
                    "duplicate",
                    f"{who}: two {value}s in a line that did not bust.",
                    i,
                    str(value),
                )
            )
    counted = flip7_count(line, rules)
    if counted > FLIP7_CARDS:
        found.append(
            Problem(
                "too_many_numbers",
                f"{who}: {counted} number cards; the round ends at 7 (Flip 7).",
                i,
            )
        )
    return found


def validate_round(
    lines: Sequence[Sequence[Card | str]],
    busted: Sequence[bool],
    rules: Rules = Rules(),
    names: Sequence[str] | None = None,
) -> list[Problem]:
    """Every reason the tapped-in round is impossible (empty when possible).

    Busted lines are not checked for duplicates (a duplicate is how they
    busted), but their cards still count against the decks' copies.
    """
    if len(lines) != len(busted):
        raise ValueError("one busted flag per line")
    cards = [[card(c) for c in line] for line in lines]
    found: list[Problem] = []
    for i, line in enumerate(cards):
        found += _line_problems(i, line, busted[i], rules, _who(i, names))
    limits = deck_counts(rules.decks)
    table = Counter(c.code for line in cards for c in line)
    for code, n in table.items():
        if n > limits[code]:
            holders = [
                i for i, line in enumerate(cards) if any(c.code == code for c in line)
            ]
            who = ", ".join(_who(i, names) for i in holders)
            name = Card.parse(code).name
            found.append(
                Problem(
                    "too_many_copies",
                    f"{n} × {name} on the table ({who}), but "
                    f"{'the deck holds' if rules.decks == 1 else 'two decks hold'} "
                    f"{limits[code]}.",
                    holders[-1],
                    code,
                    params={
                        "count": n,
                        "limit": limits[code],
                        "decks": rules.decks,
                        "players": tuple(holders),
                    },
                )
            )
    flips = [
        i for i, line in enumerate(cards) if not busted[i] and is_flip7(line, rules)
    ]
    if len(flips) > 1:
        who = " and ".join(_who(i, names) for i in flips)
        found.append(
            Problem(
                "two_flip7",
                f"Only one Flip 7 per round: {who} both have 7 number cards.",
                flips[-1],
                params={"players": tuple(flips)},
            )
        )
    return found
