"""``companion publish``: the app as one static folder a phone installs.

Why: a table of friends has phones, not a computer running ``companion``.
The folder holds the whole app (Python in the browser with Pyodide, the
games kept on the phone, :mod:`companion.browser`); any static host serves
it, and after one visit it opens with no network. Built offline from this
environment and ``uv.lock`` (:mod:`.deps`), by :func:`.folder.publish`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .folder import Built, PublishError, publish

__all__ = ["Built", "PublishError", "main", "publish"]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="companion publish",
        description="Build the app as a static folder that phones install "
        "and run offline (docs/guide.md, 'The app on a phone').",
    )
    parser.add_argument(
        "folder",
        nargs="?",
        type=Path,
        default=Path("dist"),
        help="where to write it (default: dist)",
    )
    parser.add_argument(
        "--base",
        default="/",
        help="the path the host serves it under, e.g. /flip7/ (default: /)",
    )
    parser.add_argument(
        "--broker",
        default="",
        help="the table broker's WebSocket address the phones are offered "
        "for a live table with phones only, e.g. wss://table.example.org:8443 "
        "(docs/guide.md, 'A live table with phones only'; default: none)",
    )
    parser.add_argument(
        "--test-deck",
        default="",
        help="for browser tests only: every game's first digital round deals "
        "these cards, top first (e.g. '1 2 3 4'); never for players",
    )
    args = parser.parse_args(argv)
    try:
        built = publish(
            args.folder, base=args.base, broker=args.broker, test_deck=args.test_deck
        )
    except (PublishError, OSError) as exc:
        print(f"companion publish: {exc}", file=sys.stderr)
        return 1
    print(
        f"Built {built.folder}: {built.size / 1e6:.1f} MB "
        f"({built.gzipped / 1e6:.1f} MB gzipped), of which a phone keeps "
        f"{built.precached / 1e6:.1f} MB to run offline; version {built.version}.\n"
        f"Try it: python3 -m http.server -d {built.folder} 8000, then open "
        "http://127.0.0.1:8000/"
    )
    if args.broker.startswith("ws://"):
        print(
            "Note: a phone app served over https can reach the broker only at "
            "a wss:// address (a browser refuses plain ws:// from https)."
        )
    return 0
