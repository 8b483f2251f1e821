"""What the device holding the games says about keeping them.

Why here, Flet-free: "Your games on this phone" and Home's reminder decide
what to say from a few facts — the space used of the quota, whether the
browser promised to keep the games (``navigator.storage.persisted()``) —
and those decisions are tested without a browser. Asking the browser is
browser code (:mod:`companion.browser.keep`); a served app has no keeper
(its games are files in the data folder, kept as long as the disk is).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True)
class Space:
    """The browser's answers; ``None`` where it gave none (yet)."""

    used: int | None = None  # bytes, navigator.storage.estimate().usage
    quota: int | None = None  # bytes the browser lets this app use
    kept: bool | None = None  # persisted(): kept until the person clears it
    asked: bool = False  # persist() was asked since the app started


class Keeper(Protocol):
    """The browser's storage, as the phone app asks it."""

    @property
    def asked(self) -> bool:
        """Whether :meth:`keep` ran since the app started."""
        ...

    async def space(self) -> Space:
        """What the browser says now (used, quota, kept)."""
        ...

    async def keep(self) -> bool:
        """Ask the browser to keep the games (``persist()``): its answer."""
        ...
