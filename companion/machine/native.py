"""The rules engine compiled to C with mypyc, used when a build of exactly
these sources exists; otherwise the same modules run as plain Python.

Why: advice, computer players and tournaments are play-outs, CPU-bound pure
Python. The rules package is typed throughout (``mypy --strict``), so mypyc
turns its hot modules into C extensions that run the same code about twice
as fast with identical results. The ``.py`` files stay the truth:

* a build lives outside the source tree, in the user's cache folder, under
  a name made of the interpreter's tag and a hash of every input of the
  build (:func:`inputs`: every module of ``rules/``, compiled or not, since
  the compiled ones import the others and mypyc reads their types; the
  other compiled modules; this file, which says what is compiled and how;
  mypyc's version), so an edited file is never shadowed by a stale build
  (the hash no longer matches and Python runs the new source);
* where there is no build (a phone or web build, no C compiler, mypyc not
  installed, ``COMPANION_PURE_PYTHON=1``) nothing changes.

Built when it is used, not when the app is packaged (issue 24). black
compiles with mypyc at packaging time because it ships wheels per platform
from PyPI. This app has no such package: it runs from its source folder
(``uv run companion``), and what ``flet build`` packs for phones, the web
(Pyodide) and desktops runs the plain sources, since a C extension built
here would not load there. A packaging-time build would have no user; the
served app, the only place that can load one, builds it for itself, and the
complete key above is what makes that honest.

Which engine the tests prove: the suite runs compiled where the machine can
build (tests/conftest.py; ``.ci/run`` requires it), because the advisor and
hard-bot tests take over three times as long plain (1,290 s against 413 s
of test time for the engine's tests, measured for issue 24), which would
take CI past its budget. The plain sources, which phones run, are proven
equal by fingerprint: tests/test_native.py plays the 200 recorded games and
asks the advisor at 24 recorded positions from the plain sources in a
subprocess and must get the digests of tests/test_engine_fingerprint.py,
which the compiled engine gets in the suite. ``COMPANION_PURE_PYTHON=1 uv
run pytest`` runs everything plain.

``companion engine build`` compiles (about 30 s); ``uv run
pytest`` builds first when it can (tests/conftest.py), and the app starts a
build in the background when none matches, for its next start.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

from platformdirs import user_cache_dir

from . import runtime

SOURCES = Path(__file__).resolve().parents[1]  # the companion package
# The modules a play-out runs through (under companion/), and the
# simulator's game loop, compiled together (one shared C library). Not
# compiled: modules mypyc cannot build yet (events: dataclass inheritance
# with defaults) and modules off
# the hot path (the tournament harness too: its tests swap its functions,
# which compiled calls would not see).
MODULES = (
    "rules.advice",
    "rules.advisor",
    "rules.bots",
    "rules.cards",
    "rules.choice",
    "rules.choice_advice",
    "rules.config",
    "rules.decision",
    "rules.game",
    "rules.hardbot",
    "rules.lean",
    "rules.lines",
    "rules.linescores",
    "rules.match",
    "rules.next_round",
    "rules.outlook",
    "rules.plainbots",
    "rules.resolve",
    "rules.round",
    "rules.scoring",
    "rules.setup",
    "rules.sheet",
    "rules.shuffle",
    "rules.status",
    "rules.table",
    "rules.table_odds",
    "rules.tactics",
    "rules.winchance",
    "labs.simulate",
)
PURE_ENV = "COMPANION_PURE_PYTHON"
EXT = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
KEEP = 4  # builds kept in the cache folder


def inputs() -> list[Path]:
    """Every source a build depends on: all of ``rules/`` (the compiled
    modules and the plain ones they import, which mypyc reads for their
    types and compiled code calls), the other compiled modules, and this
    file (the module list and how they are built)."""
    rules = sorted((SOURCES / "rules").glob("*.py"))
    others = {_source(name) for name in MODULES} - set(rules)
    return [*rules, *sorted(others), SOURCES / "machine" / "native.py"]


def _mypyc_version() -> bytes:
    """The compiler's version file (mypy/version.py), read without importing
    mypy (that costs a start-up); empty where mypy is not installed."""
    spec = importlib.util.find_spec("mypy")
    if spec is None or not spec.submodule_search_locations:
        return b""
    for folder in spec.submodule_search_locations:
        version = Path(folder) / "version.py"
        if version.is_file():
            return version.read_bytes()
    return b""


def source_hash() -> str:
    """Of every input of the build (:func:`inputs`), the compiler's version
    and the interpreter's ABI: any change is a new build folder."""
    h = hashlib.sha256(EXT.encode() + b"\0" + _mypyc_version())
    for path in inputs():
        h.update(b"\0" + path.relative_to(SOURCES).as_posix().encode() + b"\0")
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def _source(name: str) -> Path:
    return SOURCES.joinpath(*name.split(".")).with_suffix(".py")


def build_dir(cache: Path | None = None) -> Path:
    root = cache or Path(user_cache_dir("flip7-companion", appauthor=False))
    return root / "engine" / f"{sys.implementation.cache_tag}-{source_hash()}"


# ``python -m companion.labs.simulate``: the module run as a script (runpy asks
# for its code object, which an extension has not).
_ARGV = getattr(sys, "orig_argv", [])
_RUN_AS_MAIN = _ARGV[_ARGV.index("-m") + 1] if "-m" in _ARGV[:-1] else None


