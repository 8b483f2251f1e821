"""Small building blocks every screen uses, so buttons look and behave the
same everywhere: visible text is the accessible name, 48 px targets."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar, cast

import flet as ft

from companion.i18n import _

from .pressable import pressable
from .textscale import text_scale
from .theme import ACCENT, DANGER, ON_ACCENT, TAP

# A button's handler: no argument, plain or async (Flet awaits coroutines).
Handler = Callable[[], object]
T = TypeVar("T")


async def settle(result: object) -> object:
    """``result``, awaited when it is a coroutine (an async intent)."""
    if inspect.isawaitable(result):
        return await result
    return result


def no_event(handler: Handler) -> Callable[[Any], Awaitable[object]]:
    """Call ``handler`` with no argument, whatever Flet passes, and await
    what it returns when that is a coroutine.

    Flet passes the event to a handler that declares a parameter, so
    ``lambda i=i: choose(i)`` would receive the event as ``i``: every button
    goes through here. Flet awaits only an ``async def`` handler: a plain one
    that returns a coroutine (``lambda: state.act(...)``) would drop it, so
    the handler given to Flet is always async.
    """

    async def run(_: Any = None) -> object:
        return await settle(handler())

    return run


def awaiting(fn: Callable[..., object]) -> Callable[..., Awaitable[object]]:
    """``fn`` for Flet with the same parameters (none, or the event), async:
    what it returns is awaited when it is a coroutine (see :func:`no_event`)."""
    if not inspect.signature(fn).parameters:

        async def run() -> object:
            return await settle(fn())

        return run

    async def run_with(e: Any) -> object:
        return await settle(fn(e))

    return run_with


def bind(fn: Callable[..., object], *args: object) -> Handler:
    """A handler taking no argument that calls ``fn(*args)``: the typed way to
    write ``lambda i=i: choose(i)`` for a row of buttons."""
    return lambda: fn(*args)


def use_lazy_state(make: Callable[[], T]) -> tuple[T, Callable[[T], None]]:
    """``ft.use_state`` with an initial value made on first render only.

    Flet hints the initial value as ``T | Callable[[], T]``, from which mypy
    infers ``Never`` for a function; this states what the hook returns.
    """
    value, set_value = ft.use_state(cast(Any, make))
    return cast(T, value), cast(Callable[[T], None], set_value)


def _button(
    kind: Callable[..., ft.Control],
    text: str,
    on_click: Handler,
    icon: ft.IconData | None,
    expand: bool,
    disabled: bool,
    **style: Any,
) -> ft.Control:
    return kind(
        text,
        icon=icon,
        # Larger text (the device's text scale): the label wraps, the button grows
        height=TAP if text_scale() <= 1 else None,
        expand=expand or None,  # False breaks a wrapping Row (Flet 1.0.5)
        disabled=disabled,
        on_click=no_event(on_click),
        **style,
    )


def primary(
    text: str,
    on_click: Handler,
    icon: ft.IconData | None = None,
    *,
    expand: bool = False,
    disabled: bool = False,
) -> ft.Control:
    """The screen's main action, in the accent colour."""
    return _button(
        ft.Button,
        text,
        on_click,
        icon,
        expand,
        disabled,
        bgcolor=ACCENT,
        color=ON_ACCENT,
    )


def secondary(
    text: str,
    on_click: Handler,
    icon: ft.IconData | None = None,
    *,
    expand: bool = False,
    disabled: bool = False,
) -> ft.Control:
    return _button(ft.OutlinedButton, text, on_click, icon, expand, disabled)


def choice(text: str, selected: bool, on_select: Handler) -> ft.Control:
    """One of a set of options: the chosen one filled, with a tick, and
    announced as selected (tapping it again keeps it chosen)."""
    kind = primary if selected else secondary
    button = kind(text, on_select, ft.Icons.CHECK if selected else None)
    return ft.Semantics(selected=selected, container=True, content=button)


def flat(text: str, on_click: Handler, icon: ft.IconData | None = None) -> ft.Control:
    return _button(ft.TextButton, text, on_click, icon, False, False)


def header(
    title: str,
    on_back: Callable[[], object] | None = None,
    actions: list[ft.Control] | None = None,
) -> ft.Control:
    controls: list[ft.Control] = []
    if on_back is not None:
        controls.append(flat(_("Back"), on_back, ft.Icons.ARROW_BACK))
    controls.append(
        ft.Text(
            title,
            size=22,
            weight=ft.FontWeight.BOLD,
            expand=True,
            overflow=ft.TextOverflow.ELLIPSIS,
        )
    )
    controls += actions or []
    return ft.Container(
        padding=ft.Padding.only(left=8, right=8, top=4, bottom=4),
        content=ft.Row(controls, vertical_alignment=ft.CrossAxisAlignment.CENTER),
    )


