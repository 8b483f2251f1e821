"""``companion publish`` (issue 23): what the phone app's folder holds,
checked without a browser; tests/browser/test_phone_app.py plays it."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from companion.app.views.rules import rules_file
from companion.publish import Built, PublishError, publish
from companion.publish import main as publish_main
from companion.publish.deps import LockError, Pyodide, browser_packages
from companion.publish.folder import (
    ARCHIVE,
    PUBLISHED,
    WEB,
    _pyodide,
    _snapshot_key,
    _wanted,
    check_published_broker,
)
from companion.publish.shell import (
    PYODIDE_VERSION,
    STOPPED,
    WARM,
    ShellError,
    bootstrap_js,
    main_js,
    worker_js,
)
from companion.server.settings import PROJECT_ROOT

BROWSER_PACKAGES = {
    "babel", "flet", "flet-charts", "ifaddr", "msgpack", "mypy-extensions",
    "platformdirs", "pypng", "qrcode", "repath", "six", "tinydb",
}  # fmt: skip


def test_the_browser_gets_the_apps_runtime_packages_from_the_lock() -> None:
    """Markers read as Pyodide: no web server, no Pillow (no Pyodide build),
    none of flet's desktop-only packages; compiled code as Pyodide wheels."""
    packages = browser_packages(PROJECT_ROOT / "uv.lock", _pyodide())
    assert {p.name for p in packages} == BROWSER_PACKAGES
    (msgpack,) = [p for p in packages if p.wheel_url is not None]
    assert msgpack.name == "msgpack" and msgpack.wheel_sha256
    assert msgpack.wheel_url.endswith("-cp314-cp314-pyemscripten_2026_0_wasm32.whl")


def test_a_compiled_package_without_a_pyodide_wheel_is_refused(tmp_path: Path) -> None:
    lock = tmp_path / "uv.lock"
    lock.write_text(
        """
[[package]]
name = "flip7-companion"
version = "0.1.0"
dependencies = [{ name = "fastthing" }]

[[package]]
name = "fastthing"
version = "1.0"
wheels = [
    { url = "https://x/fastthing-1.0-cp311-cp311-manylinux_x86_64.whl", hash = "" },
]
""",
        encoding="utf-8",
    )
    with pytest.raises(LockError, match="no wheel for Pyodide"):
        browser_packages(lock, Pyodide("3.14", "2026_0"))


def test_flets_bootstrap_loses_flutters_service_worker() -> None:
    """Flutter's loader would register its own worker over ours."""
    text = bootstrap_js((WEB / "flutter_bootstrap.js").read_text(encoding="utf-8"))
    call = text[text.rindex("_flutter.loader.load({") :]
    assert "serviceWorker" not in call  # no settings: no worker of its own
    assert 'canvasKitVariant: "full"' in text
    with pytest.raises(ShellError):
        bootstrap_js("var flutterConfig = {\n};")


def test_the_python_worker_tells_the_page_when_python_died(built: Built) -> None:
    """A dead Python left a page whose taps did nothing (issue 37); the
    browser test kills it for real, here that our worker says so."""
    worker = (built.folder / "python-worker.js").read_text(encoding="utf-8")
    assert worker.count(STOPPED) == 1 and "self.postMessage(STOPPED)" in worker
    index = (built.folder / "index.html").read_text(encoding="utf-8")
    assert STOPPED in index and "The app stopped working in this tab" in index


def test_pyodides_private_snapshot_api_is_the_one_the_worker_uses() -> None:
    """worker.js uses Pyodide's private snapshot options: a Flet upgrade that
    brings another Pyodide fails here first (then check worker.js against
    it, and move PYODIDE_VERSION). The worker itself starts without a
    snapshot on any other version."""
    pyodide = WEB / "pyodide"
    meta = json.loads((pyodide / "package.json").read_text(encoding="utf-8"))
    assert meta["version"] == PYODIDE_VERSION
    loader = (pyodide / "pyodide.mjs").read_text(encoding="utf-8")
    runtime = (pyodide / "pyodide.asm.mjs").read_text(encoding="utf-8")
    assert "e._loadSnapshot" in loader and "createPyodideModule" in loader
    assert "INITIAL_MEMORY=i.length" in loader  # restored into the start heap
    assert "static makeMemorySnapshot(" in runtime and "_makeSnapshot" in runtime
    assert 'Module["growMemory"]=growMemory' in runtime
    assert "Snapshot has invalid magic number" in runtime  # a restore throws