class _Finder:
    """Imports the compiled modules of one build by their full names (a
    meta path finder: ``find_spec`` is all ``sys.meta_path`` asks for)."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        where = self.files.get(fullname)
        if where is None or fullname == _RUN_AS_MAIN:
            return None  # ``python -m`` needs the source to run
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(where))
        return importlib.util.spec_from_file_location(fullname, where, loader=loader)


def _modules(build: Path) -> dict[str, Path]:
    """Module name → extension file, for every extension in ``build``."""
    out = {}
    for f in build.rglob(f"*{EXT}"):
        parts = f.relative_to(build).parts
        out[".".join((*parts[:-1], parts[-1][: -len(EXT)]))] = f
    return out


def find_build(cache: Path | None = None) -> dict[str, Path] | None:
    """The compiled modules of these sources (name → file), or None when
    there is no complete build of them."""
    try:
        build = build_dir(cache)
    except OSError:  # a source file unreadable: run the sources as they are
        return None
    if not (build / "complete").is_file():
        return None
    files = _modules(build)
    if any(f"companion.{name}" not in files for name in MODULES):
        return None  # damaged: a module missing
    return files


def install(cache: Path | None = None) -> bool:
    """Use the build of these sources if there is one; True if so. Must run
    before ``companion.rules`` is imported (``companion/__init__.py``)."""
    if os.environ.get(PURE_ENV) or active():
        return active()
    if runtime.IN_BROWSER:  # no compiler there: the plain sources, unhashed
        return False
    files = find_build(cache)
    if files is None:
        return False
    sys.meta_path.insert(0, _Finder(files))
    return True


def active() -> bool:
    """Whether the compiled engine is in use in this process."""
    return any(isinstance(f, _Finder) for f in sys.meta_path)


def can_build() -> bool:
    """mypyc and setuptools importable (the dev tools) and a C compiler."""
    have = all(importlib.util.find_spec(m) for m in ("mypyc", "setuptools"))
    cc = sysconfig.get_config_var("CC") or "cc"
    return have and shutil.which(cc.split()[0]) is not None


class BuildError(RuntimeError):
    """mypyc or the C compiler failed; the message ends with their output."""


def _failed_mark(dest: Path) -> Path:
    return dest.parent / f"{dest.name}.failed"


def failed_before(cache: Path | None = None) -> bool:
    """A build of these sources failed here already (its output is kept in
    the mark): background builds and the test run do not retry it."""
    try:
        return _failed_mark(build_dir(cache)).is_file()
    except OSError:
        return False


def build(cache: Path | None = None) -> Path:
    """Compile the modules into the build folder of these sources (nothing
    to do if it exists); the folder appears complete or not at all. A
    failure raises :class:`BuildError` and leaves a mark beside it."""
    dest = build_dir(cache)
    if (dest / "complete").is_file():
        return dest
    dest.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=dest.parent) as tmp:
        work = Path(tmp)
        (work / "companion" / "rules").mkdir(parents=True)
        (work / "companion" / "__init__.py").write_text("")
        for f in (SOURCES / "rules").glob("*.py"):  # what they import
            shutil.copy2(f, work / "companion" / "rules" / f.name)
        files = []
        for name in MODULES:
            rel = _source(name).relative_to(SOURCES)
            (work / "companion" / rel).parent.mkdir(parents=True, exist_ok=True)
            (work / "companion" / rel).parent.joinpath("__init__.py").touch()
            shutil.copy2(_source(name), work / "companion" / rel)
            files.append(f"companion/{rel.as_posix()}")
        cmd = [sys.executable, "-c", "from mypyc.__main__ import main; main()"]
        run = subprocess.run(
            [*cmd, *files], cwd=work, capture_output=True, text=True, check=False
        )
        if run.returncode:
            said = f"mypyc failed:\n{run.stdout[-4000:]}{run.stderr[-4000:]}"
            _failed_mark(dest).write_text(said)
            raise BuildError(said)
        out = work / "out"
        for f in work.glob(f"*{EXT}"):  # the shared library of the group
            (out / f.name).parent.mkdir(parents=True, exist_ok=True)
            shutil.move(f, out / f.name)
        for name in MODULES:
            rel = Path("companion", *name.split(".")).with_suffix(EXT)
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.move(work / rel, out / rel)
        (out / "complete").write_text(source_hash())
        try:
            out.rename(dest)
        except OSError:  # another process finished the same build first
            if not (dest / "complete").is_file():
                raise
    prune(dest.parent)
    return dest


def prune(engines: Path, keep: int = KEEP) -> None:
    """Remove all but the ``keep`` newest builds (each source change makes
    one; several checkouts on one machine each keep theirs)."""
    builds = sorted(
        (d for d in engines.iterdir() if (d / "complete").is_file()),
        key=lambda d: d.stat().st_mtime,
        reverse=True,
    )
    for old in builds[keep:]:
        shutil.rmtree(old, ignore_errors=True)


def build_in_background() -> subprocess.Popen[bytes] | None:
    """Start a build for the next start when none matches and one can be
    made; the running app goes on with the sources."""
    if active() or os.environ.get(PURE_ENV) or failed_before() or not can_build():
        return None
    return subprocess.Popen(
        [sys.executable, "-m", "companion", "engine", "build", "--background"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["build"] and set(args[1:]) <= {"--background"}:
        if args[1:] and hasattr(os, "nice"):
            os.nice(10)  # the app is serving meanwhile: it comes first
        if not can_build():
            print("mypyc, setuptools or a C compiler is missing", file=sys.stderr)
            return 1
        try:
            print(build())
        except BuildError as exc:
            print(exc, file=sys.stderr)
            return 1
        return 0
    if args == ["status"]:
        print(f"compiled engine: {'in use' if active() else 'not in use'}")
        print(build_dir())
        return 0
    print("usage: companion engine build [--background] | status", file=sys.stderr)
    return 2
