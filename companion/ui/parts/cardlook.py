"""How cards look everywhere (keypad, lines, digital table): rounded
rectangles with a big numeral, one colour per value; specials named with an
icon; modifiers and actions in their own shapes and colours; busted lines as
card backs.

Names come from :mod:`companion.app.card_names` (the session's language:
"13 Fortunato" in Italian, the printed English names in Hungarian)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from companion.app.card_names import card_name, card_short
from companion.i18n import _
from companion.rules import Card
from companion.ui.parts.wide_table import text_width
from companion.ui.pressable import pressable
from companion.ui.textscale import text_scale
from companion.ui.theme import high_contrast, strong_face
from companion.ui.widgets import no_event

# One colour per number value, chosen to stay distinct side by side.
NUMBER_COLOURS: dict[int, str] = {
    0: "#263238",
    1: "#8D6E63",
    2: "#F9A825",
    3: "#EF6C00",
    4: "#C2410C",
    5: "#AD1457",
    6: "#6A1B9A",
    7: "#4527A0",
    8: "#1565C0",
    9: "#00838F",
    10: "#2E7D32",
    11: "#4A7A26",
    12: "#9E9D24",
    13: "#5D4037",
}
SPECIAL_ICONS = {
    "0": ft.Icons.BLOCK,
    "7U": ft.Icons.WARNING_AMBER,
    "13L": ft.Icons.STARS,
}
GROW_MOST = 1.5  # a card grows with larger text up to this much
MODIFIER_BG = "#FFF3E0"
MODIFIER_FG = "#BF360C"
MODIFIER_FG_STRONG = "#8A2500"  # 8.2:1 on MODIFIER_BG, for high contrast
HALVE_FG = "#0D47A1"
ACTION_BG = "#E8EAF6"
ACTION_FG = "#283593"
ACTION_ICONS = {
    "JOM": ft.Icons.PLUS_ONE,
    "F4": ft.Icons.FILTER_4,
    "STEAL": ft.Icons.BACK_HAND,
    "SWAP": ft.Icons.SWAP_HORIZ,
    "DISCARD": ft.Icons.DELETE_OUTLINE,
}
BACK_BG = "#37474F"
DARK_INK = "#1B1B1B"


def _luminance(hex_colour: str) -> float:
    def chan(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * chan(r) + 0.7152 * chan(g) + 0.0722 * chan(b)


def ink_on(bg: str) -> str:
    """White or near-black, whichever reads better on ``bg`` (WCAG contrast):
    white on the yellow 2 measured 1.97:1."""
    light = (1.05) / (_luminance(bg) + 0.05)
    dark = (_luminance(bg) + 0.05) / (_luminance(DARK_INK) + 0.05)
    return "#FFFFFF" if light >= 4.5 or light >= dark else DARK_INK


def label(code: str) -> str:
    """What a card says in words (also its accessible name), in the
    session's language."""
    return card_name(code)


def card_face(
    code: str,
    *,
    scale: float = 1.0,
    face_down: bool = False,
    on_click: Callable[[], object] | None = None,
    caption: str | None = None,
    dim: bool = False,
    name: str | None = None,
    shown: str | None = None,
) -> ft.Control:
    """A card drawn as a rounded rectangle; tappable when ``on_click`` is set.

    ``caption`` adds a small line under the numeral (copies left on keys),
    drawn as ``shown`` when that is given (a shorter form that fits a key:
    "2 rim." where a screen reader says "2 rimaste"). The accessible name is
    ``name`` if given, else the card's name plus the caption.

    No ink ripple on a tap: the tap's answer is the card itself (it joins or
    leaves the line, the key's count changes, within a frame or two), and a
    ripple is some thirty frames of drawing. At a live table those frames
    were drawn while every other phone drew the tap: in the issue 11
    benchmark (ten pages on two cores) dropping it took p95 from 402 to
    about 320 ms.
    """
    c = Card.parse(code)
    grow, ink = _grown(scale)
    w, h = round(56 * grow), round(80 * grow)
    look = _look(c, ink, face_down, w - 8)
    fg, inner = look.fg, look.inner
    said = look.name
    if caption:
        words = shown or caption
        size = fit(words, _small(ink) - 1, w - 8)
        inner.append(ft.Text(words, size=size, color=fg, no_wrap=True))
        said = f"{said}, {caption}"
    radius = round(8 * grow) if not c.is_modifier else round(20 * grow)
    box = ft.Container(
        width=w,
        height=h,
        bgcolor=look.bg,
        border=ft.Border.all(2, look.border),
        border_radius=radius,
        alignment=ft.Alignment.CENTER,
        opacity=0.4 if dim else 1.0,
        on_click=no_event(on_click) if on_click else None,
        ink=False,  # see the docstring
        content=ft.Column(
            inner,
            spacing=0,
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            alignment=ft.MainAxisAlignment.CENTER,
        ),
    )
    face = ft.Semantics(
        label=name or said, button=on_click is not None, exclude_semantics=True,
        container=True, content=box,
    )  # fmt: skip
    return face if on_click is None else pressable(face, on_click)


