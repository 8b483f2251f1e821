"""A stand-in for the browser under :mod:`companion.browser.storage`, so its
logic runs in plain Python: Pyodide's ``js``, ``pyodide_js`` and
``pyodide.ffi`` modules with Emscripten's IDBFS over a dict of records.

Why a fake and not only the browser tests: a published app's start costs
tens of seconds, and what the browser does between two taps (run the next
task while a commit waits in ``run_sync``) is timing the browser may or may
not show on a given run; here it happens every time, in the order chosen.

What it keeps of the real thing (read from the IDBFS code Pyodide ships):
records ``{timestamp: Date, mode, contents: Uint8Array}`` keyed by path;
``syncfs(true)`` writes every record into the folder and reports the first
record it cannot write (``contents: null`` is a ``TypeError``) after trying
the rest; ``syncfs(false)`` replaces the records by the folder's files and
ends a moment later (another task), or with the error the test set
(``refuse``). ``run_sync`` runs the browser's queued tasks until the
awaited write has ended: the re-entry a real phone allows.
"""

from __future__ import annotations

import asyncio
import stat
import sys
import types
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from companion.store import storage as store_storage

FILE = stat.S_IFREG | 0o666
DIR = stat.S_IFDIR | 0o777


class Named:
    def __init__(self, name: str) -> None:
        self.name = name


class Date:
    constructor = Named("Date")

    @classmethod
    def new(cls) -> Date:
        return cls()


class Uint8Array:
    constructor = Named("Uint8Array")

    def __init__(self, data: bytes = b"") -> None:
        self.data = bytes(data)

    @classmethod
    def new(cls, n: int) -> Uint8Array:
        return cls(bytes(n))

    def assign(self, data: bytes) -> None:
        self.data = bytes(data)

    def subarray(self, start: int, end: int) -> Uint8Array:
        return Uint8Array(self.data[start:end])


class Int8Array(Uint8Array):
    """What MEMFS keeps for a file Python wrote (a slice of its Int8Array
    memory), and so what IDBFS stores."""

    constructor = Named("Int8Array")


class Obj:
    """A plain JavaScript object: attributes as set (missing ones raise
    AttributeError, as a JsProxy does for undefined)."""

    @classmethod
    def new(cls) -> Obj:
        return cls()


def record(contents: Any, mode: int = FILE, timestamp: Any = None) -> Obj:
    rec = Obj()
    rec.mode = mode  # type: ignore[attr-defined]
    rec.timestamp = Date() if timestamp is None else timestamp  # type: ignore[attr-defined]
    if contents is not None or mode == FILE:
        rec.contents = contents  # type: ignore[attr-defined]
    return rec


