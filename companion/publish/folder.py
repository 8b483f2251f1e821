"""Build the static folder: Flet's web client, Pyodide, our shell and the app.

Why by hand and not ``flet publish``: flet-cli looks up a build manifest
and downloads Pyodide from the internet, though ``flet_web`` ships the same
Pyodide; it writes a Pyodide URL a module worker cannot import; it leaves
``assets/`` (the rules pages) out; and it knows nothing of our service
worker. Here everything comes from this environment and ``uv.lock``
(:mod:`.deps`), so the build runs offline and gives the same folder twice.

What goes in, and only that (the service worker precaches every file):
the client for one renderer (CanvasKit, its "full" variant that every
browser can run), Pyodide's runtime and standard library, Flet's fonts
that the app draws with, ours (:data:`companion.ui.theme.FONT_FILES`), the
icons and manifest, and ``app.tar.gz`` with the ``companion`` package, its
compiled catalogs, the rules pages, ``__pypackages__/`` and
``companion/published.json`` (what this build was published with: the
table broker's address, ``--broker``); and ``vendor/nats.js``, the broker's
browser client, which the Python worker imports only when a table link
starts (:file:`worker.js`).
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import shutil
import tarfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from urllib.parse import urlsplit

import flet_web  # type: ignore[import-untyped]
from flet.controls.types import RouteUrlStrategy, WebRenderer
from flet_web.patch_index import patch_index_html  # type: ignore[import-untyped]
from platformdirs import user_cache_dir

from companion.i18n import LANGUAGES, SOURCE, compile_language
from companion.rules.cards import parse_cards
from companion.server.settings import PROJECT_ROOT
from companion.tablelink.invite import BadInvite, check_broker
from companion.ui.theme import FALLBACKS, FONT_FILES

from .deps import Package, Pyodide, browser_packages, package_files
from .shell import (
    NO_RIVE,
    RIVE_FILES,
    bootstrap_js,
    index_extras,
    main_js,
    service_worker,
    worker_js,
)

WEB = Path(flet_web.__file__).resolve().parent / "web"
ASSETS = PROJECT_ROOT / "assets"
PACKAGE = PROJECT_ROOT / "companion"
MARK = ".flip7-companion-build"  # a folder we may replace on the next build
ARCHIVE = "app.tar.gz"
# The table broker's browser client (docs/live-without-computer.md): where
# worker.js imports it from, beside the worker.
NATS = ("assets/vendor/nats.ws/nats.js", "vendor/nats.js")
# In app.tar.gz: what the app reads of how it was published (the default of
# Settings → Table broker); written by the build, never taken from the tree.
PUBLISHED = "companion/published.json"
# Flet's client files a page of the app fetches (CanvasKit "full" only).
CLIENT = (
    "python.js",
    "canvaskit/canvaskit.js",
    "canvaskit/canvaskit.wasm",
    "pyodide/pyodide.mjs",
    "pyodide/pyodide.asm.mjs",
    "pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip",
    "pyodide/pyodide-lock.json",
    "assets/packages/wakelock_plus/assets/no_sleep.js",
    "assets/AssetManifest.bin",
    "assets/AssetManifest.bin.json",
    "assets/fonts/MaterialIcons-Regular.otf",
    "assets/packages/cupertino_icons/assets/CupertinoIcons.ttf",
    "assets/shaders/ink_sparkle.frag",
    "assets/shaders/stretch_effect.frag",
)
# Pyodide's files whose change makes an old snapshot of Python unusable.
SNAPSHOT_RUNTIME = (
    "pyodide/pyodide.mjs",
    "pyodide/pyodide.asm.mjs",
    "pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip",
)
# Fetched when first needed, then kept (not precached): only names in
# Chinese, Japanese or Korean use it, and it is a tenth of the folder.
LAZY = frozenset({"fonts/DroidSansFallbackFull.ttf"})
SHELL = ("manifest.json", "favicon.png", "icon.png", "icons")  # ours, from assets/
# Flutter asks for Roboto at this address under fontFallbackBaseUrl
# ("assets/fonts/"); Flet ships the same file under a short name.
ROBOTO = (
    "assets/fonts/roboto.woff2",
    "assets/fonts/roboto/v32/KFOmCnqEu92Fr1Me4GZLCzYlKw.woff2",
)
# Babel's data for the languages the app speaks, and what they fall back to.
KEEP_LOCALES = frozenset({"root", *LANGUAGES})
SKIP_SUFFIXES = (".pyc", ".pyi", ".po", ".pot", ".mo.tmp")


class PublishError(RuntimeError):
    """The folder cannot be built (a missing input, a folder not ours)."""


@dataclass(frozen=True, slots=True)
class Built:
    """What was built: where, how big, and the files the worker precaches."""

    folder: Path
    files: tuple[str, ...]  # precached: the app offline
    lazy: tuple[str, ...]  # kept once fetched (:data:`LAZY`)
    size: int  # bytes of every file
    gzipped: int  # the same, each file gzipped (what a host usually sends)
    precached: int  # bytes the service worker stores at install
    version: str


def publish(
    folder: Path,
    *,
    base: str = "/",
    cache: Path | None = None,
    broker: str = "",
    test_deck: str = "",
) -> Built:
    """Write the app into ``folder`` (emptied first if a build of ours is
    there); ``base``: the path it is served under (``/`` or ``/flip7/``);
    ``broker``: the table broker's ``wss://`` address the app offers by
    default (empty: none, the player sets one); ``test_deck``: for browser
    tests only, the cards (top first) every game's first digital round
    deals, as the served app's ``COMPANION_TEST_DECK``."""
    base = "/" + base.strip("/") + "/" if base.strip("/") else "/"
    broker = check_published_broker(broker)
    settings = {"broker": broker}
    if test_deck.strip():
        settings["test_deck"] = check_test_deck(test_deck)
    _clear(folder)
    pyodide = _pyodide()
    packages = browser_packages(PROJECT_ROOT / "uv.lock", pyodide)
    for name in CLIENT:
        _copy(WEB / name, folder / name)
    for name in SHELL:
        _copy(ASSETS / name, folder / name)
    _copy(WEB / ROBOTO[0], folder / ROBOTO[1])
    _copy(PROJECT_ROOT / NATS[0], folder / NATS[1])
    (folder / "main.dart.js").write_text(
        main_js((WEB / "main.dart.js").read_text(encoding="utf-8"), base),
        encoding="utf-8",
    )
    for name in RIVE_FILES:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(NO_RIVE, encoding="utf-8")
    for source in _font_files():
        _copy(ASSETS / source, folder / source)
    (folder / "assets" / "FontManifest.json").write_text(
        json.dumps(_font_manifest()), encoding="utf-8"
    )
    (folder / "flutter_bootstrap.js").write_text(
        bootstrap_js((WEB / "flutter_bootstrap.js").read_text(encoding="utf-8")),
        encoding="utf-8",
    )
    (folder / ARCHIVE).write_bytes(_archive(packages, cache or _cache(), settings))
    (folder / "python-worker.js").write_text(
        worker_js(_snapshot_key(folder), ARCHIVE), encoding="utf-8"
    )
    _write_index(folder, base)
    every = tuple(sorted(_relative(folder)))
    version = _version(folder, every)
    files = tuple(f for f in every if f not in LAZY)
    lazy = tuple(f for f in every if f in LAZY)
    worker = service_worker(files, lazy, version)
    (folder / "sw.js").write_text(worker, encoding="utf-8")
    (folder / MARK).write_text(version + "\n", encoding="utf-8")
    sizes = {f: (folder / f).stat().st_size for f in (*every, "sw.js")}
    gzipped = sum(len(gzip.compress((folder / f).read_bytes(), 6)) for f in sizes)
    precached = sum(sizes[f] for f in files)
    total = sum(sizes.values())
    return Built(folder, files, lazy, total, gzipped, precached, version)