def _grown(scale: float) -> tuple[float, float]:
    """The card's size and its print's, for ``scale``: larger text (the
    device's text scale) grows the card up to GROW_MOST, and its print with
    it, so what is printed on a card always fits on it. The print's scale is
    before Flutter applies the text scale."""
    text = text_scale()
    grow = scale * min(text, GROW_MOST)
    return grow, grow / text


@dataclass
class Look:
    """How a card is drawn: colours, what is on it, and its spoken name."""

    bg: str
    fg: str
    border: str
    inner: list[ft.Control]
    name: str


def _small(scale: float) -> int:
    return max(10, round(11 * scale))


def fit(text: str, size: int, width: float) -> int:
    """``size``, or smaller until ``text`` fits ``width`` px on one line at
    the device's text scale: at 200 % text "10 left" and "Unlucky" were
    cut on the keys ("Unluck")."""
    while size > 5 and text_width(text, size) > width:
        size -= 1
    return size


def _look(c: Card, scale: float, face_down: bool, width: float = 1e9) -> Look:
    big = round(26 * scale)
    small = _small(scale)
    if face_down:
        fg = "#B0BEC5"
        icon = ft.Icon(ft.Icons.STYLE, color=fg, size=big)
        return Look(BACK_BG, fg, "#263238", [icon], _("face-down card"))
    if c.is_number:
        return _number_look(c, scale, width)
    if c.is_modifier:
        fg = HALVE_FG if c.is_halve else MODIFIER_FG
        if high_contrast() and not c.is_halve:
            fg = MODIFIER_FG_STRONG
        name = card_name(c.code)
        size = big if len(name) <= 2 else round(big * 0.75)
        text = ft.Text(name, size=size, weight=ft.FontWeight.BOLD, color=fg)
        return Look(MODIFIER_BG, fg, MODIFIER_FG, [text], name)
    fg = ACTION_FG
    name = card_name(c.code)
    inner: list[ft.Control] = [
        ft.Icon(ACTION_ICONS[c.code], color=fg, size=round(big * 0.8)),
        ft.Text(
            name,
            size=fit(max(name.split(), key=len), small - 2, width),
            color=fg,
            text_align=ft.TextAlign.CENTER,
        ),
    ]
    return Look(ACTION_BG, fg, ACTION_FG, inner, name)


def _number_look(c: Card, scale: float, width: float) -> Look:
    big, small = round(26 * scale), _small(scale)
    bg = NUMBER_COLOURS[c.value]
    fg, border = ink_on(bg), "#00000033"
    if high_contrast():
        bg, fg = strong_face(bg)
    if c.code in SPECIAL_ICONS and scale < 0.9:
        big = round(big * 0.85)  # a small key holds three lines: numeral, word, count
    numeral = ft.Text(str(c.value), size=big, weight=ft.FontWeight.BOLD, color=fg)
    inner: list[ft.Control] = [numeral]
    if c.code in SPECIAL_ICONS:
        border = "#FFD54F"
        short = card_short(c.code)
        size = fit(short, small - 2, width if scale < 0.9 else width - small)
        word = ft.Text(short, size=size, color=fg, no_wrap=True)
        # On small keys the word alone fits; the icon joins it on big cards.
        mark: ft.Control = (
            word
            if scale < 0.9
            else ft.Row(
                [ft.Icon(SPECIAL_ICONS[c.code], color="#FFD54F", size=small), word],
                spacing=1,
                tight=True,
                alignment=ft.MainAxisAlignment.CENTER,
            )
        )
        inner = [numeral, mark]
    return Look(bg, fg, border, inner, card_name(c.code))
