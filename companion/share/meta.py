"""What a shared game carries besides the sheet: its title and date.

Kept apart from the sheet because the rules core has no clock and no titles;
the app (or the store) knows when a game was made and what it is called.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from companion.i18n import format_day

MAX_TITLE = 80


@dataclass(frozen=True, slots=True)
class ShareMeta:
    """``created`` may be a :class:`date` or a :class:`datetime`; both round
    trip through a share code as they are (ISO 8601 text)."""

    title: str = ""
    created: date | None = None

    def day_text(self) -> str:
        """``"29 Nov 2026"`` in English; in the sharer's language otherwise
        (``"29 nov 2026"``, ``"2026. nov. 29."``), as the summary's words."""
        if self.created is None:
            return ""
        return format_day(self.created)

    def heading(self) -> str:
        """The title, or ``"Flip 7 — 29 Nov 2026"`` when there is none."""
        if self.title.strip():
            return " ".join(self.title.split())
        day = self.day_text()
        return f"Flip 7 — {day}" if day else "Flip 7"


NO_META = ShareMeta()


def date_to_text(value: date | None) -> str | None:
    return None if value is None else value.isoformat()


def date_from_text(text: str) -> date:
    """Parse what :func:`date_to_text` wrote (a datetime has a ``T``)."""
    if "T" in text:
        return datetime.fromisoformat(text)
    return date.fromisoformat(text)