def check_test_deck(cards: str) -> str:
    """``--test-deck``: card codes the engine reads, else nothing is built."""
    try:
        parse_cards(cards)
    except ValueError as exc:
        raise PublishError(
            f"--test-deck {cards!r}: {exc}; nothing was written"
        ) from exc
    return cards.strip()


def check_published_broker(address: str) -> str:
    """``--broker``: a broker's WebSocket address every phone of this build
    will be offered, so checked before anything is written. No password in
    it: the folder is public, anyone can read it."""
    address = address.strip()
    if not address:
        return ""
    try:
        check_broker(address)
    except BadInvite as exc:
        raise PublishError(
            f"--broker {address!r}: {exc} (e.g. wss://table.example.org:8443); "
            "nothing was written"
        ) from exc
    parts = urlsplit(address)
    if parts.username is not None or parts.password is not None:
        raise PublishError(
            f"--broker {address!r}: no user or password in the address (the "
            "published folder is public); nothing was written"
        )
    return address


def _clear(folder: Path) -> None:
    if folder.exists():
        if not folder.is_dir():
            raise PublishError(f"{folder} is a file, not a folder")
        if any(folder.iterdir()) and not (folder / MARK).is_file():
            raise PublishError(
                f"{folder} is not empty and holds no earlier build: choose "
                "another folder (nothing was changed)"
            )
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    (folder / MARK).write_text("building\n", encoding="utf-8")  # ours from now


def _copy(source: Path, dest: Path) -> None:
    if not source.exists():
        raise PublishError(f"missing {source}")
    dest.parent.mkdir(parents=True, exist_ok=True)
    if source.is_dir():
        shutil.copytree(source, dest, dirs_exist_ok=True)
    else:
        shutil.copyfile(source, dest)


def _pyodide() -> Pyodide:
    info = json.loads((WEB / "pyodide" / "pyodide-lock.json").read_text())["info"]
    python = ".".join(str(info["python"]).split(".")[:2])
    return Pyodide(python, str(info["abi_version"]))


def _cache() -> Path:
    return Path(user_cache_dir("flip7-companion")) / "wheels"


def _font_files() -> list[str]:
    return sorted(FONT_FILES.values())