def test_a_new_build_never_restores_an_old_builds_snapshot(
    built: Built, tmp_path: Path
) -> None:
    """The snapshot's key is of the app, Pyodide and the worker: another
    app (a new build) has another key, and the same sources the same."""
    worker = (built.folder / "python-worker.js").read_text(encoding="utf-8")
    key = _snapshot_key(built.folder)
    assert f'const KEY = "{key}";' in worker
    copy = tmp_path / "copy"
    shutil.copytree(built.folder, copy)
    assert _snapshot_key(copy) == key
    (copy / ARCHIVE).write_bytes((copy / ARCHIVE).read_bytes() + b"\0")
    assert _snapshot_key(copy) != key
    assert worker_js(key, ARCHIVE) == worker
    # What Home imports is in the snapshot, and nothing compiled before it.
    warm = re.search(r"const WARM = (.*);", worker)
    assert warm is not None and json.loads(warm[1]) == list(WARM)


# Imports what the snapshot imports on CPython, Pyodide's own modules
# stubbed, and names the top-level packages loaded.
WARM_CHECK = """
import sys, types
class Stub(types.ModuleType):
    def __getattr__(self, name):
        return type(name, (), {})
for name in ("js", "pyodide_js", "pyodide", "pyodide.ffi", "pyodide.http"):
    sys.modules[name] = Stub(name)
for name in sys.argv[1:]:
    __import__(name)
print(sorted({n.split(".")[0] for n in sys.modules}))
"""


def test_what_the_snapshot_imports_loads_no_compiled_module() -> None:
    """Pyodide cannot snapshot a Python that loaded a C extension (msgpack,
    which Flet's connection imports): the modules warmed into it import
    only Python (checked on CPython, the same imports)."""
    done = subprocess.run(
        [sys.executable, "-c", WARM_CHECK, *WARM],
        capture_output=True,
        text=True,
        check=True,
    )
    loaded = set(json.loads(done.stdout.replace("'", '"')))
    packages = browser_packages(PROJECT_ROOT / "uv.lock", _pyodide())
    compiled = {p.name for p in packages if p.wheel_url is not None}
    assert compiled == {"msgpack"}  # Pyodide wheels: compiled code
    assert "companion" in loaded and not compiled & loaded


def test_the_client_asks_nothing_of_the_internet() -> None:
    text = main_js((WEB / "main.dart.js").read_text(encoding="utf-8"), "/flip7/")
    assert "cdn.jsdelivr.net" not in text and "/flip7/rive/" in text


def test_the_rive_runtime_is_answered_from_the_folder(built: Built) -> None:
    """Flet's client asks for Rive's runtime at every start (a 404 each time,
    issue 37): the folder answers with a script that says "no Rive", the
    answer Flet's loader takes when a runtime gives none."""
    for kind in ("wasm", "wasm_compatibility"):
        name = f"rive/{kind}/rive_native.js"
        assert name in built.files  # precached: offline too
        script = (built.folder / name).read_text(encoding="utf-8")
        node = shutil.which("node")
        if node is None:
            assert "RiveNative" in script and "null" in script
            continue
        check = script + ";RiveNative().then((v) => process.exit(v === null ? 0 : 1));"
        assert subprocess.run([node, "-e", check], timeout=30).returncode == 0


