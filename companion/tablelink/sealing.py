"""Keys and sealing: one :class:`Sealer` protocol, two libraries behind it.

Why a protocol: the phone app runs in Pyodide, where the browser's
WebCrypto does AES-GCM natively (:mod:`.webcrypto`), while tests and any
computer-side tool use the well-kept ``cryptography`` package
(:class:`PySealer`). Both produce the same bytes, so a message sealed by one
opens in the other (tests/browser/test_tablelink_webcrypto.py checks it in
Chromium). Every method is ``async`` because WebCrypto's are.

The scheme (docs/live-without-computer.md):

- the **room key**: 128 random bits made by the host, carried only in the
  invite's URL fragment and the phones' storage; it seals the revisions and
  heartbeats every phone at the table reads;
- a **channel key** per guest: ECDH P-256 between the guest's key pair (made
  on the guest's phone, kept there) and the host's, through HKDF-SHA256; it
  seals that guest's intents and the host's answers, so another guest, who
  holds the room key, can neither read them nor act for that seat;
- the **host's signing key** (ECDSA P-256): revisions and heartbeats are
  signed, and its public half travels in the invite's fragment beside the
  room key, so a guest, who holds the room key, still cannot pose as the
  host to the other mirrors;
- AES-GCM, a fresh random 96-bit nonce per message, associated data binding
  the room, the kind of message and its sender.
"""

from __future__ import annotations

import base64
import hashlib
import os
from typing import Any, Protocol

KEY_BYTES = 16  # AES-128
NONCE_BYTES = 12  # 96-bit GCM nonce
TAG_BYTES = 16
PUBLIC_BYTES = 65  # uncompressed P-256 point, as WebCrypto exports "raw"
SIGNATURE_BYTES = 64  # r || s, as WebCrypto's ECDSA gives and takes
HKDF_INFO = b"flip7 table channel v1"


class Unsealable(ValueError):
    """A message that does not open: wrong key, tampered, or not ours."""


class Sealer(Protocol):
    """The crypto a phone needs; ``private`` is whatever the library keeps
    (a ``CryptoKey`` in the browser, an EC private key here)."""

    async def seal(self, key: bytes, plain: bytes, aad: bytes) -> bytes:
        """``nonce || ciphertext || tag`` under ``key``."""
        ...

    async def open(self, key: bytes, sealed: bytes, aad: bytes) -> bytes:
        """The plain text, or :class:`Unsealable`."""
        ...

    async def new_pair(self) -> tuple[Any, bytes]:
        """A new ECDH P-256 key pair: (private, raw public)."""
        ...

    async def agree(self, private: Any, peer_public: bytes, salt: bytes) -> bytes:
        """The 128-bit channel key shared with the holder of ``peer_public``.
        :class:`Unsealable` when ``peer_public`` is not a P-256 point."""
        ...

    async def new_signer(self) -> tuple[Any, bytes]:
        """A new ECDSA P-256 key pair: (private, raw public)."""
        ...

    async def sign(self, private: Any, data: bytes) -> bytes:
        """ECDSA-SHA256 signature of ``data``, ``r || s``."""
        ...

    async def verify(self, public: bytes, data: bytes, signature: bytes) -> bool:
        """Whether ``signature`` is ``public``'s over ``data`` (False for a
        malformed key or signature, never an exception)."""
        ...


def new_key() -> bytes:
    """A fresh room key (the host's, once per game and invite)."""
    return os.urandom(KEY_BYTES)


def b64(data: bytes) -> str:
    """URL-safe base64 without padding (fragments, JSON)."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64(text: str, size: int | None = None) -> bytes:
    """Strict reading of :func:`b64`; ``size``: the exact length wanted."""
    try:
        pad = "=" * (-len(text) % 4)
        data = base64.b64decode(text + pad, altchars=b"-_", validate=True)
    except (ValueError, TypeError) as exc:
        raise Unsealable("not base64") from exc
    if size is not None and len(data) != size:
        raise Unsealable(f"{len(data)} bytes where {size} were expected")
    return data


def fingerprint(public: bytes) -> str:
    """A phone's name on the wire and its seat token (the ``holder`` of
    app/live.py): short, and only the owner of the private key can send
    under it, because the channel key is derived from that key."""
    return b64(hashlib.sha256(public).digest()[:9])


class PySealer:
    """:class:`Sealer` on the ``cryptography`` package (imported when first
    used, so the phone app never needs it)."""

    def __init__(self) -> None:
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM

        self._aead = AESGCM
        self._cache: dict[bytes, Any] = {}

    def _cipher(self, key: bytes) -> Any:
        cipher = self._cache.get(key)
        if cipher is None:
            if len(key) != KEY_BYTES:
                raise Unsealable("a key of the wrong size")
            cipher = self._cache[key] = self._aead(key)
        return cipher

    async def seal(self, key: bytes, plain: bytes, aad: bytes) -> bytes:
        nonce = os.urandom(NONCE_BYTES)
        return nonce + bytes(self._cipher(key).encrypt(nonce, plain, aad))

    async def open(self, key: bytes, sealed: bytes, aad: bytes) -> bytes:
        from cryptography.exceptions import InvalidTag

        if len(sealed) < NONCE_BYTES + TAG_BYTES:
            raise Unsealable("too short")
        nonce, body = sealed[:NONCE_BYTES], sealed[NONCE_BYTES:]
        try:
            return bytes(self._cipher(key).decrypt(nonce, body, aad))
        except InvalidTag as exc:
            raise Unsealable("does not open with this key") from exc

    async def new_pair(self) -> tuple[Any, bytes]:
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import ec

        private = ec.generate_private_key(ec.SECP256R1())
        raw = private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return private, raw

    async def agree(self, private: Any, peer_public: bytes, salt: bytes) -> bytes:
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.hazmat.primitives.kdf.hkdf import HKDF

        if len(peer_public) != PUBLIC_BYTES:
            raise Unsealable("not a P-256 public key")
        try:
            peer = ec.EllipticCurvePublicKey.from_encoded_point(
                ec.SECP256R1(), peer_public
            )
        except ValueError as exc:
            raise Unsealable("not a P-256 public key") from exc
        shared = private.exchange(ec.ECDH(), peer)
        hkdf = HKDF(hashes.SHA256(), KEY_BYTES, salt, HKDF_INFO)
        return bytes(hkdf.derive(shared))

    async def new_signer(self) -> tuple[Any, bytes]:
        return await self.new_pair()  # the same curve; used only to sign

    async def sign(self, private: Any, data: bytes) -> bytes:
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.hazmat.primitives.asymmetric.utils import (
            decode_dss_signature,
        )

        r, s = decode_dss_signature(private.sign(data, ec.ECDSA(hashes.SHA256())))
        return r.to_bytes(32, "big") + s.to_bytes(32, "big")

    async def verify(self, public: bytes, data: bytes, signature: bytes) -> bool:
        from cryptography.exceptions import InvalidSignature
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.hazmat.primitives.asymmetric.utils import (
            encode_dss_signature,
        )

        if len(signature) != SIGNATURE_BYTES or len(public) != PUBLIC_BYTES:
            return False
        r, s = (int.from_bytes(signature[i : i + 32], "big") for i in (0, 32))
        try:
            key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), public)
            key.verify(encode_dss_signature(r, s), data, ec.ECDSA(hashes.SHA256()))
        except (InvalidSignature, ValueError):
            return False
        return True
