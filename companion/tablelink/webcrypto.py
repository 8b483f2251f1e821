"""The :class:`~companion.tablelink.sealing.Sealer` of the phone app: the
browser's WebCrypto, reached from Pyodide through ``js``.

Why WebCrypto and not ``cryptography`` in Pyodide: it is in every browser
already (nothing to download on a phone's first visit), runs natively, and
keeps the guest's private key non-extractable (it can be stored in
IndexedDB as a ``CryptoKey`` and never read as bytes, even by the app).
Only importable in the browser; tests/browser/test_tablelink_pyodide.py
runs it in Pyodide in Chromium against :class:`~.sealing.PySealer`.
"""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import JsException, to_js  # type: ignore[import-not-found]

from .sealing import (
    HKDF_INFO,
    KEY_BYTES,
    NONCE_BYTES,
    PUBLIC_BYTES,
    SIGNATURE_BYTES,
    Unsealable,
)

ECDH = {"name": "ECDH", "namedCurve": "P-256"}
ECDSA = {"name": "ECDSA", "namedCurve": "P-256"}
SHA256 = {"name": "ECDSA", "hash": "SHA-256"}


def _obj(data: dict[str, Any]) -> Any:
    return to_js(data, dict_converter=js.Object.fromEntries)


def _bytes(buffer: Any) -> bytes:
    return bytes(js.Uint8Array.new(buffer).to_py())


class WebCryptoSealer:
    """AES-GCM, ECDH P-256 and HKDF-SHA256 through ``crypto.subtle``."""

    def __init__(self) -> None:
        self._subtle = js.crypto.subtle
        self._keys: dict[bytes, Any] = {}

    async def _aes(self, key: bytes) -> Any:
        handle = self._keys.get(key)
        if handle is None:
            if len(key) != KEY_BYTES:
                raise Unsealable("a key of the wrong size")
            handle = await self._subtle.importKey(
                "raw", to_js(key), "AES-GCM", False, to_js(["encrypt", "decrypt"])
            )
            self._keys[key] = handle
        return handle

    def _gcm(self, nonce: bytes, aad: bytes) -> Any:
        return _obj(
            {"name": "AES-GCM", "iv": to_js(nonce), "additionalData": to_js(aad)}
        )

    async def seal(self, key: bytes, plain: bytes, aad: bytes) -> bytes:
        nonce = _bytes(js.crypto.getRandomValues(js.Uint8Array.new(NONCE_BYTES)))
        sealed = await self._subtle.encrypt(
            self._gcm(nonce, aad), await self._aes(key), to_js(plain)
        )
        return nonce + _bytes(sealed)

    async def open(self, key: bytes, sealed: bytes, aad: bytes) -> bytes:
        nonce, body = sealed[:NONCE_BYTES], sealed[NONCE_BYTES:]
        try:
            plain = await self._subtle.decrypt(
                self._gcm(nonce, aad), await self._aes(key), to_js(body)
            )
        except JsException as exc:  # OperationError: the tag does not match
            raise Unsealable("does not open with this key") from exc
        return _bytes(plain)

    async def new_pair(self) -> tuple[Any, bytes]:
        pair = await self._subtle.generateKey(_obj(ECDH), False, to_js(["deriveBits"]))
        return pair.privateKey, _bytes(
            await self._subtle.exportKey("raw", pair.publicKey)
        )

    async def agree(self, private: Any, peer_public: bytes, salt: bytes) -> bytes:
        if len(peer_public) != PUBLIC_BYTES:
            raise Unsealable("not a P-256 public key")
        subtle = self._subtle
        try:
            peer = await subtle.importKey(
                "raw", to_js(peer_public), _obj(ECDH), False, to_js([])
            )
            shared = await subtle.deriveBits(
                _obj({"name": "ECDH", "public": peer}), private, 256
            )
        except JsException as exc:  # DataError: not a point on the curve
            raise Unsealable("not a P-256 public key") from exc
        hkdf = await subtle.importKey(
            "raw", shared, "HKDF", False, to_js(["deriveBits"])
        )
        params = {"name": "HKDF", "hash": "SHA-256", "salt": to_js(salt)}
        params["info"] = to_js(HKDF_INFO)
        return _bytes(await subtle.deriveBits(_obj(params), hkdf, KEY_BYTES * 8))

    async def new_signer(self) -> tuple[Any, bytes]:
        pair = await self._subtle.generateKey(
            _obj(ECDSA), False, to_js(["sign", "verify"])
        )
        public = await self._subtle.exportKey("raw", pair.publicKey)
        return pair.privateKey, _bytes(public)

    async def sign(self, private: Any, data: bytes) -> bytes:
        return _bytes(await self._subtle.sign(_obj(SHA256), private, to_js(data)))

    async def verify(self, public: bytes, data: bytes, signature: bytes) -> bool:
        if len(signature) != SIGNATURE_BYTES or len(public) != PUBLIC_BYTES:
            return False
        try:
            key = await self._subtle.importKey(
                "raw", to_js(public), _obj(ECDSA), False, to_js(["verify"])
            )
            return bool(
                await self._subtle.verify(
                    _obj(SHA256), key, to_js(signature), to_js(data)
                )
            )
        except JsException:  # DataError: not a point on the curve
            return False
