"""Each page's language: chosen on Home, remembered per device, first taken
from the browser's (or phone's) locale, else the server's default
(``--language`` / flet.toml ``language``).

The translator of a page is kept here, keyed by the page, and
:func:`page_translator` is the resolver :mod:`companion.i18n` asks: Flet
binds ``ft.context.page`` to the session in every handler, render and task,
so ``_()`` anywhere in that session finds that session's language, and two
phones on one server never see each other's.
"""

from __future__ import annotations

import logging

import flet as ft

from companion import i18n
from companion.i18n import LANGUAGES, current

from .per_page import PerPage
from .widgets import bind, choice

LANGUAGE_KEY = "flip7.language"  # per device (the browser's storage)
log = logging.getLogger(__name__)


# Each page's translator, for ``_()``. Nothing in it may lead back to its
# page: a value that did (the page's state setter, through its component)
# kept every page, with all its controls and state, for as long as the
# server ran (issue 25, bug 7: about 350 KB a session). The setter is kept
# in the session's own store, which goes when the session does.
_pages: PerPage[i18n.Translator | None] = PerPage()
SETTER = "companion.language.set_code"  # key in the session's store
_server_default = [i18n.SOURCE]


def install(default: str | None) -> None:
    """The server's default language, and ``_()`` following each page."""
    _server_default[0] = i18n.match(default) or i18n.SOURCE
    i18n.prepare()
    i18n.set_resolver(page_translator)


def page_translator() -> i18n.Translator | None:
    try:
        page = ft.context.page
    except RuntimeError:  # not inside a session (a test, a worker thread)
        return None
    return _pages.get(page, None)


def use_language(page: ft.Page) -> str:
    """This page's language code; the root component calls it every render.
    A stored choice wins, then the device's locale, then the server's."""
    code, set_code = ft.use_state(_server_default[0])
    _pages.set(page, i18n.translator(code))
    page.session.store.set(SETTER, set_code)

    def show(new: str) -> None:
        _pages.set(page, i18n.translator(new))
        set_code(new)

    def first() -> None:
        async def read() -> None:
            try:
                stored = await ft.SharedPreferences().get(LANGUAGE_KEY)
                found = i18n.match(str(stored), None) if stored else None
                if found is None:
                    found = _device_language(await page.get_device_info())
            except (RuntimeError, TimeoutError):  # tab gone before it answered
                log.debug("language not read", exc_info=True)
                return
            except (TypeError, ValueError, AttributeError, KeyError):
                # The client answered with nonsense (issue 25: null as the
                # device's info): its choice is not known, the default stays.
                log.debug("the client's device info is unreadable", exc_info=True)
                return
            if found is not None and found != code:
                show(found)

        page.run_task(read)

    ft.use_effect(first, [])
    return code


def _device_language(info: ft.DeviceInfo | None) -> str | None:
    """The first of the device's preferred locales that the app speaks."""
    for locale in getattr(info, "locales", None) or []:
        found = i18n.match(getattr(locale, "language_code", None), None)
        if found is not None:
            return found
    return None


def choose(code: str) -> None:
    """The person picked a language (Home): show it now, keep it on this
    device."""
    page = ft.context.page
    set_code = page.session.store.get(SETTER)
    code = i18n.match(code) or i18n.SOURCE
    if not callable(set_code):
        return
    _pages.set(page, i18n.translator(code))
    set_code(code)
    page.run_task(ft.SharedPreferences().set, LANGUAGE_KEY, code)


def current_code() -> str:
    return i18n.current().language


def language_picker() -> ft.Control:
    """English, Italiano, Magyar: each in its own words, so a person finds
    theirs whatever the screen speaks now."""
    shown = current().language
    return ft.Row(
        [
            choice(name, code == shown, bind(choose, code))
            for code, name in LANGUAGES.items()
        ],
        wrap=True,
    )
