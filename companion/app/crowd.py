"""How many sessions each client address holds, and the cap on them.

Why (issue 25, bug 7): every tab is a Flet session the server keeps in
memory until it expires, ten minutes after the tab closed
(``SESSION_TIMEOUT`` in ``companion/__main__.py``), and any device on the
Wi-Fi, invited or not, could open them as fast as it liked. A phone at a
table holds one or two (a reload resumes its session), so an address that
holds :data:`PER_ADDRESS` gets a page saying so and nothing else until some
of its sessions expire. The host's own addresses are never counted (the
host's browser, a board on the same machine, the tests).

Flet-free and thread-safe: sessions start on the event loop and close on
the handler workers.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Mapping

PER_ADDRESS = 16  # sessions one address may hold at once
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
    """Sessions held per client address, up to ``cap`` each."""

    def __init__(self, cap: int = PER_ADDRESS) -> None:
        self.cap = cap
        self._held: Counter[str] = Counter()
        self._lock = threading.Lock()

    def enter(self, address: str) -> bool:
        """Count a new session of ``address``; False (not counted) when
        the address already holds ``cap``."""
        with self._lock:
            if self._held[address] >= self.cap:
                return False
            self._held[address] += 1
            return True

    def leave(self, address: str) -> None:
        """A counted session of ``address`` expired."""
        with self._lock:
            self._held[address] -= 1
            if self._held[address] <= 0:
                del self._held[address]

    def held(self, address: str) -> int:
        with self._lock:
            return self._held[address]
