"""The per-page table behind each session's language, text scale and look
(ui/per_page.py): found by the page's identity, never by its ``==``, and
let go with the page."""

from __future__ import annotations

import gc
from dataclasses import dataclass, field

from companion.ui.per_page import PerPage


@dataclass
class Page:
    """Like ``ft.Page``: a dataclass whose ``==`` compares its fields."""

    name: str
    compared: list[int] = field(default_factory=list)

    def __eq__(self, other: object) -> bool:
        self.compared.append(1)
        return isinstance(other, Page) and self.name == other.name

    __hash__ = object.__hash__


def test_each_page_has_its_own_value_found_without_comparing_pages() -> None:
    table: PerPage[str] = PerPage()
    one, two = Page("same"), Page("same")  # equal, yet two sessions
    table.set(one, "de")
    table.set(two, "it")
    assert (table.get(one, ""), table.get(two, ""), table.get(Page("x"), "?")) == (
        "de",
        "it",
        "?",
    )
    table.set(one, "hu")
    assert table.get(one, "") == "hu" and len(table) == 2
    assert not one.compared and not two.compared


def test_a_page_collected_leaves_the_table() -> None:
    table: PerPage[object] = PerPage()
    page = Page("gone")
    table.set(page, object())
    table.set(page, "twice")  # one entry, one finalizer
    del page
    gc.collect()
    assert len(table) == 0
