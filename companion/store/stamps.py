"""Stamps that let the index be checked instead of trusted (issue 37).

The index is a cache of each game's summary line, read on open so that
Home lists 1,000 games without reading 1,000 files. A line that is
well-formed but wrong (a hand edit, a copy from another folder, a tool
that wrote a game file behind the app's back) must not be believed: each
line carries a stamp made of its game file's size and modification time
and a digest of the line itself. On open, one ``stat`` a game tells
whether the file is still the one the line was made from; a line whose
stamp does not hold is re-read from its file, which is the truth. A save
costs nothing more: the stamp is written with the line, when the line is.

Times are compared in milliseconds: the phone app's folder lives in
IndexedDB (Emscripten's IDBFS), which keeps a file's time to the
millisecond when it writes the folder back at the next start.
"""

from __future__ import annotations

import hashlib
import json
import os
import zlib
from typing import Any


def file_stamp(path: str) -> str | None:
    """What a game file is now, cheaply: its size and time (None: none)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return f"{info.st_size}:{info.st_mtime_ns // 1_000_000}"


def text_stamp(text: str | None) -> str | None:
    """The same for a file kept as text in memory (tests' stores)."""
    if text is None:
        return None
    return f"{len(text)}:{zlib.crc32(text.encode('utf-8'))}"


def line_stamp(line: dict[str, Any], stamp: str | None) -> str:
    """The stamp an index line carries: its file's stamp and a digest of
    the line with it, so a line changed by hand is told from one we wrote."""
    text = json.dumps(line, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    text += f"|{stamp}"
    return f"{stamp}|{hashlib.sha256(text.encode('utf-8')).hexdigest()[:16]}"
