"""Files the store moved aside (``<name>.corrupt-<time>``): listed, read and
removed.

Why: a file that cannot be read is moved aside, never overwritten nor
deleted (storage.move_aside, and the phone app's damaged IndexedDB records,
companion/browser/records.py). On a computer a person can open the data
folder and look; on a phone the folder lives in the browser's storage, out
of reach, so a moved-aside game could never be got out nor its space freed
(issue 37, bug 11). Only the names the listing gives are read or removed:
nothing else of the folder, a user's own files least of all.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .storage import changed

MARK = ".corrupt-"
FOLDERS = ("", "games")  # where the store keeps files: the data folder, its games


@dataclass(frozen=True, slots=True)
class AsideFile:
    name: str  # relative to the data folder, "/" between parts
    size: int  # bytes


def _candidates(root: Path) -> dict[str, Path]:
    found: dict[str, Path] = {}
    for sub in FOLDERS:
        folder = root / sub if sub else root
        try:
            entries = list(folder.iterdir())
        except OSError:
            continue
        for entry in entries:
            stem, mark, _stamp = entry.name.rpartition(MARK)
            if not mark or not stem.endswith(".json"):
                continue  # not a file the store moved aside
            try:
                regular = entry.is_file() and not entry.is_symlink()
            except OSError:
                continue
            if regular:
                found[f"{sub}/{entry.name}" if sub else entry.name] = entry
    return found


def aside_files(root: Path) -> list[AsideFile]:
    """The files moved aside under ``root``, oldest name first."""
    out = []
    for name, path in sorted(_candidates(root).items()):
        try:
            out.append(AsideFile(name, path.stat().st_size))
        except OSError:
            continue
    return out


def _path(root: Path, name: str) -> Path:
    path = _candidates(root).get(name)
    if path is None:
        raise FileNotFoundError(name)
    return path


def read_aside(root: Path, name: str) -> bytes:
    """The bytes of one listed file (FileNotFoundError: not one of them)."""
    return _path(root, name).read_bytes()


def remove_aside(root: Path, name: str) -> None:
    """Delete one listed file, for good (the screen asks first)."""
    path = _path(root, name)
    path.unlink()
    changed(path.parent)
