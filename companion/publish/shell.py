"""The browser-side glue of the published app: service worker, its
registration and the "update ready" bar, and Flet's bootstrap adjusted.

Why the bootstrap is changed: Flutter's loader registers its own
``flutter_service_worker.js`` whenever the page has any service worker,
which would replace ours (and Flet's unregisters itself); and left to
choose, CanvasKit picks a variant per browser, while the folder holds one.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from companion.i18n import LANGUAGES, N_, translator
from companion.machine.runtime import KEEP_CHANNEL

SW_TEMPLATE = Path(__file__).with_name("sw.js")
_SW_SETTINGS = '    serviceWorkerSettings: {\n        serviceWorkerVersion: "'
_CONFIG = "var flutterConfig = {\n"


class ShellError(RuntimeError):
    """Flet's files no longer have the shape this module adjusts."""


def bootstrap_js(text: str) -> str:
    """Flet's ``flutter_bootstrap.js`` without Flutter's service worker and
    with CanvasKit's "full" variant (the one the folder ships)."""
    start = text.find(_SW_SETTINGS)
    end = text.find("},\n", start)
    if start < 0 or end < 0 or _CONFIG not in text:
        raise ShellError("flutter_bootstrap.js changed shape: update shell.py")
    text = text[:start] + text[end + len("},\n") :]
    return text.replace(_CONFIG, _CONFIG + '    canvasKitVariant: "full",\n', 1)


RIVE_CDN = "https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@"


def main_js(text: str, base: str) -> str:
    """Flet's client without its one request to the internet: at start it
    loads the Rive animation runtime from a CDN (the app shows no Rive
    animation). Pointed at this folder instead, where :data:`NO_RIVE`
    answers (nothing leaves the phone, and no 404 at every start)."""
    start = text.find(RIVE_CDN)
    if start < 0:
        return text
    end = text.index('"', start)
    return text[:start] + base + "rive/" + text[end:]


# Flet's loader appends <script src=".../rive_native.js">, waits for it to
# load, calls RiveNative() on the page and treats a promise of null as "no Rive
# here" (then tries the "wasm_compatibility" build the same way). Written
# for this app (no Rive code): the runtime the app never uses, declined.
NO_RIVE = """// Flip 7 Companion: the app uses no Rive animation (companion publish).
globalThis.RiveNative = function () { return Promise.resolve(null); };
"""
RIVE_FILES = ("rive/wasm/rive_native.js", "rive/wasm_compatibility/rive_native.js")


def service_worker(files: Sequence[str], lazy: Sequence[str], version: str) -> str:
    """Our worker for this build: ``files`` precached, ``lazy`` kept once
    fetched, both under a cache named by ``version``."""
    template = SW_TEMPLATE.read_text(encoding="utf-8")
    return (
        template.replace("__VERSION__", version)
        .replace("__FILES__", json.dumps(list(files), indent=0))
        .replace("__LAZY__", json.dumps(list(lazy)))
    )


STOPPED = "flip7-python-stopped"  # the worker's word to the page
WORKER_TEMPLATE = Path(__file__).with_name("worker.js")
# The Pyodide whose private snapshot API (``_makeSnapshot``,
# ``makeMemorySnapshot``, ``_loadSnapshot``) worker.js was written against:
# another one (a Flet upgrade) starts without snapshots, and
# tests/test_publish.py fails until this is checked and moved.
PYODIDE_VERSION = "314.0.7"
# What Home needs, imported into the snapshot (and before Home otherwise):
# the app's start, and the Flet modules Flet imports only when first named
# (``flet.__getattr__``), which drawing Home names (4-7 s of Python's 5-8 s
# building Home in a loaded phone, flet.controls.theme alone 2-5 s). Not
# flet.app nor flet.messaging: they import msgpack, compiled code that a
# snapshot cannot hold (tests/test_publish.py).
WARM = (
    "companion.browser.start",
    "companion.browser.keep",
    "companion.ui.parts.advances",
    "flet.components.component",
    "flet.components.component_owned",
    "flet.components.hooks",
    "flet.components.hooks.hook",
    "flet.components.hooks.use_effect",
    "flet.components.hooks.use_ref",
    "flet.components.hooks.use_state",
    "flet.components.observable",
    "flet.components.public_utils",
    "flet.controls.adaptive_control",
    "flet.controls.base_page",
    "flet.controls.buttons",
    "flet.controls.control_state",
    "flet.controls.core.autofill_group",
    "flet.controls.core.column",
    "flet.controls.core.image",
    "flet.controls.core.list_view",
    "flet.controls.core.row",
    "flet.controls.core.safe_area",
    "flet.controls.core.semantics",
    "flet.controls.core.view",
    "flet.controls.core.window",
    "flet.controls.device_info",
    "flet.controls.dialog_control",
    "flet.controls.events",
    "flet.controls.geometry",
    "flet.controls.keys",
    "flet.controls.material.app_bar",
    "flet.controls.material.bottom_app_bar",
    "flet.controls.material.button",
    "flet.controls.material.container",
    "flet.controls.material.expansion_tile",
    "flet.controls.material.floating_action_button",
    "flet.controls.material.form_field_control",
    "flet.controls.material.list_tile",
    "flet.controls.material.menu_bar",
    "flet.controls.material.navigation_bar",
    "flet.controls.material.navigation_drawer",
    "flet.controls.material.navigation_rail",
    "flet.controls.material.outlined_button",
    "flet.controls.material.popup_menu_button",
    "flet.controls.material.slider",
    "flet.controls.material.snack_bar",
    "flet.controls.material.switch",
    "flet.controls.material.tabs",
    "flet.controls.material.text_button",
    "flet.controls.material.textfield",
    "flet.controls.multi_view",
    "flet.controls.object_patch",
    "flet.controls.page",
    "flet.controls.query_string",
    "flet.controls.scrollable_control",
    "flet.controls.services.shared_preferences",
    "flet.controls.services.url_launcher",
    "flet.controls.theme",
)


