"""Helpers for scripted rounds on stacked decks (deck codes top first)."""

from __future__ import annotations

from companion.rules import Rules
from companion.rules.round import Round


def stacked(
    deck: str,
    *choices: str,
    players: int = 3,
    dealer: int = 0,
    rules: Rules | None = None,
    discard: str = "",
) -> Round:
    """Deal ``deck`` (codes, top first) and play ``choices`` in order."""
    rnd = Round.start(
        players=players,
        dealer=dealer,
        rules=rules or Rules(),
        deck=deck.split(),
        seed=1,
        discard=discard.split(),
    )
    for choice in choices:
        rnd.play(choice)
    return rnd


def lines(rnd: Round) -> list[list[str]]:
    return [rnd.line(i) for i in range(rnd.players)]


def statuses(rnd: Round) -> list[str]:
    return [rnd.status(i) for i in range(rnd.players)]
