"""The games folder's records in IndexedDB, sorted out one by one before
Emscripten's IDBFS reads them back.

Why: IDBFS reads the whole folder back in one go, and one record it cannot
turn into a file (a game file's ``contents: null``, seen after a phone's
storage trouble) made it throw into the app's start: "Error running app —
IndexedDB: TypeError…", every other game unreachable, and clearing the
site's data, the only way out, deleted them all (issue 34). So each record
is looked at first, here in plain Python (the browser glue in
:mod:`.storage` only reads the records and does what this decides): a
damaged one is moved aside under ``<name>.corrupt-<time>`` with whatever
bytes it still holds, as the store moves aside a file it cannot read, the
player is told which file, and the app starts with the rest.

What IDBFS needs of a record (``{timestamp, mode, contents}``, keyed by the
file's path): a ``Date`` timestamp (a number there makes it throw before it
can even report), and a mode that is a folder, or a file whose contents it
can write (a typed array, a string; null throws), or a link with its
target. Bytes that are not a game are the store's to judge, as on disk.
"""

from __future__ import annotations

import stat
from dataclasses import dataclass
from pathlib import PurePosixPath

from companion.i18n import N_
from companion.i18n.said import Said

BYTES = "bytes"  # what a file's contents must be
MISSING = "missing"  # null or undefined
FILE_MODE = stat.S_IFREG | 0o666  # what Emscripten gives the files it writes


@dataclass(frozen=True, slots=True)
class Record:
    """One record as the glue saw it: its key (the path), its mode (None
    when not a number), what its contents are (:data:`BYTES`,
    :data:`MISSING` or the JavaScript type's name), whether its timestamp
    is a date, and whether a link names its target."""

    path: str
    mode: int | None
    contents: str
    dated: bool = True
    link: bool = False


@dataclass(frozen=True, slots=True)
class Aside:
    """A damaged record, to be stored again as a file under ``moved_to``
    (its bytes, if any, kept) and removed under its own path."""

    path: str
    moved_to: str
    reason: str

    @property
    def message(self) -> str:
        """What the player reads, in the store's words for a moved file."""
        return Said(
            N_(
                "{file} was damaged in this phone's storage ({reason}); it was "
                "moved to {moved} and kept, and the other games opened."
            ),
            file=PurePosixPath(self.path).name,
            reason=self.reason,
            moved=PurePosixPath(self.moved_to).name,
        )


def damage(record: Record) -> str | None:
    """Why IDBFS could not read ``record`` back, or None when it can."""
    if not record.dated:
        return Said(N_("it has no date"))
    mode = record.mode
    if mode is None:
        return Said(N_("it is neither a file nor a folder"))
    if stat.S_ISDIR(mode):
        return None
    if stat.S_ISLNK(mode):
        return None if record.link else Said(N_("it is a link to nothing"))
    if not stat.S_ISREG(mode):
        return Said(N_("it is neither a file nor a folder"))
    if record.contents == MISSING:
        return Said(N_("it holds no contents"))
    if record.contents != BYTES:
        return Said(N_("its contents are not bytes"))
    return None


@dataclass(frozen=True, slots=True)
class Sorted:
    """What to do before IDBFS reads the records back: move ``aside`` the
    damaged files; store as plain ``folders`` the damaged records that have
    records under them (a folder holds nothing of its own, and moving it
    would leave its files nowhere to go)."""

    aside: list[Aside]
    folders: list[str]


def sort_out(records: list[Record], stamp: str) -> Sorted:
    """The damaged records of ``records``: each to move aside under a path
    of its own (``<path>.corrupt-<stamp>``, then ``-1``, ``-2``… when
    taken), or to store again as a folder."""
    taken = {r.path for r in records}
    parents = {str(p) for r in records for p in PurePosixPath(r.path).parents}
    moved: list[Aside] = []
    folders: list[str] = []
    for record in records:
        reason = damage(record)
        if reason is None:
            continue
        if record.path in parents:
            folders.append(record.path)
            continue
        target = f"{record.path}.corrupt-{stamp}"
        n = 1
        while target in taken:
            target = f"{record.path}.corrupt-{stamp}-{n}"
            n += 1
        taken.add(target)
        moved.append(Aside(record.path, target, reason))
    return Sorted(moved, folders)
