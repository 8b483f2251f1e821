"""The pages drawn instead of the app say what to do, in each language."""

from __future__ import annotations

import pytest

from companion.app.views.notices import crowded, elsewhere
from companion.i18n import LANGUAGES, use


def test_too_many_pages_says_how_many_and_what_to_do() -> None:
    view = crowded(12)
    assert view.title == "Too many pages open"
    assert "(12)" in view.text and "reload this page" in view.text
    assert view.action is None


def test_another_tab_opens_by_itself_once_the_first_is_closed() -> None:
    """No button that seems to do nothing while the other tab is open
    (issue 37): the tab waits for the games and opens by itself."""
    view = elsewhere()
    assert view.title == "Open in another tab"
    assert view.action is None and "opens here by itself" in view.text


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_both_are_translated(language: str) -> None:
    with use(language):
        views = [crowded(3), elsewhere()]
    english = [crowded(3), elsewhere()]
    for view, en in zip(views, english, strict=True):
        assert view.title != en.title and view.text != en.text
    assert "3" in views[0].text
    assert views[1].action is None
