"""The rules core's findings in the words of the session that shows them.

Why here and not in :mod:`companion.rules`: the core is pure (no gettext);
it returns a :class:`~companion.rules.Problem` with a code, the player and
the card, and a score chain with a few fixed words. The problems of a round
are computed once per change and shared by every phone on the game (each
may speak another language), so they are worded here, when one session
shows them, from their code and the draft they were found in.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from companion.i18n import _, names_list
from companion.rules import (
    Problem,
    Rules,
    card,
    deck_counts,
    flip7_count,
    is_flip7,
)

from . import telling

if TYPE_CHECKING:
    from .entry import RoundDraft

# One wording of cards and score chains for the whole app: the digital
# table's (companion.app.telling), which the entry screen shares.
card_name = telling.card_name
chain_text = telling.chain


def problem_text(
    problem: Problem, draft: RoundDraft, rules: Rules, names: dict[str, str]
) -> str:
    """The problem's sentence; the core's English one for an unknown code."""
    who = [names.get(pid, pid) for pid in draft.players]
    i = problem.player
    name = who[i] if i is not None else ""
    line = draft.line(draft.players[i]) if i is not None else []
    code, c = problem.code, problem.card
    if code == "action_in_line" and c:
        return _("{name}: {card} is an action; actions never stay in a line.").format(
            name=name, card=card_name(c)
        )
    if code == "third_13":
        return _("{name}: a third 13 always busts.").format(name=name)
    if code == "duplicate" and c == "13":
        return _("{name}: two 13s bust without the Lucky 13.").format(name=name)
    if code == "duplicate" and c:
        return _("{name}: two {value}s in a line that did not bust.").format(
            name=name, value=c
        )
    if code == "seven_with_unlucky":
        return _(
            "{name}: a 7 cannot sit beside the Unlucky 7 (it is discarded when "
            "the Unlucky 7 arrives, and a later 7 busts)."
        ).format(name=name)
    if code == "too_many_numbers":
        n = flip7_count([card(x) for x in line], rules)
        return _("{name}: {n} number cards; the round ends at 7 (Flip 7).").format(
            name=name, n=n
        )
    if code == "typed_negative":
        return _("{name}: scores never go below 0 without Brutal mode.").format(
            name=name
        )
    if code == "too_many_copies" and c:
        return _copies_text(c, draft, rules, who)
    if code == "two_flip7":
        flips = [
            who[i] for i, pid in enumerate(draft.players) if _flip7(draft, pid, rules)
        ]
        return _("Only one Flip 7 per round: {names} both have 7 number cards.").format(
            names=names_list(flips)
        )
    return problem.message


def _flip7(draft: RoundDraft, pid: str, rules: Rules) -> bool:
    cards = [card(x) for x in draft.line(pid)]
    return pid not in draft.busted and is_flip7(cards, rules)


def _copies_text(code: str, draft: RoundDraft, rules: Rules, who: list[str]) -> str:
    on_table = Counter(x for pid in draft.players for x in draft.line(pid))
    holders = [who[i] for i, pid in enumerate(draft.players) if code in draft.line(pid)]
    text = (
        _("{n} × {card} on the table ({names}), but the deck holds {limit}.")
        if rules.decks == 1
        else _("{n} × {card} on the table ({names}), but two decks hold {limit}.")
    )
    return text.format(
        n=on_table[code],
        card=card_name(code),
        names=", ".join(holders),
        limit=deck_counts(rules.decks)[code],
    )
