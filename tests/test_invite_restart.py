"""A server started on loopback with its own port or games folder says how
to restart it for phones with that port and folder kept (issue 37): the
plain ``--host 0.0.0.0`` it said before would start on another port, or
worse on another folder, where the game is not."""

from __future__ import annotations

from pathlib import Path

from companion.app.serving import Serving
from companion.app.views.invite import cannot_join
from companion.i18n import use


def test_the_default_server_is_told_the_plain_command() -> None:
    said = cannot_join(Serving("127.0.0.1", 8550), ["192.168.1.23"])
    assert said is not None and said.endswith(": uv run companion --host 0.0.0.0")


def test_the_port_is_kept() -> None:
    said = cannot_join(Serving("127.0.0.1", 9000), ["192.168.1.23"])
    assert said is not None
    assert said.endswith("uv run companion --host 0.0.0.0 --port 9000")


def test_the_games_folder_and_settings_file_are_kept(tmp_path: Path) -> None:
    folder = tmp_path / "my games"
    serving = Serving("127.0.0.1", 9000, keep=("--data-dir", str(folder)))
    with use("it"):
        said = cannot_join(serving, ["192.168.1.23"])
    assert said is not None and said.startswith("I telefoni non possono")
    assert said.endswith(f"--host 0.0.0.0 --port 9000 --data-dir '{folder}'")
