"""The one way an intent says no.

Every intent of the app layer raises :class:`Refusal` with the sentence the
table should read; :meth:`companion.app.session.AppState` turns it into the
notice on screen in one place, so no intent mixes returning and raising.
"""

from __future__ import annotations

from companion.i18n import N_, _

# Said by many intents and screens alike: one message id each.
NO_GAME = N_("No game is open.")
GAME_GONE = N_("That game is no longer stored.")


class Refusal(Exception):
    """An intent that was not carried out; ``message`` says why, for people."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def could_not_save(exc: OSError) -> Refusal:
    """A refused write, in the store's own words when it has them."""
    return Refusal(
        _("Could not save ({reason}); nothing was changed.").format(
            reason=exc.strerror or exc
        )
    )
