"""Words said by no session, shown by many: each in its reader's language.

Why: a computer player moves on a timer thread (:mod:`companion.app.bots`),
outside every session, so ``_()`` there gives English; yet its news ("Bob
deals next.") is shown on every phone of the game, each in its own
language. One mechanism serves it and the store's notices:
:class:`companion.i18n.said.Said` (English text that keeps its message id and
fields); these are the app layer's names for it.
"""

from __future__ import annotations

from typing import Any

from companion.i18n.said import Said, worded

__all__ = ["Said", "retell", "said"]  # i18n: not shown


def said(message: str, **fields: Any) -> Said:
    """``message`` (marked with ``N_``) with its ``fields``, kept for
    :func:`retell`; reads as its English text meanwhile."""
    return Said(message, **fields)


retell = worded