def test_a_folder_that_is_not_a_build_is_left_alone(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(PublishError, match="not empty"):
        publish(tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


BROKER = "wss://table.example.org:8443"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    folder = tmp_path_factory.mktemp("publish") / "dist"
    return publish(folder, base="flip7", broker=BROKER)


def test_the_table_brokers_client_is_in_the_folder_and_offline(built: Built) -> None:
    """nats.ws beside the Python worker, precached (a table link starts
    offline from a visit's cache too), and imported by the worker only at
    its first use: never while Python's snapshot is made or restored."""
    assert "vendor/nats.js" in built.files
    vendored = PROJECT_ROOT / "assets/vendor/nats.ws/nats.js"
    assert (built.folder / "vendor/nats.js").read_bytes() == vendored.read_bytes()
    sw = (built.folder / "sw.js").read_text(encoding="utf-8")
    assert '"vendor/nats.js"' in sw
    worker = (built.folder / "python-worker.js").read_text(encoding="utf-8")
    assert worker.count('import("./vendor/nats.js")') == 1
    getter = worker.index('Object.defineProperty(self, "nats"')
    lazy = worker[getter : worker.index("});", getter)]
    assert "get: () =>" in lazy and "??=" in lazy  # imported once, when asked
    making = worker[worker.index("async function makeSnapshot") :]
    making = making[: making.index("\n}\n")]
    assert "nats" not in making and not [w for w in WARM if "natsws" in w]


def test_the_broker_given_at_publish_is_the_apps_default(built: Built) -> None:
    with tarfile.open(built.folder / ARCHIVE) as tar:
        published = tar.extractfile(PUBLISHED).read()  # type: ignore[union-attr]
    assert json.loads(published) == {"broker": BROKER}


@pytest.mark.parametrize(
    ("broker", "why"),
    [
        ("https://table.example.org", "not a ws:// or wss://"),
        ("table.example.org:8443", "not a ws:// or wss://"),
        ("wss://ann:secret@table.example.org", "no user or password"),
        ("wss://table.example.org/?token=1", "odd"),
    ],
)
def test_a_broker_address_that_cannot_work_is_refused_before_writing(
    broker: str, why: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "dist"
    assert publish_main([str(folder), "--broker", broker]) == 1
    said = capsys.readouterr().err
    assert why in said and "nothing was written" in said and not folder.exists()


def test_no_broker_given_none_is_offered_and_a_stray_file_is_not_taken() -> None:
    assert check_published_broker("  ") == ""
    assert check_published_broker(f" {BROKER} ") == BROKER
    assert not _wanted(Path(PUBLISHED))  # written by the build itself
    assert _wanted(Path("companion/tablelink/natsws.py"))


def test_the_folder_holds_the_app_and_its_worker_precaches_all_of_it(
    built: Built,
) -> None:
    again = publish(built.folder, base="flip7", broker=BROKER)  # the same, again
    assert again.version == built.version and again.files == built.files
    folder = built.folder
    on_disk = {
        p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()
    }
    assert set(built.files) | set(built.lazy) == on_disk - {
        "sw.js",
        ".flip7-companion-build",
    }
    assert built.lazy == ("fonts/DroidSansFallbackFull.ttf",)
    worker = (folder / "sw.js").read_text(encoding="utf-8")
    listed = json.loads(re.search(r"const FILES = (\[.*?\]);", worker, re.S)[1])  # type: ignore[index]
    assert listed == list(built.files) and built.version in worker

    index = (folder / "index.html").read_text(encoding="utf-8")
    assert (folder / "404.html").read_text(encoding="utf-8") == index  # deep links
    assert (
        '<base href="/flip7/">' in index and "<title>Flip 7 Companion</title>" in index
    )
    assert "flet.pyodide = true;" in index and '"/flip7/sw.js"' not in index
    assert 'navigator.serviceWorker.register(base + "sw.js"' in index

    with tarfile.open(folder / "app.tar.gz") as tar:
        names = set(tar.getnames())
        main = tar.extractfile("main.py").read().decode()  # type: ignore[union-attr]
    assert "companion.browser.start" in main
    assert {
        "companion/browser/start.py",
        "companion/locale/it/LC_MESSAGES/messages.mo",
        "companion/locale/hu/LC_MESSAGES/messages.mo",
        "__pypackages__/flet/__init__.py",
        "__pypackages__/png.py",
    } <= names
    for language in ("en", "it", "hu"):  # where the Rules screen reads them
        assert rules_file(language).relative_to(PROJECT_ROOT).as_posix() in names
    assert not [
        n for n in names if "__pycache__" in n or n.startswith("companion/publish/")
    ]
    assert not [n for n in names if n.startswith("__pypackages__/PIL")]
    locales = {
        Path(n).stem for n in names if n.startswith("__pypackages__/babel/locale-data/")
    }
    assert locales == {"root", "en", "it", "hu"}
    assert built.precached < 40_000_000  # 37 MB on 2026-12-02; docs/benchmarks.md


def test_the_archive_unpacks_to_the_app(built: Built, tmp_path: Path) -> None:
    """What the worker unpacks is the package as it is here (a check that
    nothing the start needs was filtered out)."""
    data = (built.folder / "app.tar.gz").read_bytes()
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(tmp_path / "unpacked", filter="data")
    assert (tmp_path / "unpacked" / "companion" / "browser" / "storage.py").is_file()
    # Its catalogs speak (the phone app once stayed English: no .po beside
    # the .mo, and the .mo was not read without one).
    said = subprocess.run(
        [sys.executable, "-c", SPEAK],
        cwd=tmp_path / "unpacked",
        env={**os.environ, "COMPANION_PURE_PYTHON": "1", "PYTHONPATH": ""},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert said.stdout.split() == ["Nuova", "partita", "Új", "játszma"], said.stderr


SPEAK = """
import sys
sys.path[:0] = ["__pypackages__", "."]
import companion
assert companion.__file__.startswith(sys.path[1]) or "unpacked" in companion.__file__
from companion.i18n import translator
print(translator("it").gettext("New game"), translator("hu").gettext("New game"))
"""


def test_a_test_deck_that_is_not_cards_is_refused_before_writing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "dist"
    assert publish_main([str(folder), "--test-deck", "5 banana"]) == 1
    said = capsys.readouterr().err
    assert "--test-deck" in said and "nothing was written" in said
    assert not folder.exists()
