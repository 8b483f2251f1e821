"""The saved form of a digital round: its setup and its choices, as JSON.

A round is a pure function of its setup (rules, seats, dealer, the deck top
first, the discard pile, the reshuffle seed) and its choices, so the save
holds exactly those and restoring replays them through ``Round.play``: the
restored round is equal, events included, and continues identically.

Why a module of its own that knows nothing of :class:`.round.Round`: the
format (its keys, its version, what counts as unreadable) lives in one
place, and the import goes one way only, ``round`` → ``saving``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from .cards import Card
from .config import Rules

SAVE_VERSION = 1
SETUP_KEYS = ("players", "dealer", "rules", "deck", "seed", "discard", "seats")


class SavedRoundError(ValueError):
    """Text that is not a saved round of this version, or one that does not
    replay; the message says what is wrong."""


def setup_data(
    rules: Rules,
    players: int,
    dealer: int,
    seats: Sequence[int],
    deck: Sequence[Card],
    discard: Sequence[Card],
    seed: int | str,
    totals: Sequence[int] | None,
) -> dict[str, Any]:
    """A round's setup as plain data (``Round.setup()``)."""
    return {
        "v": SAVE_VERSION,
        "rules": asdict(rules),
        "players": players,
        "dealer": dealer,
        "seats": list(seats),
        "deck": [c.code for c in deck],
        "discard": [c.code for c in discard],
        "seed": seed,
        "totals": None if totals is None else list(totals),
    }


def start_args(setup: Mapping[str, Any]) -> dict[str, Any]:
    """The keyword arguments of ``Round.start`` that rebuild a setup."""
    return {
        "players": int(setup["players"]),
        "dealer": int(setup["dealer"]),
        "rules": Rules(**setup["rules"]),
        "deck": setup["deck"],
        "seed": setup["seed"],
        "discard": setup["discard"],
        "active_players": setup["seats"],
        "totals": setup.get("totals"),
    }


def dump(setup: Mapping[str, Any], choices: Sequence[str]) -> str:
    """The text ``Round.to_json`` gives."""
    return json.dumps({**setup, "choices": list(choices)})


def load(text: str) -> tuple[dict[str, Any], list[str]]:
    """The setup and choices in text written by :func:`dump`."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise SavedRoundError(f"not a saved round: {exc}") from None
    if not isinstance(data, dict) or data.get("v") != SAVE_VERSION:
        raise SavedRoundError("not a saved round of this version")
    missing = [key for key in SETUP_KEYS if key not in data]
    if missing:
        raise SavedRoundError(f"a saved round without {', '.join(missing)}")
    choices = data.get("choices", [])
    if not isinstance(choices, list) or not all(type(c) is str for c in choices):
        raise SavedRoundError("a saved round's choices are not a list of text")
    return data, choices
