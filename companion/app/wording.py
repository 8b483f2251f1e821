"""The entry screen's words for cards and score chains: the digital table's
(:mod:`companion.app.telling`), so a card has one name in the whole app.
Problems are worded by :mod:`companion.app.problems`."""

from __future__ import annotations

from . import telling

# One wording of cards and score chains for the whole app: the digital
# table's (companion.app.telling), which the entry screen shares.
card_name = telling.card_name
chain_text = telling.chain