def worker_js(key: str, archive: str) -> str:
    """Our Python worker (:file:`worker.js`) for a build whose app and
    runtime hash to ``key``: a snapshot made for another key is never
    restored."""
    text = WORKER_TEMPLATE.read_text(encoding="utf-8")
    for name, value in (
        ("__KEY__", key),
        ("__PYODIDE__", PYODIDE_VERSION),
        ("__ARCHIVE__", archive),
        ("__STOPPED__", STOPPED),
    ):
        text = text.replace(name, value)
    return text.replace("__WARM__", json.dumps(list(WARM)))


# The bars are drawn by the page, before and beside Python: their words are
# put in it at build time, in every language, and picked by the phone's.
UPDATE_READY = N_("A new version of the app is ready.")
RESTART = N_("Restart")
STOPPED_TEXT = N_(
    "The app stopped working in this tab. Reload it: your saved games are kept."
)
RELOAD = N_("Reload")


def _update_words() -> dict[str, dict[str, str]]:
    words = {}
    for language in LANGUAGES:
        say = translator(language).gettext
        words[language] = {
            "text": say(UPDATE_READY),
            "button": say(RESTART),
            "stopped": say(STOPPED_TEXT),
            "reload": say(RELOAD),
        }
    return words


def index_extras(base: str) -> str:
    """Registers the service worker; shows a bar with Restart when a new
    build is ready (in the phone's language), which then takes over; one
    with Reload when Python in the page has died (:func:`worker_js`); and
    calls ``persist()`` when the app's Python asks (companion/browser/keep.py:
    a worker cannot)."""
    register = (
        _REGISTER.replace("__BASE__", json.dumps(base))
        .replace("__WORDS__", json.dumps(_update_words(), ensure_ascii=False))
        .replace("__STOPPED__", json.dumps(STOPPED))
    )
    return register + "\n" + _KEEP.replace("__CHANNEL__", json.dumps(KEEP_CHANNEL))


_KEEP = """  <script>
    (function () {
      if (!("BroadcastChannel" in window) || !navigator.storage) return;
      const channel = new BroadcastChannel(__CHANNEL__);
      channel.onmessage = async (event) => {
        if (event.data !== "persist") return;
        let kept = false;
        try {
          kept = await navigator.storage.persist();
        } catch (error) {
          console.warn("persist()", error);
        }
        channel.postMessage({ kept: !!kept });
      };
    })();
  </script>"""


