"""The Python packages the browser app carries, exactly as uv.lock has them.

Why not micropip at start: it would fetch from PyPI on the phone (no
network at the table) and cost seconds at every start. So the packages are
unpacked into ``__pypackages__/`` inside ``app.tar.gz`` at build time.

Which ones: the app's own dependencies and theirs, read from ``uv.lock``
with the markers evaluated for Pyodide (``sys_platform == "emscripten"``),
minus what the browser never runs (:data:`NOT_IN_BROWSER`). Where from:
a pure-Python package is copied from this environment, which uv installed
from the same lock with its hashes checked, and each file is checked again
against the wheel's RECORD; a package with compiled code (msgpack) takes
its Pyodide wheel, named with its sha256 in the lock, from the registry the
lock names (kept in a cache after the first download, hash checked on every
use). Nothing else is fetched.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata as md
import io
import tomllib
import urllib.request
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from packaging.markers import Marker
from packaging.utils import canonicalize_name

# The browser app never runs these: the web server (Pyodide is the server),
# and Pillow, which has no Pyodide build on PyPI (companion.machine.runtime).
NOT_IN_BROWSER = frozenset({"flet-web", "pillow"})
ROOT_PACKAGE = "flip7-companion"


class LockError(RuntimeError):
    """uv.lock does not hold what the build needs, or a file's hash differs."""


@dataclass(frozen=True, slots=True)
class Pyodide:
    """The Python inside ``flet_web``'s Pyodide, as a wheel tag sees it."""

    python: str  # "3.14"
    abi: str  # "2026_0": the pyemscripten platform's ABI

    @property
    def wheel_suffix(self) -> str:
        cp = "cp" + self.python.replace(".", "")
        return f"-{cp}-{cp}-pyemscripten_{self.abi}_wasm32.whl"

    def environment(self) -> dict[str, str]:
        """What ``packaging`` markers see inside Pyodide."""
        return {
            "sys_platform": "emscripten",
            "platform_system": "Emscripten",
            "platform_machine": "wasm32",
            "os_name": "posix",
            "implementation_name": "cpython",
            "platform_python_implementation": "CPython",
            "python_version": self.python,
            "python_full_version": self.python + ".0",
            "extra": "",
        }


@dataclass(frozen=True, slots=True)
class Package:
    """One package of the lock, and the wheel for the browser if it has code."""

    name: str
    version: str
    wheel_url: str | None = None  # only for packages with compiled code
    wheel_sha256: str | None = None


def browser_packages(lock_file: Path, pyodide: Pyodide) -> list[Package]:
    """The runtime closure of the app for Pyodide, in name order."""
    lock = tomllib.loads(lock_file.read_text(encoding="utf-8"))
    table: dict[str, dict[str, Any]] = {
        canonicalize_name(p["name"]): p for p in lock["package"]
    }
    if ROOT_PACKAGE not in table:
        raise LockError(f"{lock_file} has no {ROOT_PACKAGE}")
    env = pyodide.environment()
    seen: dict[str, Package] = {}
    todo = [
        canonicalize_name(d["name"])
        for d in table[ROOT_PACKAGE].get("dependencies", [])
    ]
    while todo:
        name = todo.pop()
        if name in seen or name in NOT_IN_BROWSER:
            continue
        entry = table.get(name)
        if entry is None:
            raise LockError(f"{name} is not in {lock_file}")
        seen[name] = _package(entry, pyodide)
        for dep in entry.get("dependencies", []):  # extras are not followed
            marker = dep.get("marker")
            if marker is None or Marker(marker).evaluate(env):
                todo.append(canonicalize_name(dep["name"]))
    return [seen[n] for n in sorted(seen)]


def _package(entry: dict[str, Any], pyodide: Pyodide) -> Package:
    name, version = str(entry["name"]), str(entry["version"])
    wheels = entry.get("wheels", [])
    assert isinstance(wheels, list)
    urls = [str(w["url"]) for w in wheels]
    if (
        any(
            u.endswith("-py3-none-any.whl") or u.endswith("-py2.py3-none-any.whl")
            for u in urls
        )
        or not urls
    ):
        return Package(name, version)
    for wheel in wheels:
        if str(wheel["url"]).endswith(pyodide.wheel_suffix):
            digest = str(wheel["hash"]).removeprefix("sha256:")
            return Package(name, version, str(wheel["url"]), digest)
    raise LockError(
        f"{name} {version} has compiled code and no wheel for Pyodide "
        f"(*{pyodide.wheel_suffix}) in the lock"
    )


def package_files(package: Package, cache: Path) -> Iterator[tuple[str, bytes]]:
    """(path under ``__pypackages__``, bytes) of every file the package
    installs, checked against the lock's or the wheel's hashes."""
    if package.wheel_url is None:
        yield from _installed_files(package)
    else:
        yield from _wheel_files(_wheel(package, cache))


def _installed_files(package: Package) -> Iterator[tuple[str, bytes]]:
    dist = md.distribution(package.name)
    if dist.version != package.version:
        raise LockError(
            f"{package.name} {dist.version} is installed but uv.lock has "
            f"{package.version}: run `uv sync` first"
        )
    for file in dist.files or []:
        path = PurePosixPath(str(file))
        if path.suffix == ".pyc" or path.parts[0].endswith(".dist-info"):
            continue
        if path.parts[0] in ("..", "bin") or file.hash is None:
            continue  # scripts and the like: not importable code
        data = file.read_binary()
        _check(data, file.hash.mode, file.hash.value, f"{package.name}: {path}")
        yield str(path), data


def _check(data: bytes, mode: str, value: str, what: str) -> None:
    if mode != "sha256":
        raise LockError(f"{what}: unknown hash {mode}")
    got = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    if got.decode("ascii") != value:
        raise LockError(f"{what} differs from its RECORD: reinstall with `uv sync`")


def _wheel(package: Package, cache: Path) -> bytes:
    assert package.wheel_url and package.wheel_sha256
    stored = cache / package.wheel_url.rsplit("/", 1)[1]
    if stored.is_file():
        data = stored.read_bytes()
        if hashlib.sha256(data).hexdigest() == package.wheel_sha256:
            return data
    with urllib.request.urlopen(package.wheel_url, timeout=60) as response:
        data = bytes(response.read())
    if hashlib.sha256(data).hexdigest() != package.wheel_sha256:
        raise LockError(f"{package.wheel_url} does not match the hash in uv.lock")
    cache.mkdir(parents=True, exist_ok=True)
    stored.write_bytes(data)
    return data


def _wheel_files(wheel: bytes) -> Iterator[tuple[str, bytes]]:
    with zipfile.ZipFile(io.BytesIO(wheel)) as archive:
        for info in archive.infolist():
            top = info.filename.split("/", 1)[0]
            if info.is_dir() or top.endswith(".dist-info"):
                continue
            yield info.filename, archive.read(info)