def message(text: str, *, error: bool = False) -> ft.Control:
    """A visible message; red only for problems."""
    colour = DANGER if error else ACCENT
    return ft.Container(
        padding=10,
        border_radius=8,
        bgcolor=ft.Colors.with_opacity(0.08, colour),
        border=ft.Border.all(1, colour),
        content=ft.Row(
            [
                ft.Icon(
                    ft.Icons.ERROR_OUTLINE if error else ft.Icons.INFO_OUTLINE,
                    color=colour,
                ),
                ft.Container(
                    expand=True,
                    content=readable(
                        ft.Text(text, color=colour if error else None, selectable=True)
                    ),
                ),
            ]
        ),
    )


def near_buttons(notice: Any, shown_beside: tuple[str, ...] = ()) -> list[ft.Control]:
    """The screen's message just above its bottom bar, where the person who
    tapped is looking (a long form's top may be scrolled away). Nothing when
    the message is already shown beside the field it is about."""
    if notice is None or notice.text in shown_beside:
        return []
    return [
        ft.Container(
            padding=ft.Padding.only(left=12, right=12, top=4),
            content=message(notice.text, error=notice.error),
        )
    ]


def readable(text: ft.Text) -> ft.Control:
    """Selectable text, still read out as text: Flutter web exposes selectable
    text as an unnamed, disabled text box, so give it its words as a label."""
    return ft.Semantics(
        label=str(text.value), container=True, exclude_semantics=True, content=text
    )


def section(title: str) -> ft.Control:
    return ft.Text(title, size=16, weight=ft.FontWeight.BOLD)


def icon_action(
    icon: ft.IconData,
    label: str,
    on_click: Callable[[], object],
    *,
    disabled: bool = False,
) -> ft.Control:
    """An icon button named ``label`` for screen readers and tests.

    Built like the card keys: a tappable 48 px box inside its own semantics
    node, because an IconButton's tooltip does not name it in Flutter's web
    tree; an InkWell there would take the keyboard's focus on an unnamed
    node, so the box has no ripple and :func:`pressable` gives the named
    node its Tab stop.
    """
    box = ft.Container(
        width=TAP,
        height=TAP,
        border_radius=TAP // 2,
        alignment=ft.Alignment.CENTER,
        ink=False,
        tooltip=label,
        on_click=None if disabled else no_event(on_click),
        content=ft.Icon(icon, opacity=0.3 if disabled else 1.0),
    )
    face = ft.Semantics(
        label=label,
        button=True,
        exclude_semantics=True,
        container=True,
        content=box,
    )
    return face if disabled else pressable(face, on_click)


def switch_row(
    label: str, value: bool, on_change: Callable[[bool], object], hint: str = ""
) -> ft.Control:
    """A switch with a short label (its accessible name) and a wrapping hint."""
    controls: list[ft.Control] = [
        ft.Switch(
            label=label,
            value=value,
            on_change=awaiting(lambda e: on_change(bool(e.control.value))),
        )
    ]
    if hint:
        controls.append(
            ft.Container(
                padding=ft.Padding.only(left=60), content=ft.Text(hint, size=12)
            )
        )
    return ft.Column(controls, spacing=0)


class TextInput:
    """What a text field holds, kept on the server between renders.

    Flet diffs a re-rendered field against the one on screen, whose value the
    browser's keystrokes have updated: a field rendered without its value
    (or with an older one) is patched back, wiping what the person typed
    since. So every field is rendered with ``value=input.text``, the ref the
    last keystroke wrote (a render's closure may be older than that). With
    ``live`` the component re-renders on every keystroke (suggestions,
    search); ``reset`` empties the field.
    """

    def __init__(
        self,
        ref: Any,
        version: int,
        bump: Callable[[Callable[[int], int]], None],
        live: Callable[[str], None] | None = None,
    ) -> None:
        self._ref, self.version, self._bump, self._live = ref, version, bump, live

    @property
    def text(self) -> str:
        return self._ref.current or ""

    def change(self, e: Any) -> None:
        self.set(e.control.value or "")

    def set(self, text: str) -> None:
        self._ref.current = text
        if self._live is not None:
            self._live(text)

    def reset(self, text: str = "") -> None:
        """Start the field over, empty or with ``text`` (a name to edit)."""
        self.set(text)
        self._bump(lambda v: v + 1)

    def key(self, name: str) -> str:
        return f"{name}-{self.version}"


def use_text_input(initial: str = "", *, live: bool = False) -> TextInput:
    """A field's text that survives re-renders (see :class:`TextInput`)."""
    ref = ft.use_ref(initial)
    version, set_version = ft.use_state(0)
    _, set_shown = ft.use_state(initial)  # always called: hooks match by position
    return TextInput(ref, version, set_version, set_shown if live else None)


def bottom_bar(buttons: list[ft.Control]) -> ft.Control:
    """Main actions kept in reach at the bottom of a long screen."""
    return ft.Container(
        padding=ft.Padding.only(left=12, right=12, top=8, bottom=8),
        border=ft.Border.only(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        content=ft.Row(buttons, spacing=8),
    )


def own_node(control: ft.Control) -> ft.Control:
    """``control``'s texts as a node of their own in the accessibility tree.

    Loose texts beside a text field were folded by Flutter web into the
    field's label (a screen reader said "Ann 0 No cards yet… Typed score"
    on the typed-score field); tests/browser/test_focus_order.py checks."""
    return ft.Semantics(container=True, content=control)
