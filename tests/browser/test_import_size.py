"""A 300,000-character paste into Import took 16.6 s and
then blamed a damaged checksum. A paste that big is refused at once with
the size message, and the field is ready for the next paste."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from companion.share import ShareCodeError
from companion.share.errors import Reason

from .harness import PHONE, Server, open_app
from .table import click, see

pytestmark = pytest.mark.browser

PASTE = "F7C1:" + "A" * 299_995  # what a person pastes by mistake: 300,000 chars
PROMPT_S = 5.0  # generous on a loaded 2-core machine; the old app took 16.6 s


def test_oversize_paste_is_refused_at_once(browser: Any, reader: Server) -> None:
    assert len(PASTE) == 300_000
    page = open_app(browser, reader.url, PHONE)
    click(page, "Import a game")
    field = page.get_by_role("textbox", name=re.compile("Share code")).first
    field.click()
    started = time.monotonic()
    field.fill(PASTE)  # one paste is one action, not typing
    size_message = ShareCodeError(Reason.TOO_LARGE).message
    see(page, size_message, timeout=60_000)
    took = time.monotonic() - started
    assert took < PROMPT_S, f"the size message took {took:.1f} s"
    # The field is empty again and ready for the right code.
    field = page.get_by_role("textbox", name=re.compile("Share code")).first
    assert field.input_value() == ""
    page.close()
