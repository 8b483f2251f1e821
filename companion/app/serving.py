"""Where this server listens, as the app layer sees it.

Why: the host's Invite must know the port phones connect to, and whether
they can connect at all: a server listening only on loopback (the default,
``127.0.0.1``) is unreachable from the table's Wi-Fi, and the Invite says so
instead of showing a QR that cannot work. ``companion/__main__.py`` passes
what it serves on (and how to read this machine's addresses) to
``make_main``, which hands it to every session.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from dataclasses import dataclass, field

from .links import is_loopback

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8550


@dataclass(frozen=True, slots=True)
class Serving:
    """The address and port the server listens on."""

    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    # The installed web app: no server at all, each phone keeps its own games.
    standalone: bool = False
    # Flags it was started with that a restart must keep (``--data-dir X``,
    # ``--config F``): the Invite's restart command has them (issue 37).
    keep: tuple[str, ...] = ()
    # This machine's LAN addresses, best first, asked when an Invite is
    # drawn (a Wi-Fi joined after the start counts): the server reads them
    # (``companion.server.net.lan_addresses``) and passes the reader in.
    addresses: Callable[[], list[str]] = field(
        default=lambda: [], compare=False, repr=False
    )

    @property
    def local_only(self) -> bool:
        """Only this computer can connect: phones cannot join."""
        return self.standalone or is_loopback(self.host)


def restart_command(serving: Serving) -> str:
    """The command that serves the same games to the table's phones: this
    server's port and kept flags, listening on every address."""
    words = ["uv", "run", "companion", "--host", "0.0.0.0"]
    if serving.port != DEFAULT_PORT:
        words += ["--port", str(serving.port)]
    return shlex.join([*words, *serving.keep])


DEFAULT_SERVING = Serving()
# The app in a phone's browser (companion.browser.start).
STANDALONE = Serving(standalone=True)  # flet.toml's default: this computer only
