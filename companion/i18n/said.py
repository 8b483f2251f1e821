"""English text that can be said again in another language.

Some sentences are made where no session's language is known, or once for
every session: the store's notices about damaged files (made at start), and
what a commit changed (read later by another screen, perhaps in Hungarian).
A :class:`Said` is the English sentence itself — a ``str``, so logs, tests
and every ``list[str]`` keep working — that also remembers its message id
(marked with ``N_`` for extraction) and parameters; :func:`worded` says it
in the language of the session showing it. Parameters that are themselves
:class:`Said` are worded too.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import _


class Said(str):
    """``Said(N_("{name} left the table"), name="Ann")`` reads "Ann left the
    table" and is worded again by :func:`worded`."""

    msgid: str
    params: dict[str, Any]

    def __new__(cls, msgid: str, **params: Any) -> Said:
        text = super().__new__(cls, msgid.format(**params) if params else msgid)
        text.msgid = msgid
        text.params = params
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        return (_said, (self.msgid, self.params))


def _said(msgid: str, params: dict[str, Any]) -> Said:
    return Said(msgid, **params)


def worded(text: str) -> str:
    """``text`` in the current session's language when it is a :class:`Said`;
    any other text as it is (already worded, or a name)."""
    if not isinstance(text, Said):
        return text
    params = {k: worded(v) if isinstance(v, str) else v for k, v in text.params.items()}
    return _(text.msgid).format(**params) if params else _(text.msgid)


def error_words(exc: BaseException) -> str:
    """What ``exc`` says, in the current session's language when it was
    raised with a :class:`Said` (the store's errors are made once, in
    English, and read by every phone in its own language)."""
    said = exc.args[0] if len(exc.args) == 1 else None
    return worded(said) if isinstance(said, Said) else str(exc)
