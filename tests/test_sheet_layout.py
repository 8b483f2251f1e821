"""The score sheet's columns at phone width, without a browser: four players
with three-digit totals (the leader's ★ among them) fit a 390 px phone; more
players scroll sideways; a name is never cut mid-word."""

from __future__ import annotations

import pytest
from share_games import late_start_game

from companion.app.views.sheet import STARTS, legend, round_cells
from companion.i18n import use
from companion.ui.parts.score_table import BIG_NUMBER, layout
from companion.ui.parts.wide_table import SCREEN_PAD, text_width

PHONE = 390 - SCREEN_PAD  # what the sheet has on a 390 px phone


def four(totals: list[int]) -> list[list[str]]:
    return [["35", "38", "·", "12"] for _ in totals]


@pytest.mark.parametrize(
    "totals",
    [[98, 87, 130, 64], [199, 205, 187, 193], [-45, 12, 130, 0], [5, 7, 9, 11]],
)
def test_four_players_fit_a_phone_with_the_leaders_star(totals: list[int]) -> None:
    names = ["Ann", "Bob", "Cy", "Dee"]
    leads = [t == max(totals) for t in totals]
    shape = layout(names, four(totals), totals, leads, PHONE)
    assert shape.width <= PHONE, shape
    for width, total, lead in zip(shape.widths, totals, leads, strict=True):
        star = text_width("★", 16) if lead else 0
        assert text_width(str(total), shape.total_size, True) + star < width


def test_big_totals_where_there_is_room() -> None:
    shape = layout(
        ["Ann", "Bob", "Cy"], four([1, 2, 3]), [98, 130, 64], [0, 1, 0], PHONE
    )
    assert shape.total_size == BIG_NUMBER and shape.width <= PHONE


def test_seven_players_scroll_but_no_name_is_cut() -> None:
    names = ["Jean-Baptiste", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
    totals = [120, 130, 90, 80, 70, 60, 50]
    leads = [t == 130 for t in totals]
    scores = [["35", "38"] for _ in names]
    shape = layout(names, scores, totals, leads, PHONE)
    assert shape.width > PHONE  # these scroll sideways
    assert shape.widths[0] >= text_width("Jean-Baptiste", 15, True)


def test_the_sheet_writes_a_true_minus_sign() -> None:
    """ "-20" with a hyphen on the sheet, "−20" everywhere else."""
    from share_games import brutal_game

    sheet = brutal_game()
    cells = [c.text for p in sheet.players for c in round_cells(sheet, p)]
    negative = [c for c in cells if "−" in c]
    assert negative and not any("-" in c for c in cells), cells


def test_a_cell_already_its_rows_size_is_drawn_as_it_is() -> None:
    """The score sheet sizes its own cells (one control fewer a cell for
    every page to build and be sent after a save); any other cell is still
    boxed at its column's width and row's height, and ruled when asked."""
    import flet as ft

    from companion.ui.parts.wide_table import _cell

    sized = ft.Container(width=84, height=40, content=ft.Text("35"))
    assert _cell(sized, 84, 40, False) is sized
    for width, height, lines in ((84, 52, False), (90, 40, False), (84, 40, True)):
        boxed = _cell(sized, width, height, lines)
        assert boxed is not sized and boxed.content is sized
        assert (boxed.width, boxed.height) == (width, height)
    text = ft.Text("R1")
    assert _cell(text, 64, 40, False).content is text


def test_a_computer_player_among_four_fits_a_phone() -> None:
    """Ann, Bob, Cy and "Computer 1" after one round: the columns were 6 px
    wider than a 390 px phone (each held at 68 px though "23" needs less),
    so the sheet paged "Players 1–3 of 4" with all four in sight."""
    names = ["Ann", "Bob", "Cy", "Computer 1"]
    totals = [23, 19, 0, 27]
    shape = layout(
        names, [["23"], ["19"], ["0 ✗"], ["27"]], totals, [0, 0, 0, 1], PHONE
    )
    assert shape.width <= PHONE, shape
    for width, name in zip(shape.widths, names, strict=True):
        assert text_width(name.split()[0], 15, True) < width, (name, shape)


def test_the_legend_explains_only_the_marks_on_the_sheet() -> None:
    """The sheet explained "✎ typed" with no score typed anywhere on it, and
    offered "tap R1, R2… to correct" before any round was played."""
    from companion.rules import Entry, RoundRecord, Sheet

    sheet = Sheet.new(["Ann", "Bob"])
    assert legend(sheet, editable=True) == ""
    plain = (("p1", Entry(("5",))), ("p2", Entry(("3",))))
    sheet = sheet.add_round(RoundRecord("p1", plain))
    assert legend(sheet, editable=True) == "tap R1, R2… to correct"
    assert legend(sheet, editable=False) == ""
    bust = (("p1", Entry(("5", "5"), busted=True)), ("p2", Entry((), typed=12)))
    sheet = sheet.add_round(RoundRecord("p2", bust))
    assert legend(sheet, editable=True) == (
        "✎ typed   ✗ busted   tap R1, R2… to correct"
    )
    assert legend(sheet, editable=False) == "✎ typed   ✗ busted"


def test_a_late_players_start_shows_in_her_column_and_adds_up() -> None:
    """Issue 37: Dee's column read "· ·" then 30 0 8 0 over a total of 65,
    with nothing saying she started at 27. Her start stands in the round
    before she joined, marked, and the legend says it in words."""
    sheet = late_start_game()
    cells = round_cells(sheet, sheet.player("p4"))
    shown = [c.text.removesuffix(" ✎") for c in cells]  # typed scores
    assert shown == ["·", "27", "30", "0", "8", "0"]
    assert cells[1].mark == STARTS and cells[0].mark == ""
    assert sum(int(t) for t in shown if t != "·") == 65
    assert "▸ Dee joined at 27" in legend(sheet, editable=False)
    with use("hu"):
        assert "Dee" in legend(sheet, editable=False)
        assert "joined" not in legend(sheet, editable=False)
