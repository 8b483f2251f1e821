"""Words said by no session, shown by many: each in its reader's language.

Why: a computer player moves on a timer thread (:mod:`companion.app.bots`),
outside every session, so ``_()`` there gives English; yet its news ("Bob
deals next.") is shown on every phone of the game, each in its own
language. The same holds for the ``what`` of a commit, which another screen
reads in "Meanwhile on another screen: …". A :class:`Said` is that English
text (so logs, tests and older code read it as before) which also keeps its
message id and fields; :func:`retell` words it again in the language of
the session that shows it.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import _


class Said(str):
    """English text that can be retold in another language."""

    message: str
    fields: dict[str, Any]

    def __new__(cls, message: str, **fields: Any) -> Said:
        made = super().__new__(cls, message.format(**fields))
        made.message = message
        made.fields = fields
        return made

    def retold(self) -> str:
        fields = {
            k: retell(v) if isinstance(v, str) else v for k, v in self.fields.items()
        }
        return _(self.message).format(**fields)


def said(message: str, **fields: Any) -> Said:
    """``message`` (marked with ``N_``) with its ``fields``, kept for
    :func:`retell`; reads as its English text meanwhile."""
    return Said(message, **fields)


def retell(text: str) -> str:
    """``text`` in the language of the session running now: a :class:`Said`
    is worded again, any other text is shown as it is."""
    return text.retold() if isinstance(text, Said) else text
