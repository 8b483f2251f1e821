"""The compiled rules engine (companion/machine/native.py): used when a build of
exactly these sources exists, never a stale one, and it plays the very
games the sources play."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.machine import native

ROOT = Path(__file__).resolve().parents[1]


def test_the_suite_runs_the_compiled_engine_where_it_can_be_built() -> None:
    if os.environ.get(native.PURE_ENV):
        pytest.skip(f"{native.PURE_ENV} is set: the suite runs the plain sources")
    if not (native.can_build() or os.environ.get("REQUIRE_NATIVE")):
        pytest.skip("no mypyc, setuptools or C compiler here: the sources run")
    import companion.rules.resolve as resolve

    assert native.active()
    assert resolve.__file__ is not None and resolve.__file__.endswith(native.EXT)
    assert native.find_build() is not None


def test_the_sources_alone_play_the_recorded_games() -> None:
    """The fingerprint tests check the engine this process runs (compiled
    here); the same 200 games and the same advice at 24 positions, run from
    the sources (what phones and packaged apps run), give the same digests."""
    code = (
        "import sys; sys.path.insert(0, 'tests')\n"
        "from companion.machine import native\n"
        "import test_engine_fingerprint as f\n"
        "import companion.rules.advisor as a\n"
        "import companion.rules.resolve as r\n"
        "print(native.active(), r.__file__.endswith('.py'), "
        "a.__file__.endswith('.py'), f.fingerprint(200)[0] == f.DIGEST, "
        "f.advice_fingerprint() == f.ADVICE_DIGEST)\n"
    )
    env = {**os.environ, native.PURE_ENV: "1"}
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert out == ["False", "True", "True", "True", "True"]


@pytest.fixture
def sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the compiled modules' sources, which the build functions
    read instead."""
    copy = tmp_path / "companion"
    shutil.copytree(native.SOURCES / "rules", copy / "rules")
    for name in ("labs/simulate.py", "machine/native.py"):
        (copy / name).parent.mkdir(exist_ok=True)
        shutil.copy2(native.SOURCES / name, copy / name)
    monkeypatch.setattr(native, "SOURCES", copy)
    return copy


def test_an_edited_source_is_not_shadowed_by_an_older_build(
    sources: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    before = native.build_dir(cache)
    before.mkdir(parents=True)
    (before / "complete").write_text("built")
    with (sources / "rules" / "resolve.py").open("a") as f:
        f.write("\n# edited\n")
    after = native.build_dir(cache)
    assert after != before
    assert native.find_build(cache) is None  # the older build is not used


@pytest.mark.parametrize(
    "edited",
    [
        "rules/events.py",
        "rules/sheet_read.py",
        "rules/__init__.py",
        "machine/native.py",
    ],
)
def test_a_build_is_not_used_once_any_source_it_depends_on_changed(
    sources: Path, tmp_path: Path, edited: str
) -> None:
    """Not only the compiled modules: the plain rules modules they import
    (events, sheet_read, the package's ``__init__`` …) and the build's own
    recipe are part of the key, so editing one leaves no stale build in use."""
    cache = tmp_path / "cache"
    before = native.build_dir(cache)
    before.mkdir(parents=True)
    (before / "complete").write_text("built")
    with (sources / edited).open("a") as f:
        f.write("\n# edited\n")
    assert native.build_dir(cache) != before
    assert native.find_build(cache) is None


def test_a_half_built_or_damaged_build_is_not_used(
    sources: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    build = native.build_dir(cache)
    for name in native.MODULES:
        f = build.joinpath("companion", *name.split(".")).with_suffix(native.EXT)
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_bytes(b"")
    assert native.find_build(cache) is None  # not marked complete
    (build / "complete").write_text("built")
    assert native.find_build(cache) is not None
    (build / "companion" / "rules" / f"resolve{native.EXT}").unlink()
    assert native.find_build(cache) is None  # a module missing
    (sources / "rules" / "round.py").unlink()
    assert native.find_build(cache) is None  # a source unreadable


def test_old_builds_are_pruned(tmp_path: Path) -> None:
    for k in range(6):
        d = tmp_path / f"cpython-311-{k}"
        d.mkdir()
        (d / "complete").write_text("built")
        os.utime(d, (1_000_000 + k, 1_000_000 + k))
    (tmp_path / "half-built").mkdir()
    native.prune(tmp_path, keep=4)
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == [f"cpython-311-{k}" for k in range(2, 6)] + ["half-built"]


def test_the_engine_command_says_whether_the_build_is_in_use(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert native.main(["status"]) == 0
    said = capsys.readouterr().out
    expected = "in use" if native.active() else "not in use"
    assert said.splitlines()[0] == f"compiled engine: {expected}"
    assert str(native.build_dir()) in said
    assert native.main(["rebuild"]) == 2  # unknown: usage, nothing done
    assert "usage: companion engine build" in capsys.readouterr().err
    if native.active():  # nothing to build: the app starts no build
        assert native.build_in_background() is None


def test_a_failing_build_says_why_leaves_no_build_and_is_not_retried(
    sources: Path, tmp_path: Path
) -> None:
    """Sources mypyc refuses (a type error in a compiled module): the build
    raises with mypyc's own words, nothing is used, and the mark stops the
    app's background build from trying again at every start."""
    if not native.can_build():
        pytest.skip("no mypyc, setuptools or C compiler here")
    cache = tmp_path / "cache"
    with (sources / "rules" / "status.py").open("a") as f:
        f.write("\nBROKEN: int = 'not a number'\n")
    with pytest.raises(native.BuildError, match="status.py"):
        native.build(cache)
    assert native.find_build(cache) is None
    assert native.failed_before(cache)
    assert list((cache / "engine").glob("*/complete")) == []  # nothing half-made
