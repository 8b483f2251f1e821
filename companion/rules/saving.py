"""Restoring a saved round: the setup and the choices, replayed.

A round is a pure function of its setup (rules, seats, dealer, the deck top
first, the discard pile, the reshuffle seed) and its choices, so the save
holds exactly those and restoring replays them through ``Round.play``: the
restored round is equal, events included, and continues identically.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from .config import Rules
from .round import SAVE_VERSION, Round


def replay_round(setup: dict[str, Any], choices: Iterable[str]) -> Round:
    """A round from ``Round.setup()`` data with these choices played."""
    rnd = Round.start(
        players=int(setup["players"]),
        dealer=int(setup["dealer"]),
        rules=Rules(**setup["rules"]),
        deck=setup["deck"],
        seed=setup["seed"],
        discard=setup["discard"],
        active_players=setup["seats"],
        totals=setup.get("totals"),
    )
    for choice in choices:
        rnd.play(choice)
    return rnd


def load_round(text: str) -> Round:
    """The round saved by ``Round.to_json``."""
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("v") != SAVE_VERSION:
        raise ValueError("not a saved round of this version")
    return replay_round(data, data.get("choices", []))
