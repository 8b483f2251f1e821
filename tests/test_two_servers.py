"""Two real servers on one data folder (issue 10, item 3).

Two servers on one folder used to list different games, write over each
other's rounds and delete each other's temp files at start-up (260 of 1,243
saves refused in the issue's run). Now the second one refuses to start,
says which folder and which server holds it, and touches nothing there;
the first keeps serving.
"""

from __future__ import annotations

import subprocess
import sys
import urllib.request
from pathlib import Path

from companion.store import LOCK_NAME

sys.path.insert(0, str(Path(__file__).parent))
from browser.harness import ROOT, free_port, running_server  # noqa: E402
from flet_client import one_session  # noqa: E402


def _snapshot(folder: Path) -> dict[str, tuple[int, bytes]]:
    return {
        str(p.relative_to(folder)): (p.stat().st_mtime_ns, p.read_bytes())
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _serves(url: str) -> bool:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.status == 200 and b"<html" in response.read().lower()


def test_a_second_server_on_the_same_folder_refuses_and_the_first_serves_on(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    with running_server(data) as first:
        assert first.proc is not None
        one_session(first.port)  # the app is loaded and its folder open
        # The first server's atomic write in flight: a second start must not
        # take it for a leftover of a crash and delete it.
        (data / ".index.json.inflight.tmp").write_text("half a write")
        (data / "games" / ".g.json.inflight.tmp").write_text("half a write")
        before = _snapshot(data)
        port = free_port()
        second = subprocess.Popen(
            [sys.executable, "-m", "companion", "--port", str(port)]
            + ["--data-dir", str(data)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            out, err = second.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            second.kill()
            out, err = second.communicate()
            raise AssertionError(
                f"the second server started on the same folder:\n{out}{err}"
            ) from None
        assert second.returncode == 3, out + err
        assert f"The games folder {data} is already used" in err
        assert f"pid {first.proc.pid}" in err
        assert f"serving {first.url}" in err
        assert "Flip 7 Companion: http" not in out  # it never served
        assert _snapshot(data) == before
        assert _serves(first.url)
        one_session(first.port)  # and it still serves the app
    assert (data / LOCK_NAME).exists()