class Events:
    """An IndexedDB request or transaction: its listeners fire later."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.listeners: dict[str, list[Any]] = {}
        self.result: Any = None

    def addEventListener(self, name: str, proxy: Any) -> None:  # noqa: N802
        self.listeners.setdefault(name, []).append(proxy)

    def removeEventListener(self, name: str, proxy: Any) -> None:  # noqa: N802
        self.listeners.get(name, []).remove(proxy)

    def fire(self, name: str) -> None:
        event = types.SimpleNamespace(target=self, preventDefault=lambda: None)
        for proxy in list(self.listeners.get(name, [])):
            proxy(event)


class Transaction(Events):
    def __init__(self, browser: Browser) -> None:
        super().__init__(browser.loop)
        self.browser = browser
        browser.loop.call_soon(self.fire, "complete")

    def objectStore(self, name: str) -> Transaction:  # noqa: N802
        return self

    def getAllKeys(self) -> Events:  # noqa: N802
        req = Events(self.loop)
        req.result = list(self.browser.records)
        return req

    def getAll(self) -> Events:  # noqa: N802
        req = Events(self.loop)
        req.result = list(self.browser.records.values())
        return req

    def put(self, value: Any, key: str) -> None:
        self.browser.records[key] = value

    def delete(self, key: str) -> None:
        del self.browser.records[key]


class Browser:
    """The page's one thread: its queued tasks, IndexedDB and the folder."""

    def __init__(self, root: Path, loop: asyncio.AbstractEventLoop) -> None:
        self.root = root
        self.loop = loop
        self.records: dict[str, Any] = {}
        self.queue: deque[Callable[[], None]] = deque()  # the browser's next tasks
        self.writes: list[dict[str, bytes]] = []  # the folder as each write saw it
        self.refuse: str | None = None  # the DOMException name of a refused write
        self.suspended = 0  # run_sync calls (stacks suspended)

    # --- pyodide.ffi ---------------------------------------------------------
    def run_sync(self, future: asyncio.Future[Any]) -> Any:
        self.suspended += 1
        while not future.done():
            self.queue.popleft()()
        return future.result()

    # --- pyodide_js.FS ---------------------------------------------------------
    def syncfs(self, populate: bool, callback: Callable[[Any], None]) -> None:
        if populate:
            self.queue.append(lambda: callback(self._populate()))
            return
        local = {
            str(p): p.read_bytes() for p in sorted(self.root.rglob("*")) if p.is_file()
        }
        dirs = [str(p) for p in sorted(self.root.rglob("*")) if p.is_dir()]

        def done() -> None:
            if self.refuse:
                callback(types.SimpleNamespace(name=self.refuse, message="full"))
                return
            self.writes.append(local)
            self.records = {d: record(None, DIR) for d in dirs}
            self.records.update({k: record(Int8Array(v)) for k, v in local.items()})
            callback(None)

        self.queue.append(done)

    def _populate(self) -> Any:
        first = None
        for path in sorted(self.records):
            rec = self.records[path]
            if stat.S_ISDIR(rec.mode):
                Path(path).mkdir(parents=True, exist_ok=True)
            elif not hasattr(getattr(rec, "contents", None), "subarray"):
                first = first or types.SimpleNamespace(name="TypeError", message="no")
            else:
                Path(path).write_bytes(rec.contents.data)
        return first

    def get_db(self, name: str, callback: Callable[..., None]) -> None:
        callback(None, types.SimpleNamespace(transaction=lambda *a: Transaction(self)))

    def run(self) -> None:
        """Run the queued tasks until none is left."""
        while self.queue:
            self.queue.popleft()()

    def files(self) -> dict[str, bytes]:
        return self.writes[-1] if self.writes else {}


class Proxy:
    def __init__(self, fn: Callable[..., Any]) -> None:
        self.fn = fn

    def __call__(self, *args: Any) -> Any:
        return self.fn(*args)

    def destroy(self) -> None:
        pass


JSNULL = object()


@contextmanager
def in_browser(root: Path, loop: asyncio.AbstractEventLoop) -> Iterator[Browser]:
    """``companion.browser.storage`` imported against a :class:`Browser`."""
    browser = Browser(root, loop)
    ffi = types.ModuleType("pyodide.ffi")
    ffi.run_sync = browser.run_sync  # type: ignore[attr-defined]
    ffi.can_run_sync = lambda: True  # type: ignore[attr-defined]
    ffi.create_once_callable = lambda fn: fn  # type: ignore[attr-defined]
    ffi.create_proxy = Proxy  # type: ignore[attr-defined]
    ffi.jsnull = JSNULL  # type: ignore[attr-defined]
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi  # type: ignore[attr-defined]
    idbfs = types.SimpleNamespace(getDB=browser.get_db)
    fs = types.SimpleNamespace(
        mkdirTree=lambda p: Path(p).mkdir(parents=True, exist_ok=True),
        mount=lambda *a: None,
        syncfs=browser.syncfs,
        filesystems=types.SimpleNamespace(IDBFS=idbfs),
    )
    pyodide_js = types.ModuleType("pyodide_js")
    pyodide_js.FS = fs  # type: ignore[attr-defined]
    js = types.ModuleType("js")
    js.Object = Obj  # type: ignore[attr-defined]
    js.Date = Date  # type: ignore[attr-defined]
    js.Uint8Array = Uint8Array  # type: ignore[attr-defined]
    js.Array = types.SimpleNamespace(of=lambda *a: list(a))  # type: ignore[attr-defined]
    fakes = {"js": js, "pyodide_js": pyodide_js, "pyodide": pyodide, "pyodide.ffi": ffi}
    names = [*fakes, "companion.browser.storage"]
    saved = {name: sys.modules.get(name) for name in names}
    sys.modules.update(fakes)
    sys.modules.pop("companion.browser.storage", None)
    # The folder's hooks as they were: a closed page no longer hears the
    # folder (a store opened after it, as the next start would, must not
    # feed the gone page's saver, which needs that page's loop).
    hooks = list(store_storage.AFTER_CHANGE), list(store_storage.SETTLED)
    try:
        yield browser
    finally:
        store_storage.AFTER_CHANGE[:], store_storage.SETTLED[:] = hooks
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
