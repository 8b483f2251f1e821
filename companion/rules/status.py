"""Where a seat stands in a digital round: one name per state.

``Round.status(i)`` answers with these. They are ``StrEnum`` members, so
they equal the strings of DESIGN.md's contract (``"busted"`` …) and save and
print as those strings, while code compares against the names.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Status(StrEnum):
    ACTIVE = "active"  # still taking turns
    STAYED = "stayed"  # stayed, or made to stay by Just One More (R9)
    BUSTED = "busted"  # a second card of a value: the line is face down
    OUT = "out"  # sits out a tie-break round (R21)


ACTIVE: Final = Status.ACTIVE
STAYED: Final = Status.STAYED
BUSTED: Final = Status.BUSTED
OUT: Final = Status.OUT
