"""Sharing a game: a summary any phone camera reads, and a share code.

No Flet here: the UI shows :func:`qr_summary`'s text as a QR image from
:func:`qr_png`, and offers :func:`encode` / :func:`encode_file` for another
copy of the app, which reads them back with :func:`decode`. Depends only on
``companion.rules``.
"""

from .errors import Reason, ShareCodeError
from .meta import NO_META, ShareMeta
from .qr import Ecc, QrImage, data_url, png_base64, qr_png, qr_version
from .sharecode import (
    FILE_EXTENSION,
    decode,
    encode,
    encode_file,
    file_name,
    fits_qr,
    too_large,
)
from .summary import Detail, QrSummary, qr_summary, summary_text

__all__ = [
    "FILE_EXTENSION",
    "NO_META",
    "Detail",
    "Ecc",
    "QrImage",
    "QrSummary",
    "Reason",
    "ShareCodeError",
    "ShareMeta",
    "data_url",
    "decode",
    "encode",
    "encode_file",
    "file_name",
    "fits_qr",
    "png_base64",
    "qr_png",
    "qr_summary",
    "qr_version",
    "summary_text",
    "too_large",
]