def _font_manifest() -> list[dict[str, object]]:
    """The served app's fonts (Flet's and ours) but KaTeX's (the app shows
    no formulas) and the CJK and emoji fallbacks, which the app's Python
    registers after the first frame (:func:`companion.ui.theme.page_fonts`):
    Flutter loads every listed font before its first frame."""
    ours = ASSETS / "assets" / "FontManifest.json"
    families: list[dict[str, object]] = json.loads(ours.read_text(encoding="utf-8"))
    katex = "packages/flutter_math_fork/"
    return [
        f
        for f in families
        if not str(f["family"]).startswith(katex) and f["family"] not in FALLBACKS
    ]


def _write_index(folder: Path, base: str) -> None:
    index = folder / "index.html"
    shutil.copyfile(ASSETS / "index.html", index)
    patch_index_html(
        str(index),
        base_href=base,
        pyodide=True,
        pyodide_script_path="main.py",
        app_package_url=ARCHIVE,
        web_renderer=WebRenderer.CANVAS_KIT,
        route_url_strategy=RouteUrlStrategy.PATH,
        no_cdn=True,
    )
    text = index.read_text(encoding="utf-8")
    extras = index_extras(base)
    text = text.replace("</head>", extras + "\n</head>", 1)
    index.write_text(text, encoding="utf-8")
    # Hosts that answer an unknown address with 404.html (GitHub Pages,
    # Netlify…) then open the app at a deep link before the worker is there.
    (folder / "404.html").write_text(text, encoding="utf-8")


def _archive(
    packages: Iterable[Package], cache: Path, settings: dict[str, str] | None = None
) -> bytes:
    """``app.tar.gz``: main.py, companion/ (with the rules pages where the
    Rules screen reads them, ``companion/assets/``), __pypackages__/, and
    :data:`PUBLISHED`."""
    buf = io.BytesIO()
    zipped = gzip.GzipFile(fileobj=buf, mode="wb", compresslevel=9, mtime=0)
    with zipped, tarfile.open(fileobj=zipped, mode="w") as tar:
        _add(tar, "main.py", _MAIN.encode("utf-8"))
        published = settings if settings is not None else {"broker": ""}
        _add(tar, PUBLISHED, json.dumps(published).encode("utf-8"))
        for path in sorted(PACKAGE.rglob("*")):
            rel = path.relative_to(PROJECT_ROOT)
            if path.is_file() and _wanted(rel):
                _add(tar, str(rel), path.read_bytes())
        for language in LANGUAGES:
            data = compile_language(language) if language != SOURCE else None
            if data is not None:
                mo = f"companion/locale/{language}/LC_MESSAGES/messages.mo"
                _add(tar, mo, data)
        for page in sorted(ASSETS.glob("rules*.md")):
            _add(tar, f"companion/assets/{page.name}", page.read_bytes())
        for package in packages:
            for name, data in package_files(package, cache):
                if _wanted_dep(PurePosixPath(name)):
                    _add(tar, f"__pypackages__/{name}", data)
    return buf.getvalue()


_MAIN = '''"""Started by Flet's Python worker in the browser (flet.pythonModuleName)."""
from companion.browser.start import run

run()
'''


def _wanted(rel: Path) -> bool:
    parts = rel.parts
    if "__pycache__" in parts or rel.name.endswith(SKIP_SUFFIXES):
        return False
    if rel.as_posix() == PUBLISHED:
        return False  # the build's own (:func:`_archive`), not a stray copy
    if parts[:2] in (("companion", "assets"), ("companion", "publish")):
        return False  # the web files are beside index.html; the builder stays here
    return not rel.name.endswith((".c", ".so", ".md")) or parts[1] == "locale"


def _wanted_dep(path: PurePosixPath) -> bool:
    if "__pycache__" in path.parts or path.suffix in (".pyc", ".pyi"):
        return False
    if path.parts[:2] == ("babel", "locale-data"):
        return path.stem.split("_")[0] in KEEP_LOCALES and "_" not in path.stem
    return path.parts[:2] != ("flet", "testing")


def _add(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mtime = 1_700_000_000  # the same archive for the same sources
    info.mode = 0o644
    tar.addfile(info, io.BytesIO(data))


def _relative(folder: Path) -> Iterator[str]:
    for path in folder.rglob("*"):
        if path.is_file() and path.name != MARK:
            yield path.relative_to(folder).as_posix()


def _snapshot_key(folder: Path) -> str:
    """What a snapshot of Python is made of: the app, Pyodide's runtime and
    standard library, and the worker that makes it (:func:`worker_js`)."""
    digest = hashlib.sha256(worker_js("", ARCHIVE).encode("utf-8"))
    for name in (ARCHIVE, *SNAPSHOT_RUNTIME):
        digest.update(hashlib.sha256((folder / name).read_bytes()).digest())
    return digest.hexdigest()[:16]


def _version(folder: Path, files: Iterable[str]) -> str:
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode("utf-8") + b"\0")
        digest.update(hashlib.sha256((folder / name).read_bytes()).digest())
    return digest.hexdigest()[:16]
