// Flip 7 Companion's Python worker (written by `companion publish` in place
// of Flet's python-worker.js; docs/architecture.md, "How the phone app opens").
//
// Why our own: Flet's worker starts only after Flutter's first frame, then
// runs Pyodide's whole Python bootstrap, unpacks the app with Python's
// tarfile and imports it, one after the other (10-18 s on a phone). This one
// is started by the page at once (shell.py), beside Flutter, and:
// - restores a memory snapshot of Python with the app already imported
//   (Pyodide's private `_loadSnapshot`), made once per build in a second
//   worker after Home (`?snapshot`: the instance that makes a snapshot
//   cannot run the app), kept in Cache Storage under a key of this build and
//   Pyodide's version; a snapshot that cannot be restored is dropped and the
//   app starts the ordinary way in a fresh worker (the page starts it);
// - unpacks app.tar.gz with a small reader here (files are not in a
//   snapshot; Python's tarfile took most of a second);
// - speaks Flet's protocol with the page as Flet's worker does (python.js
//   posts the same first message), and says when Python in it has died.
import { loadPyodide, version } from "./pyodide/pyodide.mjs";

const KEY = "__KEY__";  // this build's app and runtime (folder.py)
const PYODIDE = "__PYODIDE__";  // the version the snapshot API was checked on
const SNAPSHOTS = "flip7-snapshot";  // the Cache Storage cache that keeps it
const SNAPSHOT_URL = "snapshot/" + KEY + "-" + version;
const ARCHIVE = "__ARCHIVE__";
const HOME = "/home/pyodide";
// Imported into the snapshot: the app's start and what Home draws with. No
// module with compiled code (msgpack) may be loaded before a snapshot.
const WARM = __WARM__;
const STOPPED = "__STOPPED__";
// What the page started this worker for, by its name (not by a query in
// its address: served by the service worker, a worker's address is the
// cached response's, without it).
const MAKING = self.name === "flip7-snapshot";
const FRESH = self.name === "flip7-fresh";

function mark(name, extra) {
  self.postMessage({ flip7: "mark", name, at: performance.timeOrigin + performance.now(),
    ...extra });
}

async function readSnapshot() {
  if (FRESH || MAKING || version !== PYODIDE || !self.caches) return null;
  try {
    const cache = await caches.open(SNAPSHOTS);
    const hit = await cache.match(SNAPSHOT_URL);
    if (!hit) return null;
    const bytes = new Uint8Array(await hit.arrayBuffer());
    // A snapshot changed on disk would restore a broken Python: checked
    // whole (a disk, a browser or a person may have changed it).
    if (await digest(bytes) !== hit.headers.get(SUM)) {
      console.warn("Python's snapshot is damaged: starting afresh");
      await dropSnapshots(false);
      return null;
    }
    mark("snapshot-read");
    return bytes;
  } catch (error) {
    console.warn("snapshot not read", error);
    return null;
  }
}

const SUM = "X-Flip7-Sha256";

