"""Brutal's negative scores carry a true minus sign ("−25") on every screen
that draws a score, as the score chain and the sheet's cells write them; the
round entry wrote "Bob -25" on its chip and "-25" as the line's total, and
the sheet's total told a screen reader "-25". Drawn without a browser."""

from __future__ import annotations

import flet as ft

from companion.app.actions.entry import EntryIntents
from companion.app.views.entry import ChosenLine
from companion.i18n import signed
from companion.ui.parts.chosen_line import _line
from companion.ui.parts.score_table import _total_cell
from companion.ui.screens.entry import _player_chip


def _said(control: object) -> list[str]:
    """Every text and label inside ``control``, depth first."""
    found: list[str] = []
    for field in ("value", "text", "content", "label", "semantics_label"):
        value = getattr(control, field, None)
        if isinstance(value, str):
            found.append(value)
    for child in [getattr(control, "content", None)] + list(
        getattr(control, "controls", None) or []
    ):
        if child is not None and not isinstance(child, str):
            found += _said(child)
    return found


LINE = ChosenLine(
    pid="p2", name="Bob", score=-25, cards=("5", "5"),
    chain="Busted 0 → −10 −10 → −15 = −25", typed=None, busted=True,
    done=False, flip7=False, problems=(), editable=False, held=False,
    done_by="", brutal=True, bonus=None, odds=None, scorer=False,
)  # fmt: skip


def test_signed_writes_a_true_minus() -> None:
    assert [signed(n) for n in (-25, 0, 12)] == ["−25", "0", "12"]


def test_the_entry_chip_and_line_write_a_true_minus() -> None:
    chip = _said(_player_chip("Bob", -25, False, False, lambda: None))
    assert "Bob −25" in chip and not any("-25" in s for s in chip), chip
    taps = EntryIntents(None, None, None, None)  # type: ignore[arg-type]
    line = [s for c in _line(LINE, taps) for s in _said(c)]
    assert "−25" in line and not any("-25" in s for s in line), line


def test_the_sheets_total_is_said_with_a_true_minus() -> None:
    cell = _said(_total_cell("Bob", -25, False, 24))
    assert any("−25" in s for s in cell), cell
    assert not any("-25" in s for s in cell), cell


def test_a_text_is_found_in_a_button() -> None:
    """The helper above reads a button's words (else the chip test passes
    on nothing)."""
    assert "Ann 3" in _said(ft.Button("Ann 3"))
