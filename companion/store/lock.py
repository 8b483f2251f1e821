"""One app process per data folder: an OS lock on ``companion.lock`` in it.

Why: two servers on one folder each keep their own list of games and their
own copy of every game, so they list different games, write over each
other's rounds and, at start-up, delete each other's temp files (issue 10).
The second server therefore refuses to start, with :class:`FolderInUse`
naming the folder and the one running there (pid, host, address), which the
holder writes into the lock file once it has the lock.

The lock is the operating system's (``fcntl.flock`` on POSIX,
``msvcrt.locking`` on Windows), held on an open file for the life of the
process: a crash or ``kill -9`` releases it, so there is never a stale lock
to delete by hand. The file itself stays; its content is only a note.
(``filelock`` is not used: it opens the file with ``O_TRUNC``, so a refused
second start would erase the running one's note, and it is not a
dependency.)

A refused start touches nothing: the file is opened without truncation and
only the process that got the lock rewrites the note. Callers take the lock
before :class:`~companion.store.GameStore` opens the folder, because opening
it deletes stale temp files, which may be the running server's writes.

No lock, and no refusal, when none can be made: the in-memory store has no
folder; a folder that cannot be created or written (no lock file can be
made there) is still opened so its games can be shown, read only, with the
store's ``folder_problem`` saying why; and a file system without locks
(some network shares) or a platform without either module (Pyodide) runs
as before. A read-only folder that already has a lock file is locked
through a read-only handle, so a viewer still sees a running writer.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import socket
import sys
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

LOCK_NAME = "companion.lock"
_WIN_OFFSET = 1 << 20  # Windows locks a byte past the note, which stays readable


@dataclass(frozen=True, slots=True)
class Holder:
    """The process that holds a folder, as its note says (fields may be "")."""

    pid: int | None = None
    host: str = ""
    address: str = ""
    started: str = ""

    @classmethod
    def parse(cls, text: str) -> Holder:
        try:
            data = json.loads(text)
        except ValueError:
            return cls()
        if not isinstance(data, dict):
            return cls()
        pid = data.get("pid")
        return cls(
            pid if isinstance(pid, int) else None,
            str(data.get("host", "")),
            str(data.get("address", "")),
            str(data.get("started", "")),
        )

    def describe(self) -> str:
        """ "pid 123 on this computer, serving http://…, since …"."""
        parts = []
        if self.pid is not None:
            where = "" if self.host in ("", socket.gethostname()) else self.host
            parts.append(f"pid {self.pid}" + (f" on {where}" if where else ""))
        if self.address:
            parts.append(f"serving {self.address}")
        if self.started:
            parts.append(f"since {self.started}")
        return ", ".join(parts) or "its details are not written yet"


class FolderInUse(RuntimeError):
    """Another process holds the folder; ``str()`` is the message to print."""

    def __init__(self, folder: Path, holder: Holder) -> None:
        self.folder = folder
        self.holder = holder
        super().__init__(
            f"The games folder {folder} is already used by another Flip 7 "
            f"Companion ({holder.describe()}). Only one app may use a folder "
            "at a time, or they would write over each other's games. Use that "
            "one, stop it first, or start this one with --data-dir and "
            "another folder."
        )


class FolderLock:
    """A held lock; :meth:`release` (or process exit) lets the next one in."""

    def __init__(self, folder: Path, fd: int) -> None:
        self.folder = folder
        self.path = folder / LOCK_NAME
        self._fd: int | None = fd

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                _unlock(self._fd)
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> FolderLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def lock_folder(
    folder: str | os.PathLike[str], *, address: str = ""
) -> FolderLock | None:
    """Lock ``folder`` for this process (made if missing) and note who holds it.

    Raises :class:`FolderInUse` when another process holds it; returns None
    when no lock can be made there (see the module docstring for why that
    is not a refusal).
    """
    path = Path(folder)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None  # GameStore says why the folder cannot be used
    fd = _open(path / LOCK_NAME)
    if fd is None:
        return None
    try:
        _lock(fd)
    except BlockingIOError:
        holder = Holder.parse(_read(fd))
        os.close(fd)
        raise FolderInUse(path, holder) from None
    except OSError:
        os.close(fd)  # no locks on this file system: run as before
        return None
    _write_note(fd, address)
    return FolderLock(path, fd)


def _open(lock_file: Path) -> int | None:
    """The lock file, never truncated; read-only when it cannot be written."""
    try:
        return os.open(lock_file, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        if exc.errno not in (errno.EACCES, errno.EPERM, errno.EROFS):
            return None
    try:
        return os.open(lock_file, os.O_RDONLY)
    except OSError:
        return None  # a read-only folder without a lock file: nothing to lock


def _read(fd: int) -> str:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        return os.read(fd, 4096).decode("utf-8", "replace")
    except OSError:
        return ""


def _write_note(fd: int, address: str) -> None:
    note = {
        "pid": os.getpid(),
        "host": socket.gethostname(),
        "address": address,
        "started": datetime.now().astimezone().isoformat(timespec="seconds"),
    }
    try:
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, (json.dumps(note) + "\n").encode())
    except OSError:
        pass  # a read-only handle: the lock holds, the note stays as it was


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _lock(fd: int) -> None:
        os.lseek(fd, _WIN_OFFSET, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError as exc:
            held = (errno.EACCES, getattr(errno, "EDEADLOCK", errno.EDEADLK))
            if exc.errno in held:  # locked by another process
                raise BlockingIOError(errno.EAGAIN, str(exc)) from exc
            raise

    def _unlock(fd: int) -> None:
        os.lseek(fd, _WIN_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Pyodide and other odd platforms
        fcntl = None  # type: ignore[assignment]

    def _lock(fd: int) -> None:
        if fcntl is None:
            raise OSError(errno.ENOLCK, "no file locks on this platform")
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
