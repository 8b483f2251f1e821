"""Every patch of Flet's internals installs on the pinned Flet, and each
private name it reaches is there (issue 36): a Flet upgrade that renames
one fails here, by name, not in a player's browser."""

from __future__ import annotations

import json
import subprocess
import sys

from companion.server import flet_patches

ALL = {
    "flet_errors",
    "flet_guard",
    "flet_limits",
    "flet_quiet",
    "flet_relay",
}


def test_every_patch_is_listed_with_what_it_reaches() -> None:
    assert {p.module for p in flet_patches.PATCHES} == ALL
    named = {name for p in flet_patches.PATCHES for name in p.reaches}
    assert named == {
        "flet_web.fastapi.flet_app.FletApp.handle",
        "flet_web.fastapi.flet_app.FletApp._FletApp__get_unique_session_id",
        "flet_web.fastapi.flet_app.FletApp#_FletApp__session",
        "flet_web.fastapi.flet_app.FletApp#_FletApp__session_timeout_seconds",
        "flet_web.fastapi.flet_app_manager.app_manager.disconnect_session",
        "flet_web.fastapi.flet_app.FletApp._FletApp__on_message",
        "flet_web.fastapi.flet_app.FletApp#_FletApp__client_ip",
        "flet.messaging.session.Session.error",
        "flet.messaging.protocol.Message.__str__",
    }
    assert flet_patches.problems() == []


def test_a_missing_name_is_said_clearly() -> None:
    assert not flet_patches.reaches("flet.messaging.session.Session.no_such_thing")
    assert not flet_patches.reaches("flet_web.fastapi.flet_app.FletApp#nothing_here")
    assert not flet_patches.reaches("no_such_module.Thing")


def test_every_install_succeeds_on_the_pinned_flet() -> None:
    """In a process of its own: the patches change Flet for good."""
    code = (
        "import json\n"
        "from companion.server import flet_errors, flet_guard, flet_limits, "
        "flet_quiet, flet_relay\n"
        "print(json.dumps({m.__name__.rsplit('.', 1)[1]: m.install() for m in "
        "(flet_errors, flet_guard, flet_limits, flet_quiet, flet_relay)}))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert json.loads(out.stdout.strip().splitlines()[-1]) == dict.fromkeys(ALL, True)
