"""The score sheet's view (companion/app/views/sheet.py) without a browser:
which players stand on it, their cells and marks, the leader, who deals
next, and the legend; the ui only measures these words to size columns."""

from __future__ import annotations

from share_games import late_start_game

from companion.app.views.sheet import STARTS, Cell, sheet_view
from companion.rules import Entry, RoundRecord, Sheet


def two_rounds() -> Sheet:
    sheet = Sheet.new(["Ann", "Bob", "Cy"])
    plain = (("p1", Entry(("5",))), ("p2", Entry(("3",))), ("p3", Entry(("9",))))
    sheet = sheet.add_round(RoundRecord("p1", plain))
    odd = (
        ("p1", Entry(("5", "5"), busted=True)),
        ("p2", Entry((), typed=12)),
        ("p3", Entry(("1",))),
    )
    return sheet.add_round(RoundRecord("p2", odd))


def test_cells_totals_leader_and_dealer() -> None:
    view = sheet_view(two_rounds())
    assert view.rounds == 2
    assert [c.heading for c in view.columns] == ["Ann", "Bob", "Cy"]
    ann, bob, cy = view.columns
    assert ann.cells == (Cell("5"), Cell("0 ✗", red=True))
    assert bob.cells[1] == Cell("12 ✎")
    assert [c.total for c in view.columns] == [5, 15, 10]
    assert [c.leads for c in view.columns] == [False, True, False]
    assert [c.deals_next for c in view.columns] == [False, False, True]
    assert view.marks == ("✎ typed", "✗ busted")
    assert view.legend(editable=True) == "✎ typed   ✗ busted   tap R1, R2… to correct"
    assert view.legend(editable=False) == "✎ typed   ✗ busted"


def test_no_leader_before_a_round_and_nothing_to_explain() -> None:
    view = sheet_view(Sheet.new(["Ann", "Bob"]))
    assert not any(c.leads for c in view.columns)
    assert view.legend(editable=True) == "" and view.rounds == 0
    assert all(c.cells == () for c in view.columns)


def test_a_player_who_left_stays_while_they_have_rounds() -> None:
    sheet = two_rounds().remove_player("p3")
    view = sheet_view(sheet)
    cy = view.columns[2]
    assert cy.heading == "Cy (left)" and cy.name == "Cy" and not cy.leads
    fresh = Sheet.new(["Ann", "Bob", "Cy"]).remove_player("p3")
    assert [c.name for c in sheet_view(fresh).columns] == ["Ann", "Bob"]


def test_a_late_players_start_is_marked_and_explained() -> None:
    sheet = late_start_game()
    view = sheet_view(sheet)
    dee = next(c for c in view.columns if c.pid == "p4")
    assert dee.cells[1].mark == STARTS and dee.cells[0].empty
    assert dee.cells[1].label == "Dee joined at 27"
    assert "▸ Dee joined at 27" in view.marks