async function digest(bytes) {
  const sum = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(sum, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function dropSnapshots(keep) {
  const cache = await caches.open(SNAPSHOTS);
  for (const request of await cache.keys()) {
    if (!keep || !request.url.endsWith(SNAPSHOT_URL)) await cache.delete(request);
  }
}

// Pyodide restores a snapshot into the heap the module starts with (30 MB
// in 314.0.7) and fails on a bigger one: grow it first.
async function factory(size) {
  const module = await import("./pyodide/pyodide.asm.mjs");
  return async (settings) => {
    const made = await module.default(settings);
    mark("wasm-ready");  // pyodide.asm.wasm instantiated, CPython started
    if (size && made.HEAP8.length < size) made.growMemory(size);
    return made;
  };
}

async function start(snapshot) {
  const options = {
    stdout: (text) => console.log(text),
    stderr: (text) => console.error(text),
    createPyodideModule: await factory(snapshot ? snapshot.length : 0),
  };
  if (snapshot) options._loadSnapshot = snapshot;
  if (MAKING) options._makeSnapshot = true;
  return await loadPyodide(options);
}

// app.tar.gz as Python's tarfile writes it (ustar, PAX records for long
// names) into Pyodide's file system.
async function unpack(pyodide) {
  const response = await fetch(ARCHIVE);
  if (!response.ok) throw new Error(`${ARCHIVE}: HTTP ${response.status}`);
  const gunzip = response.body.pipeThrough(new DecompressionStream("gzip"));
  const tar = new Uint8Array(await new Response(gunzip).arrayBuffer());
  const FS = pyodide.FS;
  const text = new TextDecoder();
  const made = new Set();
  const field = (at, n) => text.decode(tar.subarray(at, at + n)).replace(/\0.*$/s, "");
  let at = 0;
  let longName = null;
  while (at + 512 <= tar.length && tar[at] !== 0) {
    const size = parseInt(field(at + 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(tar[at + 156] || 48);
    const prefix = field(at + 345, 155);
    let name = longName || (prefix ? prefix + "/" : "") + field(at, 100);
    longName = null;
    const body = tar.subarray(at + 512, at + 512 + size);
    at += 512 + Math.ceil(size / 512) * 512;
    if (type === "x") {  // PAX: "<len> path=<name>\n" records
      const found = text.decode(body).match(/\d+ path=([^\n]*)\n/);
      longName = found ? found[1] : null;
      continue;
    }
    if (type === "L") { longName = text.decode(body).replace(/\0.*$/s, ""); continue; }
    if (type !== "0") continue;  // the archive holds files only
    const path = HOME + "/" + name;
    const folder = path.slice(0, path.lastIndexOf("/"));
    if (!made.has(folder)) { FS.mkdirTree(folder); made.add(folder); }
    FS.writeFile(path, body);
  }
}

function prepare(pyodide) {
  pyodide.FS.mkdirTree(HOME);
  pyodide.FS.chdir(HOME);
  pyodide.runPython(`
import sys
for _p in ("${HOME}", "${HOME}/__pypackages__"):
    if _p not in sys.path:
        sys.path.insert(0, _p)
`);
}

async function makeSnapshot() {
  const pyodide = await start(null);
  await unpack(pyodide);
  prepare(pyodide);
  mark("unpacked");
  pyodide.runPython(WARM.map((name) => `import ${name}`).join("\n"));
  mark("imported");
  const bytes = pyodide.makeMemorySnapshot();
  mark("made");
  const cache = await caches.open(SNAPSHOTS);
  await cache.put(SNAPSHOT_URL, new Response(bytes, {
    headers: { "Content-Type": "application/octet-stream", [SUM]: await digest(bytes) },
  }));
  await dropSnapshots(true);
  self.postMessage({ flip7: "snapshot", bytes: bytes.length });
}

// --- the app's worker ---------------------------------------------------

self.flip7Mark = (name) => mark(name);  // the app's Python marks its start
// The table broker's client (vendor/nats.js, beside this worker), for a live
// table with phones only: `js.nats` in Python is a promise of the module,
// imported at the first use (when a table link starts), never at boot nor
// while a snapshot is made, so no snapshot of Python holds any of it.
let natsModule = null;
Object.defineProperty(self, "nats", {
  configurable: true,
  get: () => (natsModule ??= import("./vendor/nats.js")),
});
let init = null;
const initialized = new Promise((resolve) => { init = resolve; });
self.flet_js = {};

async function boot() {
  mark("worker-start");
  const snapshot = await readSnapshot();
  let pyodide;
  if (snapshot) {
    try {
      pyodide = await start(snapshot);
      pyodide.runPython("import companion.browser.start");  // the app is there
    } catch (error) {
      console.warn("Python's snapshot could not be restored: starting afresh", error);
      await dropSnapshots(false).catch(() => {});
      self.postMessage({ flip7: "restart" });  // the page starts a fresh worker
      return;
    }
  } else {
    pyodide = await start(null);
  }
  mark("python-ready", { restored: !!snapshot });
  await unpack(pyodide);
  prepare(pyodide);
  mark("unpacked");
  if (snapshot) {
    // The snapshot holds the state of `random` it was made with.
    pyodide.runPython("import random; random.seed()");
  } else {
    pyodide.runPython(WARM.map((name) => `import ${name}`).join("\n"));
  }
  // Flet's connection, while Flutter starts: it loads msgpack's compiled
  // code, which no snapshot may hold. flet_js gets the page's words later.
  pyodide.registerJsModule("flet_js", self.flet_js);
  pyodide.runPython("import flet.app, flet.messaging.pyodide_connection");
  mark("imported");
  self.pyodide = pyodide;
  const message = await initialized;
  mark("asked");
  self.flet_js.args = message.args;
  self.flet_js.documentUrl = message.documentUrl;
  await pyodide.runPythonAsync(`
import runpy
runpy.run_module(${JSON.stringify(message.pythonModuleName || "main")}, run_name="__main__")
`);
  if (typeof self.flet_js.start_connection !== "function") {
    throw new Error("the app did not start Flet (ft.run)");
  }
  await self.flet_js.start_connection(receive);
  mark("connected");
  self.postMessage("initialized");
}

function receive(message) {
  const bytes = message.toJs();
  self.postMessage(bytes, [bytes.buffer]);
}

self.onmessage = (event) => {
  if (init) {
    const first = init;
    init = null;
    first(event.data);
  } else if (typeof self.flet_js.send === "function") {
    try {
      self.pyodide.globals;  // throws once Python has died
      self.flet_js.send(event.data);
    } catch (error) {  // Python here died: the page says so
      console.error(error);
      self.postMessage(STOPPED);
    }
  } else {
    console.error("Flip 7: a message for a Python app that never started.");
  }
};

if (MAKING) {
  makeSnapshot().catch((error) => {
    console.warn("no snapshot made", error);
    self.postMessage({ flip7: "snapshot", error: String(error) });
  });
} else {
  boot().catch((error) => {
    console.error(error);
    self.postMessage(String(error && error.stack || error));
  });
}
