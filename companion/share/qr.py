"""QR codes as PNG bytes, and the version a text needs.

The summary picks its detail level by asking :func:`qr_version` how big the
QR would be, so the version check and the drawing must encode text the same
way: both go through :func:`_build`. Text is UTF-8 in byte mode, which is
what phone cameras expect for names in any script or emoji.
"""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass
from enum import StrEnum

import qrcode  # type: ignore[import-untyped]
from qrcode.exceptions import DataOverflowError  # type: ignore[import-untyped]
from qrcode.image.pure import PyPNGImage  # type: ignore[import-untyped]

import companion.machine.runtime as runtime

MAX_VERSION = 40
QUIET_ZONE = 4  # modules of white border, the minimum the standard asks for


class Ecc(StrEnum):
    """Error correction: L 7 %, M 15 %, Q 25 %, H 30 % of the code can be lost."""

    L = "L"
    M = "M"
    Q = "Q"
    H = "H"


_ECC_CONST: dict[Ecc, int] = {
    Ecc.L: qrcode.constants.ERROR_CORRECT_L,
    Ecc.M: qrcode.constants.ERROR_CORRECT_M,
    Ecc.Q: qrcode.constants.ERROR_CORRECT_Q,
    Ecc.H: qrcode.constants.ERROR_CORRECT_H,
}


@dataclass(frozen=True, slots=True)
class QrImage:
    png: bytes
    version: int  # 1..40; the side is 17 + 4 * version modules
    ecc: Ecc
    size_px: int  # width and height of the PNG


def _factory() -> type:
    """Pillow draws faster; pypng (pure Python) where Pillow is missing."""
    if runtime.has_pillow():
        from qrcode.image.pil import PilImage  # type: ignore[import-untyped]

        return PilImage  # type: ignore[no-any-return]
    return PyPNGImage  # type: ignore[no-any-return]


def _build(text: str, ecc: Ecc) -> qrcode.QRCode:
    qr = qrcode.QRCode(
        version=None,
        error_correction=_ECC_CONST[ecc],
        border=QUIET_ZONE,
        image_factory=_factory(),
    )
    qr.add_data(text.encode("utf-8"), optimize=0)
    return qr


def qr_version(text: str, ecc: Ecc = Ecc.M) -> int | None:
    """The smallest QR version that holds ``text``, or None beyond 40."""
    try:
        version = _build(text, ecc).best_fit()
    except (DataOverflowError, ValueError):  # qrcode 8 says ValueError past 40
        return None
    return int(version)


def qr_png(text: str, ecc: Ecc = Ecc.M, *, size_px: int = 1000) -> QrImage:
    """Draw ``text`` as a black-on-white PNG about ``size_px`` wide.

    Modules are whole pixels (no blur when scaled down on screen) and at
    least 4 px, with the standard 4-module quiet zone. Raises ValueError if
    the text needs more than version 40.
    """
    qr = _build(text, ecc)
    try:
        qr.make(fit=True)
    except (DataOverflowError, ValueError) as exc:
        raise ValueError("Too much text for one QR code.") from exc
    version = int(qr.version)
    modules = 17 + 4 * version + 2 * QUIET_ZONE
    qr.box_size = max(4, size_px // modules)
    if runtime.has_pillow():
        image = qr.make_image(fill_color="black", back_color="white")
    else:
        image = qr.make_image()  # pypng: black on white
    buf = io.BytesIO()
    image.save(buf)
    return QrImage(buf.getvalue(), version, ecc, modules * qr.box_size)


def png_base64(png: bytes) -> str:
    """Plain base64 of the PNG (what an image control's base64 source takes)."""
    return base64.b64encode(png).decode("ascii")


def data_url(png: bytes) -> str:
    """``data:image/png;base64,...`` for any place that takes an image URL."""
    return "data:image/png;base64," + png_base64(png)
