"""The whole game as a share code (text) or share file (bytes), and back.

Format, version 1: ``F7C1:`` then base64url (no padding) of
``sha256(body)[:8] + body``, where ``body`` is the zlib-compressed compact
JSON of :mod:`.schema`. The version in the prefix lets an older app say
"update to import it" instead of "broken"; the checksum tells a damaged or
edited code from a genuine one before anything is decompressed; the size caps
on the input and on the decompressed JSON make a hostile code (zip bomb,
deep nesting, huge numbers) a :class:`ShareCodeError` like any other.

:func:`decode` is pure: no files, no clock, no global state.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import zlib
from typing import Any

from companion.rules import Sheet

from .errors import Reason, ShareCodeError
from .meta import NO_META, ShareMeta
from .qr import MAX_VERSION, Ecc, qr_version
from .schema import sheet_from_json, sheet_to_json

FORMAT_VERSION = 1
PREFIX = f"F7C{FORMAT_VERSION}:"
FILE_EXTENSION = ".f7c"
# Characters or bytes of a pasted code or a file, checked before anything
# else. A typical evening is under 3,000 characters (170 rounds of 18 players
# fit). The browser's text field lays out a long code in time that grows
# faster than its length (40,000 characters: 4 s; 300,000: minutes), so the
# Import field stops at MAX_INPUT + 1 and the app still sees "too large".
MAX_INPUT = 20_000
MAX_JSON = 4 << 20  # decompressed bytes
CHECKSUM_BYTES = 8
CODE_QR_ECC = Ecc.M
CODE_QR_MAX_VERSION = MAX_VERSION

_HEAD = re.compile(r"F7C([0-9]{1,6}):", re.IGNORECASE)
_B64URL = re.compile(r"[A-Za-z0-9_-]*")
_SPACE = re.compile(r"\s+")


def _checksum(body: bytes) -> bytes:
    return hashlib.sha256(body).digest()[:CHECKSUM_BYTES]


def _seal(payload: dict[str, Any]) -> str:
    """Wrap any JSON object as a code (the tests use it to craft inputs)."""
    raw = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    body = zlib.compress(raw.encode("utf-8"), 9)
    blob = _checksum(body) + body
    return PREFIX + base64.urlsafe_b64encode(blob).rstrip(b"=").decode("ascii")


def encode(sheet: Sheet, meta: ShareMeta = NO_META) -> str:
    """The share code of a game: one line of ASCII, safe to paste anywhere.

    Checked by decoding it again, so every code the app hands out imports;
    a sheet that could not (say a name with a control character) raises
    ValueError here, at export, rather than later at someone else's table.
    """
    code = _seal(sheet_to_json(sheet, meta))
    try:
        back = decode(code)
    except ShareCodeError as exc:
        why = exc.detail or exc.message
        raise ValueError(f"This game cannot be shared: {why}") from None
    if back != (sheet, meta):
        raise ValueError("This game cannot be shared: it does not read back equal.")
    return code


def encode_file(sheet: Sheet, meta: ShareMeta = NO_META) -> bytes:
    """The share file: the code as one ASCII line, so a file and a pasted
    code are the same thing and either can be imported."""
    return (encode(sheet, meta) + "\n").encode("ascii")


def file_name(meta: ShareMeta = NO_META) -> str:
    """A suggested file name, ``flip7-2026-11-29.f7c``."""
    day = meta.created.isoformat()[:10] if meta.created else "game"
    return f"flip7-{day}{FILE_EXTENSION}"


def fits_qr(code: str, max_version: int = CODE_QR_MAX_VERSION) -> bool:
    """Whether the code fits one QR code (ECC M) of at most ``max_version``."""
    version = qr_version(code, CODE_QR_ECC)
    return version is not None and version <= max_version


def too_large(data: str | bytes) -> bool:
    """Whether an input is over the size cap: the first check of a decode, so
    a huge paste is refused at once, before any decoding work."""
    return len(data) > MAX_INPUT


def _text(data: str | bytes) -> str:
    if too_large(data):
        raise ShareCodeError(Reason.TOO_LARGE)
    if isinstance(data, str):
        return data
    try:
        return bytes(data).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ShareCodeError(Reason.MALFORMED) from None


def _blob(text: str) -> bytes:
    text = _SPACE.sub("", text.lstrip("\ufeff"))
    head = _HEAD.match(text)
    if head is None:
        if text and PREFIX.upper().startswith(text.upper()):
            raise ShareCodeError(Reason.TRUNCATED)
        raise ShareCodeError(Reason.MALFORMED)
    version = int(head.group(1))
    if version > FORMAT_VERSION:
        raise ShareCodeError(Reason.NEWER_VERSION)
    if version < FORMAT_VERSION:
        raise ShareCodeError(Reason.MALFORMED)
    data = text[head.end() :].rstrip("=")
    if not _B64URL.fullmatch(data):
        raise ShareCodeError(Reason.MALFORMED)
    if len(data) % 4 == 1:
        raise ShareCodeError(Reason.TRUNCATED)
    try:
        blob = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError):
        raise ShareCodeError(Reason.MALFORMED) from None
    if len(blob) <= CHECKSUM_BYTES:
        raise ShareCodeError(Reason.TRUNCATED)
    return blob


def _inflate(body: bytes) -> tuple[bytes, bool]:
    """(output, complete): at most MAX_JSON + 1 bytes of output."""
    inflater = zlib.decompressobj()
    out = inflater.decompress(body, MAX_JSON + 1)
    if len(out) > MAX_JSON:
        raise ShareCodeError(Reason.TOO_LARGE)
    if inflater.unused_data:
        raise ShareCodeError(Reason.MALFORMED)
    return out, inflater.eof


def _json(blob: bytes) -> Any:
    check, body = blob[:CHECKSUM_BYTES], blob[CHECKSUM_BYTES:]
    if _checksum(body) != check:
        try:
            _, complete = _inflate(body)
        except (zlib.error, ShareCodeError):
            complete = True
        raise ShareCodeError(Reason.TAMPERED if complete else Reason.TRUNCATED)
    try:
        raw, complete = _inflate(body)
    except zlib.error:
        raise ShareCodeError(Reason.MALFORMED) from None
    if not complete:
        raise ShareCodeError(Reason.TRUNCATED)
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ShareCodeError(Reason.INVALID_GAME, "the data is not JSON") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def decode(data: str | bytes) -> tuple[Sheet, ShareMeta]:
    """The game in a share code or share file.

    Accepts the code with any whitespace (chat apps wrap long lines) and a
    file's bytes (UTF-8, with or without BOM). Raises only
    :class:`ShareCodeError`, whose message can be shown to the player.
    """
    return sheet_from_json(_json(_blob(_text(data))))
