"""The 29 kinds of damaged data folder, each as a function that
damages a folder holding two good games, and what Home must say of each.
Every case is checked through the store, the app layer and the server's
start-up in-process (tests/test_damaged_folders.py, cheap); a handful, one
per way Home can look, through the real server in Chromium
(tests/browser/test_damaged_home.py)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from companion.rules import Sheet
from companion.store import GameStore

BAD = "20250101-000000-badbad"  # the id of the game each case damages
COPY = "20250101-000000-copied"  # a copy of BAD's file under another name
Damage = Callable[[Path], None]


def healthy(data: Path) -> list[str]:
    """A folder with two good games (Cy, Dee) and (Ann, Bob) = BAD; their ids."""
    store = GameStore(data)
    good = store.create(Sheet.new(["Cy", "Dee"]))
    bad = store.create(Sheet.new(["Ann", "Bob"]))
    store.close()
    (data / "games" / f"{bad}.json").rename(data / "games" / f"{BAD}.json")
    index = json.loads((data / "index.json").read_text())
    for line in index["games"].values():
        if line["id"] == bad:
            line["id"] = BAD
    (data / "index.json").write_text(json.dumps(index))
    doc = _doc(data)
    doc["id"] = BAD
    _write_doc(data, doc)
    return [good, BAD]


def _bad_file(data: Path) -> Path:
    return data / "games" / f"{BAD}.json"


def _doc(data: Path) -> dict:
    return json.loads(_bad_file(data).read_text())["game"]["1"]


def _write_doc(data: Path, doc: object) -> None:
    _bad_file(data).write_text(json.dumps({"game": {"1": doc}}))


def _edit_sheet(change: Callable[[dict], None]) -> Damage:
    def damage(data: Path) -> None:
        doc = _doc(data)
        change(doc["sheet"])
        _write_doc(data, doc)

    return damage


def _text(text: str | bytes) -> Damage:
    def damage(data: Path) -> None:
        raw = text.encode() if isinstance(text, str) else text
        _bad_file(data).write_bytes(raw)

    return damage


def _set(key: str, value: object) -> Callable[[dict], None]:
    return lambda sheet: sheet.__setitem__(key, value)


def _round_with(entries: object, dealer: str = "p1") -> Callable[[dict], None]:
    return _set("rounds", [{"dealer": dealer, "entries": entries}])


def _garbage_draft(data: Path) -> None:
    doc = _doc(data)
    doc["draft"] = "not a draft"
    _write_doc(data, doc)


def _huge_valid(data: Path) -> None:
    doc = _doc(data)
    doc["meta"] = {"padding": "x" * (50 << 20)}
    _write_doc(data, doc)


def _copied(data: Path) -> None:
    shutil.copy(_bad_file(data), data / "games" / f"{COPY}.json")


def _link_outside(data: Path) -> None:
    outside = data.parent / "outside.json"
    _bad_file(data).rename(outside)
    _bad_file(data).symlink_to(outside)


def _link(target: str) -> Damage:
    def damage(data: Path) -> None:
        _bad_file(data).unlink()
        _bad_file(data).symlink_to(target)

    return damage


def _directory(name: str) -> Damage:
    def damage(data: Path) -> None:
        path = data / name
        path.unlink()
        path.mkdir()

    return damage


def _games_a_file(data: Path) -> None:
    shutil.rmtree(data / "games")
    (data / "games").write_text("not a folder")


def _folder_a_file(data: Path) -> None:
    shutil.rmtree(data)
    data.write_text("not a folder")


def _missing(data: Path) -> None:
    shutil.rmtree(data)


CASES: dict[str, Damage] = {
    "truncated": lambda d: _bad_file(d).write_bytes(_bad_file(d).read_bytes()[:40]),
    "garbage": _text(b"\x00\xff garbage \x9c" * 20),
    "zero bytes": _text(b""),
    "json list": _text("[1, 2, 3]"),
    "empty object": _text("{}"),
    "empty game table": _text('{"game":{}}'),
    "sheet not an object": lambda d: _write_doc(d, {**_doc(d), "sheet": [1, 2]}),
    "entries []": _edit_sheet(_round_with([])),
    "players []": _edit_sheet(_set("players", [])),
    "unknown first dealer": _edit_sheet(_set("first_dealer", "p9")),
    "unknown round dealer": _edit_sheet(
        _round_with({"p1": {"cards": ["5"]}}, dealer="p9")
    ),
    "unknown rules key": _edit_sheet(lambda s: s["rules"].__setitem__("x", 1)),
    "garbage draft": _garbage_draft,
    "50 MB valid": _huge_valid,
    "50 MB garbage": _text(b"{" * (50 << 20)),
    "deep nesting": _text('{"game":{"1":' + "[" * 100_000 + "]" * 100_000 + "}}"),
    "copied file": _copied,
    "link outside": _link_outside,
    "link to a system file": _link("/etc/passwd"),
    "dangling link": _link("/nonexistent/game.json"),
    "directory as game": _directory(f"games/{BAD}.json"),
    "directory as index": _directory("index.json"),
    "garbage index": lambda d: (d / "index.json").write_text("{{{ not json"),
    "wrongly shaped index": lambda d: (d / "index.json").write_text(
        '{"games": {"1": 5, "2": "x"}}'
    ),
    "games a file": _games_a_file,
    "missing folder": _missing,
    "folder a file": _folder_a_file,
    "read-only folder": lambda d: None,  # made read-only by read_only()
    "missing under unwritable parent": lambda d: None,  # see read_only()
}

# What each case leaves: the bad game is named (moved aside or left), the
# game still opens, or the whole folder is said to be unusable/read-only.
NAMED = {
    "truncated", "garbage", "zero bytes", "json list", "empty object",
    "empty game table", "sheet not an object", "entries []", "players []",
    "unknown first dealer", "unknown round dealer", "unknown rules key",
    "50 MB valid", "50 MB garbage", "deep nesting", "link to a system file",
    "dangling link", "directory as game",
}  # fmt: skip
FOLDER = {
    "directory as index", "games a file", "folder a file", "read-only folder",
    "missing under unwritable parent",
}  # fmt: skip
READ_ONLY = {"read-only folder", "missing under unwritable parent"}

# What Home says of each case, shared by the app-layer test (every case) and
# the browser test (a handful through the real server).
GOOD = "Cy, Dee"  # the untouched game; BAD is Ann and Bob's
NO_GAME = {"games a file", "folder a file", "missing folder",
           "missing under unwritable parent"}  # fmt: skip
NAMED_FILE = {case: f"{BAD}.json" for case in NAMED} | {
    "copied file": f"{COPY}.json",
    "garbage index": "index.json",
    "wrongly shaped index": "index.json",
}
# Why each named file could not be read, as Home says it.
REASON = {
    "truncated": "not valid JSON",
    "garbage": "not valid JSON",
    "zero bytes": "the file is empty",
    "json list": "not a saved game",
    "empty object": "not a saved game: it holds no game",
    "empty game table": "not a saved game: it holds no game",
    "sheet not an object": "not a saved game: The score sheet is not readable",
    "entries []": "not a saved game: The score sheet is not readable",
    "players []": "not a saved game: The table must seat 2 to 18 players",
    "unknown first dealer": "The first dealer is not one of the players",
    "unknown round dealer": "That round names a player who is not in the game",
    "unknown rules key": "the rules has unknown keys x",
    "50 MB valid": "too large: 50 MB",
    "50 MB garbage": "too large: 50 MB",
    "deep nesting": "not valid JSON: nested too deeply",
    "link to a system file": "not valid JSON",
    "dangling link": "it is a link to a file that does not exist",
    "directory as game": "it is a folder",
    "copied file": f"it is a copy of the game in {BAD}.json",
    "garbage index": "not valid JSON",
    "wrongly shaped index": "not a list of games",
}
# What Home says of a folder it cannot use (start nothing) or write (read only).
FOLDER_SAYS = {
    "directory as index": "cannot be written (index.json in it is not a file)",
    "games a file": "cannot be used (games in it is a file, not a folder)",
    "folder a file": "cannot be used (it is a file, not a folder)",
    "read-only folder": "cannot be written (Read-only file system)",
    "missing under unwritable parent": "cannot be used (it could not be "
    "created: Read-only file system)",
}
assert set(REASON) == set(NAMED_FILE) and set(FOLDER_SAYS) == FOLDER


@contextmanager
def read_only(path: Path) -> Iterator[bool]:
    """``path`` made read-only by a read-only bind mount on itself (works as
    root, where chmod does not stop writes); yields False where it cannot."""
    path.mkdir(parents=True, exist_ok=True)
    mounted = (
        subprocess.run(["mount", "--bind", str(path), str(path)], capture_output=True)
        .returncode == 0
    )  # fmt: skip
    if mounted:
        remount = ["mount", "-o", "remount,bind,ro", str(path)]
        if subprocess.run(remount, capture_output=True).returncode != 0:
            subprocess.run(["umount", str(path)], capture_output=True)
            mounted = False
    try:
        yield mounted
    finally:
        if mounted:
            subprocess.run(["umount", str(path)], check=True)


@contextmanager
def damaged_folder(tmp_path: Path, case: str) -> Iterator[Path]:
    """The data folder of ``case``: two good games, then the damage; the
    read-only cases under a read-only bind mount for as long as it is used."""
    data = tmp_path / "data"
    if case == "missing under unwritable parent":
        ro = tmp_path / "ro"
        data = ro / "missing" / "data"
    else:
        healthy(data)
        CASES[case](data)
        if case not in READ_ONLY:
            yield data
            return
        ro = tmp_path / "ro"
        shutil.move(str(data), str(ro))
        data = ro
    with read_only(ro) as ok:
        if not ok:
            pytest.skip("no read-only bind mount here (needs root)")
        yield data


def check_disk(case: str, data: Path, before: dict[str, str]) -> None:
    """Only the bad file may be moved aside (same bytes, new name) and the
    index, a cache of the games, rewritten; a folder the app cannot use or
    write is left exactly as it was."""
    after = fingerprint(data) if data.exists() else {}
    # companion.lock: the running server's hold on the folder (one process
    # per data folder), taken before the store looks at it; it names the
    # server and is left for the next start. Nothing else may appear.
    after.pop("companion.lock", None)
    if case in FOLDER:  # a folder the app cannot use: not one byte changes
        assert after == before
        return
    name = NAMED_FILE.get(case)
    bad = name if name in (None, "index.json") else f"games/{name}"
    kept = {k: v for k, v in before.items() if k not in (bad, "index.json")}
    assert {k: after.get(k) for k in kept} == kept, "a file changed or went"
    new = set(after) - set(before) - {"index.json"}
    if bad is not None and bad in before:  # moved aside, same bytes
        assert bad == "index.json" or bad not in after
        moved = [k for k in new if k.startswith(f"{bad}.corrupt-")]
        assert [after[k] for k in moved] == [before[bad]], moved
        new -= set(moved)
    assert not new, f"unexpected files: {sorted(new)}"
    if "index.json" in after and case not in NO_GAME:  # the cache lists Cy, Dee
        games = json.loads((data / "index.json").read_text())["games"]
        assert GOOD.split(", ") in [g["players"] for g in games.values()]


def fingerprint(root: Path) -> dict[str, str]:
    """Every file under ``root`` (links not followed) and its SHA-256."""
    out: dict[str, str] = {}
    if root.is_file():
        return {".": hashlib.sha256(root.read_bytes()).hexdigest()}
    for folder, dirs, files in os.walk(root):
        for name in files + [d for d in dirs if (Path(folder) / d).is_symlink()]:
            path = Path(folder) / name
            rel = str(path.relative_to(root))
            if path.is_symlink():
                out[rel] = "link:" + os.readlink(path)
            else:
                out[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out
