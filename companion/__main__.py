"""`companion` / `python -m companion`: serve the app, or run a subcommand.

``companion`` starts the Flet web server (address from flet.toml, overridable
with --host/--port/--data-dir) and prints the address. ``companion simulate``
runs computer-player games in the terminal; ``companion tournament``
compares bots fairly (every seating, paired decks); ``companion engine
build`` compiles the rules engine with mypyc (:mod:`companion.machine.native`).

Only one server may use a data folder: a second one on the same folder
exits with status 3 and a message naming the running one
(:mod:`companion.store.lock`), before it reads or changes anything there.
Closed browser sessions are freed after :data:`SESSION_TIMEOUT` seconds,
also those closed while the server was sending (:mod:`companion.server.flet_guard`);
a client's flood of events is dropped (:mod:`companion.server.flet_limits`);
event handlers run on Flet's one event loop, and what waits (a save, a
computer player's thinking) is awaited off it (:mod:`companion.app.writing`);
no message sent is written out for a debug log nobody keeps
(:mod:`companion.server.flet_quiet`).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import MutableMapping
from pathlib import Path
from typing import TYPE_CHECKING

from .server.gc_tuning import Sweep
from .server.gc_tuning import tune as tune_gc
from .server.settings import PROJECT_ROOT, Settings, SettingsError, load_settings
from .server.supervise import supervise
from .store.lock import FolderInUse, lock_folder

if TYPE_CHECKING:
    from .app.access import Gate

IN_USE = 3  # exit status: the data folder is held by another app

# Flet keeps a closed web session (its page, controls and our AppState) this
# many seconds so a client that comes back resumes it; its default is 3,600.
# Ten minutes cover a phone locked for a whole round at the table; after
# that a reconnecting page starts a fresh session on the same URL, and
# nothing is lost (games and the round being tapped in are on disk).
# FLET_SESSION_TIMEOUT set by the user wins.
SESSION_TIMEOUT = 600


def keep_closed_sessions(env: MutableMapping[str, str]) -> None:
    """Set Flet's FLET_SESSION_TIMEOUT to ours unless the user set one."""
    if not env.get("FLET_SESSION_TIMEOUT"):
        env["FLET_SESSION_TIMEOUT"] = str(SESSION_TIMEOUT)


def pin_forwarded(env: MutableMapping[str, str]) -> str | None:
    """uvicorn believes ``X-Forwarded-For`` from the addresses in
    FORWARDED_ALLOW_IPS (default: loopback). On the LAN that header could
    make a phone look like the host, so "*" is never allowed; returns the
    warning to print when it was set so."""
    allowed = env.get("FORWARDED_ALLOW_IPS", "")
    if "*" not in allowed.replace(" ", "").split(","):
        return None
    env["FORWARDED_ALLOW_IPS"] = "127.0.0.1,::1"
    return (
        "FORWARDED_ALLOW_IPS=* would let any phone claim to be the host; "
        "only a proxy on this computer (127.0.0.1, ::1) is believed."
    )


def own_addresses() -> list[str]:
    """This machine's own addresses: a page opened on it is the host's."""
    from .server.net import lan_addresses

    return lan_addresses()


def gate_for(
    host: str, settings: Settings, trusted: str | None, trust_proxy: bool | None
) -> Gate:
    """Who is the host: this machine's own addresses and the trusted ones
    (``--trusted`` over flet.toml), and whether a reverse proxy's forwarded
    client addresses are believed (``--trusted-proxy`` over flet.toml)."""
    from .app.access import Gate

    extra = settings.trusted
    if trusted is not None:
        extra = tuple(a for a in trusted.split(",") if a.strip())
    proxy = settings.trusted_proxy if trust_proxy is None else trust_proxy
    return Gate.for_server(host, trusted=(*own_addresses(), *extra), proxy=proxy)


