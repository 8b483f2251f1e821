"""The one error an import can raise, with a message a player can act on.

Share codes arrive from chat apps, files and cameras, so anything can come in.
:attr:`ShareCodeError.message` is a :class:`~companion.i18n.said.Said`:
English as made (a code may be decoded where no reader's language is known),
worded in the language of whoever reads it (``worded``/``error_words``, as
every refusal is: issue 37 found them English on Italian and Hungarian
phones). :attr:`reason` lets the UI and the tests tell the kinds apart
without parsing text.
"""

from __future__ import annotations

from enum import StrEnum

from companion.i18n import N_
from companion.i18n.said import Said


class Reason(StrEnum):
    """Why a share code was refused."""

    MALFORMED = "malformed"  # not a share code at all
    TRUNCATED = "truncated"  # a share code with its end cut off
    TAMPERED = "tampered"  # complete, but the checksum does not match
    TOO_LARGE = "too_large"  # over the size caps (also zip bombs)
    NEWER_VERSION = "newer_version"  # written by a newer app
    INVALID_GAME = "invalid_game"  # well-formed, but not a possible game


_MESSAGES: dict[Reason, str] = {
    Reason.MALFORMED: N_("This is not a Flip 7 share code."),
    Reason.TRUNCATED: N_(
        "This share code is incomplete: part of it is missing. "
        "Copy the whole code and try again."
    ),
    Reason.TAMPERED: N_(
        "This share code is damaged or was changed after it was made "
        "(its checksum does not match)."
    ),
    Reason.TOO_LARGE: N_("This share code is too large to be a Flip 7 game."),
    Reason.NEWER_VERSION: N_(
        "This game was made by a newer version of the app; update the app to import it."
    ),
    Reason.INVALID_GAME: N_("This share code does not hold a game the app can read."),
}
# the exact problem (English: the schema's own words) after the sentence
_WITH_DETAIL = N_("This share code does not hold a game the app can read: {detail}.")


class ShareCodeError(ValueError):
    """A share code or file that cannot be imported.

    ``str(err)`` and ``err.message`` are the player-facing text (a Said:
    worded when shown); ``detail`` names the exact problem (for invalid
    games it is part of the message).
    """

    def __init__(self, reason: Reason, detail: str = "") -> None:
        if reason is Reason.INVALID_GAME and detail:
            message = Said(_WITH_DETAIL, detail=detail)
        else:
            message = Said(_MESSAGES[reason])
        super().__init__(message)
        self.reason = reason
        self.detail = detail
        self.message = message
