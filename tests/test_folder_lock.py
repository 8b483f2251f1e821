"""One process per data folder (issue 10, item 3): the OS lock in
``companion.lock`` refuses a second process with a message naming the folder
and the holder, touches nothing when it refuses, and dies with its holder
(``kill -9`` included)."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion.store import LOCK_NAME, FolderInUse, GameStore, Holder, lock_folder

ROOT = Path(__file__).resolve().parents[1]

# Takes the lock, says so, then waits (until killed) or exits with 3 when
# refused after printing the message.
HOLD = textwrap.dedent(
    """
    import sys, time
    from companion.store import FolderInUse, lock_folder
    try:
        lock = lock_folder(sys.argv[1], address="http://127.0.0.1:9999")
    except FolderInUse as exc:
        print(exc, file=sys.stderr, flush=True)
        raise SystemExit(3)
    print("locked" if lock is not None else "no lock", flush=True)
    time.sleep(600)
    """
)


def _hold(folder: Path) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(folder)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    return proc


def _started(proc: subprocess.Popen[str]) -> str:
    assert proc.stdout is not None
    return proc.stdout.readline().strip()


def _refused(folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", HOLD, str(folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def _snapshot(folder: Path) -> dict[str, tuple[int, bytes]]:
    return {
        str(p.relative_to(folder)): (p.stat().st_mtime_ns, p.read_bytes())
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _end(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.communicate(timeout=30)


def test_a_second_process_is_refused_with_the_folder_and_the_holder(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "games"
    first = _hold(folder)
    try:
        assert _started(first) == "locked"
        second = _refused(folder)
        assert second.returncode == 3, second.stdout + second.stderr
        message = second.stderr
        assert f"The games folder {folder} is already used" in message
        assert f"pid {first.pid}" in message
        assert "serving http://127.0.0.1:9999" in message
        assert "--data-dir" in message
    finally:
        _end(first)


def test_kill_9_releases_the_lock(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    first = _hold(folder)
    assert _started(first) == "locked"
    os.kill(first.pid, signal.SIGKILL)
    first.wait(timeout=30)
    _end(first)
    assert (folder / LOCK_NAME).exists()  # the file stays; its lock is gone
    second = _hold(folder)
    try:
        assert _started(second) == "locked"
        assert f'"pid": {second.pid}' in (folder / LOCK_NAME).read_text()
    finally:
        _end(second)


def test_a_refused_start_changes_nothing_in_the_folder(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    first = _hold(folder)
    try:
        assert _started(first) == "locked"
        (folder / "games").mkdir()
        (folder / ".index.json.x1.tmp").write_text("half a write")
        (folder / "games" / ".g.json.x2.tmp").write_text("half a write")
        before = _snapshot(folder)
        assert _refused(folder).returncode == 3
        assert _snapshot(folder) == before
    finally:
        _end(first)


def test_release_lets_the_next_one_in_and_the_note_is_rewritten(
    tmp_path: Path,
) -> None:
    lock = lock_folder(tmp_path, address="http://h:1")
    assert lock is not None and lock.held
    note = Holder.parse((tmp_path / LOCK_NAME).read_text())
    assert (note.pid, note.address) == (os.getpid(), "http://h:1")
    lock.release()
    assert not lock.held
    with lock_folder(tmp_path, address="http://h:2") as again:
        assert again is not None
        assert Holder.parse((tmp_path / LOCK_NAME).read_text()).address == "http://h:2"


def test_the_same_process_cannot_take_a_folder_twice(tmp_path: Path) -> None:
    """flock belongs to the open file, so a second open in one process is
    refused too: one process opens a folder once."""
    with lock_folder(tmp_path) as lock:
        assert lock is not None
        with pytest.raises(FolderInUse, match=f"pid {os.getpid()}"):
            lock_folder(tmp_path)


def test_a_note_that_cannot_be_read_still_refuses_clearly(tmp_path: Path) -> None:
    with lock_folder(tmp_path) as lock:
        assert lock is not None
        (tmp_path / LOCK_NAME).write_text("garbage")
        with pytest.raises(FolderInUse, match="its details are not written yet"):
            lock_folder(tmp_path)


def test_a_folder_that_cannot_be_made_is_left_to_the_store(tmp_path: Path) -> None:
    """No lock and no refusal: GameStore says why the folder cannot be used."""
    a_file = tmp_path / "games"
    a_file.write_text("not a folder")
    assert lock_folder(a_file) is None
    assert GameStore(a_file).folder_problem is not None


def _read_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder behaves as on a read-only mount (root ignores chmod)."""
    real_open = os.open

    def open_(path: object, flags: int, *args: object) -> int:
        if flags & (os.O_RDWR | os.O_WRONLY | os.O_CREAT):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", open_)


def test_a_read_only_folder_without_a_lock_file_is_not_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No lock file can be made there: no lock, and no refusal, so the store
    opens it and shows its games read only (with folder_problem)."""
    GameStore(tmp_path).close()
    _read_only(monkeypatch)
    assert lock_folder(tmp_path) is None


def test_a_read_only_folder_with_a_lock_file_still_sees_a_running_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = _hold(tmp_path)
    try:
        assert _started(first) == "locked"
        note = (tmp_path / LOCK_NAME).read_bytes()
        _read_only(monkeypatch)
        with pytest.raises(FolderInUse, match=f"pid {first.pid}"):
            lock_folder(tmp_path)
        assert (tmp_path / LOCK_NAME).read_bytes() == note
    finally:
        _end(first)


def test_a_read_only_folder_with_a_free_lock_file_is_locked_read_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with lock_folder(tmp_path, address="http://h:1"):
        pass
    note = (tmp_path / LOCK_NAME).read_bytes()
    _read_only(monkeypatch)
    with lock_folder(tmp_path) as lock:
        assert lock is not None and lock.held
        assert (tmp_path / LOCK_NAME).read_bytes() == note  # kept as it was


def test_companion_refuses_a_held_folder_before_serving(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.__main__ import IN_USE, main

    with lock_folder(tmp_path, address="http://127.0.0.1:8550"):
        assert main(["--data-dir", str(tmp_path), "--port", "1"]) == IN_USE
    out, err = capsys.readouterr()
    assert f"companion: The games folder {tmp_path} is already used" in err
    assert "serving http://127.0.0.1:8550" in err
    assert out == ""


def test_closed_sessions_are_kept_ten_minutes_unless_the_user_says() -> None:
    from companion.__main__ import SESSION_TIMEOUT, keep_closed_sessions

    env: dict[str, str] = {}
    keep_closed_sessions(env)
    assert env["FLET_SESSION_TIMEOUT"] == str(SESSION_TIMEOUT) == "600"
    env = {"FLET_SESSION_TIMEOUT": "42"}
    keep_closed_sessions(env)
    assert env["FLET_SESSION_TIMEOUT"] == "42"