_REGISTER = """  <script>
    (function () {
      const base = __BASE__;
      const words = __WORDS__;
      const lang = (navigator.language || "en").slice(0, 2);
      const say = words[lang] || words.en;
      function showBar(id, message, label, action) {
        if (document.getElementById(id)) return;
        const bar = document.createElement("div");
        bar.id = id;
        bar.setAttribute("role", "alert");
        bar.style.cssText = "position:fixed;left:8px;right:8px;bottom:8px;" +
          "z-index:2147483647;display:flex;gap:12px;align-items:center;" +
          "justify-content:space-between;padding:12px 16px;border-radius:12px;" +
          "background:#1F7A8C;color:#fff;font:16px sans-serif;" +
          "box-shadow:0 2px 8px rgba(0,0,0,.4)";
        const text = document.createElement("span");
        text.textContent = message;
        const button = document.createElement("button");
        button.textContent = label;
        button.style.cssText = "font:bold 16px sans-serif;padding:8px 16px;" +
          "border:0;border-radius:8px;background:#fff;color:#1F7A8C";
        button.onclick = action;
        bar.append(text, button);
        document.body.append(bar);
      }
      function offer(worker) {
        showBar("flip7-update", say.text, say.button,
          () => worker.postMessage("flip7-update"));
      }
      // Python starts with the page, beside Flutter (Flet's python.js
      // creates its worker only after Flutter's first frame): the worker
      // made here is the one python.js gets when it asks for one. Marks of
      // the start, the page's and the worker's, in flip7Marks (ms since the
      // page started; tests/bench/bench_phone_app.py reads them).
      const marks = globalThis.flip7Marks = {};
      const mark = (name, at) => {
        if (!(name in marks)) {
          marks[name] = Math.round((at || performance.timeOrigin + performance.now()) -
            performance.timeOrigin);
        }
      };
      window.addEventListener("flutter-first-frame", () => mark("first-frame"));
      const NativeWorker = globalThis.Worker;
      const script = base + "python-worker.js";
      let restored = false;
      function spawn(python, name) {
        const worker = new NativeWorker(script, { type: "module", name });
        worker.addEventListener("message", (event) => {
          const data = event.data;
          if (data && data.flip7) {
            event.stopImmediatePropagation();  // ours, not Flet's protocol
            if (data.flip7 === "mark") {
              mark(data.name, data.at);
              if (data.restored) restored = marks.restored = true;
            } else if (data.flip7 === "restart") {
              mark("restore-failed");
              python.restart();
            }
            return;
          }
          if (data === "initialized") {
            mark("initialized");
            if (!restored) setTimeout(makeSnapshot, 2000);
          } else if (data === __STOPPED__) {
            showBar("flip7-stopped", say.stopped, say.reload,
              () => window.location.reload());
          }
          if (python.onmessage) python.onmessage(event);
        });
        return worker;
      }
      // What python.js sees as its worker; a failed restore swaps the real
      // one for a fresh start, given the same first message.
      const python = {
        onmessage: null,
        onerror: null,
        first: null,
        postMessage(data, transfer) {
          if (this.first === null) this.first = data;
          this.worker.postMessage(data, transfer || []);
        },
        terminate() { this.worker.terminate(); },
        restart() {
          this.worker.terminate();
          this.worker = spawn(this, "flip7-fresh");
          if (this.first !== null) this.worker.postMessage(this.first);
        },
      };
      python.worker = spawn(python, "flip7-python");
      mark("worker-created");
      let prestarted = python;
      globalThis.Worker = class extends NativeWorker {
        constructor(url, options) {
          if (prestarted && String(url).endsWith("/python-worker.js")) {
            const given = prestarted;
            prestarted = null;
            return given;
          }
          super(url, options);
        }
      };
      // Once per build, after Home: Python with the app imported, kept for
      // the next open (made in a worker of its own, python-worker.js).
      function makeSnapshot() {
        // Held by the page until done (an unreferenced worker may be
        // collected half way).
        const maker = python.maker = new NativeWorker(script,
          { type: "module", name: "flip7-snapshot" });
        const done = (what) => {
          marks.snapshot = what;
          maker.terminate();
          python.maker = null;
        };
        maker.addEventListener("message", (event) => {
          const data = event.data;
          if (data && data.flip7 === "snapshot") done(data.error || data.bytes);
          if (data && data.flip7 === "mark") mark("snapshot-" + data.name, data.at);
        });
        maker.addEventListener("error", (event) => done(String(event.message)));
      }
      if (!("serviceWorker" in navigator)) return;
      // A first install takes control without a reload; only a new build
      // replacing the one this page runs on reloads it.
      const hadWorker = !!navigator.serviceWorker.controller;
      let reloading = false;
      navigator.serviceWorker.addEventListener("controllerchange", () => {
        if (reloading || !hadWorker) return;
        reloading = true;
        window.location.reload();
      });
      // Registered once Python has started in the page: by then the page
      // has fetched what the app needs, and the install finds all of it in
      // the browser's cache (304s) instead of downloading it a second time.
      const connect = globalThis.jsConnect;
      globalThis.jsConnect = async function (...args) {
        mark("connect-asked");
        try {
          return await connect.apply(this, args);
        } finally {
          register();
        }
      };
      function register() {
        navigator.serviceWorker.register(base + "sw.js", { scope: base })
          .then((registration) => {
            if (registration.waiting && navigator.serviceWorker.controller) {
              offer(registration.waiting);
            }
            registration.addEventListener("updatefound", () => {
              const worker = registration.installing;
              worker.addEventListener("statechange", () => {
                const serving = navigator.serviceWorker.controller;
                if (worker.state === "installed" && serving) {
                  offer(worker);
                }
              });
            });
          });
        // The app is open: the worker may now keep what it fetches lazily.
        navigator.serviceWorker.ready.then((registration) => {
          if (registration.active) registration.active.postMessage("flip7-lazy");
        });
      }
    })();
  </script>"""
