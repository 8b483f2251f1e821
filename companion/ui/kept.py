"""A part of a screen rebuilt only when what it shows changed.

Why: at a live table every session re-renders its whole screen after any
phone's tap (eight phones and a board: nine renders per tap), and Flet then
diffs each whole tree. Most of a screen did not change (a watching phone's
own line, the other players' chips, the keys whose count stayed). :func:`kept`
returns the part's controls from the last render, the very same objects,
while ``deps`` (the values the part is drawn from) compare equal; Flet's diff
skips a retained object at once, so neither the build nor the diff is paid.
(``ft.memo`` does the same for a component, but creating the component on
every render costs about as much as building a small part.)

The contract (as React's ``useMemo``): ``deps`` must hold everything the
part's *drawing* reads; its handlers may be those of an earlier render, so
they may only reach live objects (the session's ``AppState``, a hook's
setter, a :class:`~companion.ui.widgets.TextInput`), never a value read
during the render that made them. ``name`` is unique on the screen.

Parts live in the session's store, and only a part drawn in the current or
the previous render of the whole screen (:func:`new_frame`, called by the
root) is reused: a part left off the screen is built afresh when it comes
back, never re-mounted from an old tree; a change of the page's language
forgets them all.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

_STORE_KEY = "companion.kept"


@dataclass
class _Parts:
    frame: int = 0
    language: str = ""  # parts drawn in another language are never reused
    # name -> (deps, controls, the frame that last drew them)
    parts: dict[str, tuple[Any, ft.Control, int]] = field(default_factory=dict)


def _parts() -> _Parts:
    store = ft.context.page.session.store
    parts = store.get(_STORE_KEY)
    if not isinstance(parts, _Parts):
        parts = _Parts()
        store.set(_STORE_KEY, parts)
    return parts


def new_frame(language: str = "") -> None:
    """The whole screen renders again (the root component's body), in
    ``language``."""
    parts = _parts()
    parts.frame += 1
    old = parts.frame - 1
    if language != parts.language:
        parts.language, parts.parts = language, {}
    parts.parts = {k: v for k, v in parts.parts.items() if v[2] >= old}


def kept(name: str, deps: Hashable, build: Callable[[], ft.Control]) -> ft.Control:
    """``build()``, or the same controls as last time while ``deps`` are equal
    (see the module doc)."""
    parts = _parts()
    hit = parts.parts.get(name)
    if hit is not None and hit[2] >= parts.frame - 1 and hit[0] == deps:
        control = hit[1]
    else:
        control = build()
    parts.parts[name] = (deps, control, parts.frame)
    return control
