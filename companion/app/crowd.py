"""How many sessions each client address holds, and the cap on them.

Why (issue 25, bug 7): every tab is a Flet session the server keeps in
memory until it expires, ten minutes after the tab closed
(``SESSION_TIMEOUT`` in ``companion/__main__.py``), and any device on the
Wi-Fi, invited or not, could open them as fast as it liked. A phone at a
table holds one or two (a reload resumes its session), so an address that
holds :data:`PER_ADDRESS` gets a page saying so and nothing else until some
of its sessions expire. The host's own addresses are never counted (the
host's browser, a board on the same machine, the tests).

Closed pages (issue 37): a phone that re-scans the invite opens a new
session each time, and its closed ones were counted until they expired,
so it got "Too many pages open" for up to ten minutes. The cap is on
*live* sessions; sessions whose page closed are counted apart, up to
:data:`HELD_FACTOR` times the cap, which still bounds what one address
can make the server hold.

Flet-free; sessions start and close on the one event loop, so no lock.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping

PER_ADDRESS = 16  # live sessions one address may hold at once
HELD_FACTOR = 4  # and sessions in all, closed ones included, times that
CAP_ENV = "COMPANION_SESSIONS_PER_ADDRESS"  # tests that open many pages raise it


def cap_from(env: Mapping[str, str]) -> int:
    """The cap: ``COMPANION_SESSIONS_PER_ADDRESS`` when it is a positive
    whole number, else :data:`PER_ADDRESS`."""
    try:
        cap = int(env.get(CAP_ENV, ""))
    except ValueError:
        return PER_ADDRESS
    return cap if cap > 0 else PER_ADDRESS


class Crowd:
    """Sessions held per client address: up to ``cap`` live ones each, and
    ``cap * HELD_FACTOR`` in all."""

    def __init__(self, cap: int = PER_ADDRESS) -> None:
        self.cap = cap
        self._live: Counter[str] = Counter()
        self._closed: Counter[str] = Counter()

    def enter(self, address: str) -> bool:
        """Count a new live session of ``address``; False (not counted)
        when the address already holds ``cap`` live ones, or its bound."""
        live, closed = self._live[address], self._closed[address]
        if live >= self.cap or live + closed >= self.cap * HELD_FACTOR:
            return False
        self._live[address] += 1
        return True

    def presence(self, address: str, on_gone: Callable[[], None]) -> Presence | None:
        """A new session of ``address`` counted (None: refused), to be
        told when its page closes, comes back and expires."""
        return Presence(self, address, on_gone) if self.enter(address) else None

    def leave(self, address: str, *, closed: bool = False) -> None:
        """A counted session of ``address`` expired (its page ``closed``
        before, or not)."""
        self._drop(self._closed if closed else self._live, address)

    def _move(self, address: str, *, closed: bool) -> None:
        source, target = (
            (self._live, self._closed) if closed else (self._closed, self._live)
        )
        self._drop(source, address)
        target[address] += 1

    @staticmethod
    def _drop(counts: Counter[str], address: str) -> None:
        counts[address] -= 1
        if counts[address] <= 0:
            del counts[address]

    def held(self, address: str) -> int:
        return self._live[address] + self._closed[address]


class Presence:
    """One counted session: its page closed (``away``), came back
    (``back``), and the session expired (called): each counted once."""

    def __init__(self, crowd: Crowd, address: str, on_gone: Callable[[], None]) -> None:
        self._crowd = crowd
        self._address = address
        self._on_gone = on_gone
        self._closed = False
        self._gone = False

    def away(self) -> None:
        self._set(closed=True)

    def back(self) -> None:
        self._set(closed=False)

    def _set(self, *, closed: bool) -> None:
        if self._gone or self._closed is closed:
            return
        self._closed = closed
        self._crowd._move(self._address, closed=closed)

    def __call__(self) -> None:
        if self._gone:
            return
        self._gone = True
        self._crowd.leave(self._address, closed=self._closed)
        self._on_gone()
