"""A connection relayed by a reverse proxy is known as relayed (issue 37).

Why: the host is decided from the client's address (``app/access.py``),
and a server on loopback trusted everyone, since only this computer could
reach it. Behind nginx, a tunnel or ``tailscale serve`` on this computer,
every phone arrives from 127.0.0.1 and was the host: Home, every game,
Delete. Flet hands a session only the websocket's peer address
(``page.client_ip``), so the proxy's headers are read here, where the
websocket is accepted, and a relayed client's address becomes
``relayed:<address>`` (:func:`companion.app.access.relayed_address`),
which no gate trusts; the rest of the app (the gate, the per-address cap
on sessions) reads ``page.client_ip`` as before.

Installed by ``companion`` when it serves; it changes the ASGI scope's
``client`` before Flet's own ``FletApp.handle`` reads it, and nothing else.
"""

from __future__ import annotations

import inspect
import logging
from typing import Any

from companion.app.access import relayed_address

log = logging.getLogger(__name__)

_MARK = "_companion_relay"


def install(*, trust_proxy: bool = False) -> bool:
    """Wrap ``FletApp.handle`` once; True if in place."""
    try:
        from flet_web.fastapi.flet_app import FletApp  # type: ignore[import-untyped]
    except ImportError:  # no web server here (a built app): nothing relays
        return False
    original = getattr(FletApp, "handle", None)  # perhaps flet_guard's wrapper
    if getattr(original, _MARK, False):
        return True
    if original is None or not inspect.iscoroutinefunction(original):
        log.warning(
            "Flet's FletApp.handle changed; a trusted proxy's clients are "
            "not told apart (every one counts as the proxy's address)"
        )
        return False

    async def handle(self: Any, websocket: Any) -> Any:
        relabel(websocket.scope, websocket.headers, trust_proxy=trust_proxy)
        return await original(self, websocket)

    setattr(handle, _MARK, True)
    FletApp.handle = handle
    return True


def relabel(scope: dict[str, Any], headers: Any, *, trust_proxy: bool) -> None:
    """Put the address the connection is judged by in ``scope["client"]``."""
    client = scope.get("client")
    host, port = (client[0], client[1]) if client else ("", 0)
    address = relayed_address(host, headers, trust_proxy=trust_proxy)
    if address != host:
        scope["client"] = (address, port)
