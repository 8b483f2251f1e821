"""What this copy of the phone app was published with:
``companion/published.json``, written by ``companion publish`` into the
app's archive (never taken from the source tree).

Why a file and not the environment: the phone app's Python runs in the
browser, where no one sets environment variables; what the person who
published it chose (the table broker) must travel inside the build.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

PUBLISHED = Path(__file__).resolve().parents[1] / "published.json"
log = logging.getLogger(__name__)


def published(path: Path = PUBLISHED) -> dict[str, Any]:
    """The file's settings; empty when there is none (a served app, a
    checkout) or it cannot be read (said in the log)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError):
        log.warning("%s cannot be read", path, exc_info=True)
        return {}
    return data if isinstance(data, dict) else {}


def test_deck(path: Path = PUBLISHED) -> str | None:
    """Browser tests only (``companion publish --test-deck``): the stacked
    deck the first digital round of a game deals, as the served app's
    ``COMPANION_TEST_DECK`` does. ``None`` in every build made for
    players."""
    deck = published(path).get("test_deck")
    return deck if isinstance(deck, str) and deck.strip() else None