def kept_flags(args: argparse.Namespace) -> tuple[str, ...]:
    """The flags a restart for the table's phones must keep (the Invite's
    command): the games folder and the settings file it was started with."""
    kept: list[str] = []
    for flag, value in (("--data-dir", args.data_dir), ("--config", args.config)):
        if value is not None:
            kept += [flag, str(Path(value).expanduser().absolute())]
    return tuple(kept)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Flip 7 Companion: scoring, digital deal and sharing.",
        epilog="Subcommands: 'companion simulate --help' and 'companion tournament "
        "--help' for computer-player games; 'companion publish' builds the "
        "app for phones (offline, no server); 'companion engine build' compiles "
        "the rules engine (faster advice and bots; needs the dev tools).",
    )
    parser.add_argument("--host", help="address to listen on (default from flet.toml)")
    parser.add_argument("--port", type=int, help="port (default from flet.toml: 8550)")
    parser.add_argument("--data-dir", type=Path, help="folder for saved games")
    parser.add_argument("--config", type=Path, help="a flet.toml to read instead")
    parser.add_argument(
        "--trusted",
        help="comma-separated client addresses that are the host when serving "
        "the LAN (default: this machine's own addresses; others need an invite)",
    )
    parser.add_argument(
        "--trusted-proxy",
        action="store_true",
        default=None,
        help="a reverse proxy on this computer relays the table and forwards "
        "each client's address (X-Forwarded-For): judge relayed clients by it "
        "(default from flet.toml; without it a relayed client is never the host)",
    )
    parser.add_argument(
        "--language",
        help="default language of a device that has not chosen one: en, it or hu "
        "(default from flet.toml)",
    )
    parser.add_argument(
        "--open", action="store_true", help="also open the page in a browser"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args_list = sys.argv[1:] if argv is None else argv
    if args_list[:1] == ["simulate"]:
        from .labs.simulate import main as simulate_main

        return simulate_main(args_list[1:])
    if args_list[:1] == ["tournament"]:
        from .labs.tournament import main as tournament_main

        return tournament_main(args_list[1:])
    if args_list[:1] == ["publish"]:
        from .publish import main as publish_main

        return publish_main(args_list[1:])
    if args_list[:1] == ["engine"]:
        from .machine.native import main as engine_main

        return engine_main(args_list[1:])
    args = _parser().parse_args(args_list)
    try:
        settings = load_settings(args.config)
    except SettingsError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    host = args.host or settings.host
    port = settings.port if args.port is None else args.port
    data_dir = (args.data_dir or settings.resolved_data_dir()).expanduser()
    try:
        # Held by this process (and its forked server) until it exits; the
        # OS drops it on a crash. Taken before anything opens the folder.
        folder_lock = lock_folder(data_dir, address=f"http://{host}:{port}")
    except FolderInUse as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return IN_USE
    if not args.open:
        # Flet opens a browser tab unless it believes it runs on a server.
        os.environ.setdefault("FLET_FORCE_WEB_SERVER", "true")
    keep_closed_sessions(os.environ)
    warning = pin_forwarded(os.environ)
    if warning:
        print(f"companion: {warning}", file=sys.stderr)

    def serve() -> int:
        import flet as ft

        from .app.serving import Serving
        from .server import (
            flet_errors,
            flet_guard,
            flet_limits,
            flet_patches,
            flet_quiet,
            flet_relay,
        )
        from .ui.app import make_main

        flet_patches.check()  # what this Flet lacks of the patches below, said once
        flet_guard.install()  # a tab that drops off mid-send is freed like any other
        flet_limits.install()  # a flood of events from one client is dropped
        flet_errors.install()  # no traceback is ever sent to a client
        flet_quiet.install()  # no page's whole tree written out for an unkept log

        from .server.net import lan_addresses, where_to_open

        address = where_to_open(host, port, lan_addresses())
        print(f"Flip 7 Companion: {address}  (games in {data_dir})", flush=True)
        gate = gate_for(host, settings, args.trusted, args.trusted_proxy)
        flet_relay.install(trust_proxy=gate.proxy)  # a proxy's clients: not host
        tune_gc()  # after the imports: they are frozen too
        ft.run(
            make_main(
                data_dir,
                Serving(host, port, keep=kept_flags(args), addresses=lan_addresses),
                gate=gate,
                language=args.language or settings.language,
                expired=Sweep().closed,  # memory back soon after a session
            ),
            view=ft.AppView.WEB_BROWSER,
            host=host,
            port=port,
            assets_dir=str(PROJECT_ROOT / "assets"),
            no_cdn=True,
        )
        return 0

    # No compiled engine for these sources yet: make one for the next start.
    from .machine.native import build_in_background

    build_in_background()
    # SIGTERM and Ctrl-C end the server within a second, even when Flet hangs.
    try:
        return supervise(serve)
    finally:
        if folder_lock is not None:
            folder_lock.release()


if __name__ == "__main__":
    raise SystemExit(main())
