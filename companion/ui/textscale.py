"""The device's text scale, learnt from what the device draws.

Flet 1.0.5 has no text-scale setting and does not report the platform's:
the person sets it where they set it for every app (the phone's text size;
in a browser, its font size or zoom of text, which Flutter web reads from
the page's root font size). Flutter then draws every text larger, but the
few layouts that size boxes from text measured on the server (the score
sheet's columns and rows, ``parts/wide_table.py``) would cut it. So the
root draws an invisible probe, a line of text of known size, and the
height Flutter gives it tells the scale: :func:`text_scale` in any render
of the session, 1.0 until the probe has answered.
"""

from __future__ import annotations

import math

import flet as ft

from .per_page import PerPage

PROBE_SIZE = 40  # px; one line of DejaVu Sans at this size is LINE px high
LINE = 57.0  # measured in Chromium at text scale 1.0 (115 at 2.0)
MIN_SCALE, MAX_SCALE = 0.5, 4.0  # beyond what any phone or browser offers
_scales: PerPage[float] = PerPage()


def text_scale() -> float:
    """This session's text scale (1.0 outside a session)."""
    try:
        page = ft.context.page
    except RuntimeError:
        return 1.0
    return _scales.get(page, 1.0)


def scale_of(height: object) -> float | None:
    """The text scale a probe ``height`` px high tells, in steps of 5 %;
    None for what no device draws. The event comes from the client, which
    may send anything (issue 25: a ``size_change`` with no data raised, and
    Flet sent the traceback to that client)."""
    if isinstance(height, bool) or not isinstance(height, (int, float)):
        return None
    if not math.isfinite(height):
        return None
    new = round(height / LINE * 20) / 20
    return new if MIN_SCALE <= new <= MAX_SCALE else None


def use_text_scale(page: ft.Page) -> tuple[float, ft.Control]:
    """The scale, and the probe to place anywhere in the root (it takes no
    width and is never seen or announced)."""
    scale, set_scale = ft.use_state(1.0)
    _scales.set(page, scale)

    def measured(e: ft.LayoutSizeChangeEvent[ft.LayoutControl]) -> None:
        new = scale_of(getattr(e, "height", None))
        if new is not None and abs(new - scale) >= 0.05:
            _scales.set(page, new)
            set_scale(new)

    probe = ft.Container(  # own height: not stretched by the root's row
        width=0,
        clip_behavior=ft.ClipBehavior.HARD_EDGE,
        content=ft.Text(
            "",  # empty: one line high, nothing to see or announce
            size=PROBE_SIZE,
            no_wrap=True,
            opacity=0,
            on_size_change=measured,
            size_change_interval=100,
        ),
    )
    return scale, ft.Column([probe], width=0, spacing=0)
