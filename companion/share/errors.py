"""The one error an import can raise, with a message a player can act on.

Share codes arrive from chat apps, files and cameras, so anything can come in.
The UI shows :attr:`ShareCodeError.message` as it is; :attr:`reason` lets it
(and the tests) tell the kinds apart without parsing text.
"""

from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    """Why a share code was refused."""

    MALFORMED = "malformed"  # not a share code at all
    TRUNCATED = "truncated"  # a share code with its end cut off
    TAMPERED = "tampered"  # complete, but the checksum does not match
    TOO_LARGE = "too_large"  # over the size caps (also zip bombs)
    NEWER_VERSION = "newer_version"  # written by a newer app
    INVALID_GAME = "invalid_game"  # well-formed, but not a possible game


_MESSAGES: dict[Reason, str] = {
    Reason.MALFORMED: "This is not a Flip 7 share code.",
    Reason.TRUNCATED: (
        "This share code is incomplete: part of it is missing. "
        "Copy the whole code and try again."
    ),
    Reason.TAMPERED: (
        "This share code is damaged or was changed after it was made "
        "(its checksum does not match)."
    ),
    Reason.TOO_LARGE: "This share code is too large to be a Flip 7 game.",
    Reason.NEWER_VERSION: (
        "This game was made by a newer version of the app; update the app to import it."
    ),
    Reason.INVALID_GAME: "This share code does not hold a game the app can read",
}


class ShareCodeError(ValueError):
    """A share code or file that cannot be imported.

    ``str(err)`` and ``err.message`` are the player-facing text; ``detail``
    names the exact problem (for invalid games it is part of the message).
    """

    def __init__(self, reason: Reason, detail: str = "") -> None:
        base = _MESSAGES[reason]
        if reason is Reason.INVALID_GAME:
            message = f"{base}: {detail}." if detail else f"{base}."
        else:
            message = base
        super().__init__(message)
        self.reason = reason
        self.detail = detail
        self.message = message
