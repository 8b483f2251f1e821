"""A value per page (a session's language, text scale, look), found by the
page's identity, let go with the page.

Why not ``weakref.WeakKeyDictionary[ft.Page, ...]``: a lookup there makes a
new weak reference to the page and compares it with the stored one, which
compares the pages themselves, and ``ft.Page`` is a dataclass whose ``==``
reads every one of its fields. Every ``_()`` and every measured text asks
for its page's value, so a score sheet's render made thousands of such
comparisons: about a tenth of the server's time at a live table's save
(issue 25). Here a lookup is one dict access by ``id(page)``; a finalizer
drops the entry when the page is collected, before its id can be reused,
and holds nothing that leads back to the page (a page kept alive by its
own entry would never be freed, issue 25 bug 7).
"""

from __future__ import annotations

import weakref
from typing import Generic, TypeVar

T = TypeVar("T")


class PerPage(Generic[T]):
    """A value per live page, keyed by identity (see the module doc)."""

    def __init__(self) -> None:
        self._values: dict[int, T] = {}

    def get(self, page: object, default: T) -> T:
        return self._values.get(id(page), default)

    def set(self, page: object, value: T) -> None:
        key = id(page)
        if key not in self._values:
            weakref.finalize(page, self._values.pop, key, None)
        self._values[key] = value

    def __len__(self) -> int:
        return len(self._values)
