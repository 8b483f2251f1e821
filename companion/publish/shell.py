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


_SEND = "        flet_js.send(event.data);\n"
STOPPED = "flip7-python-stopped"  # the worker's word to the page


def worker_js(text: str) -> str:
    """Flet's Python worker, telling the page when Python in it has died (a
    fatal error of Pyodide: every later call into it throws). Without this
    the page stayed on screen with a dead UI and every tap did nothing."""
    if text.count(_SEND) != 1:
        raise ShellError("python-worker.js changed shape: update shell.py")
    # After a fatal error Pyodide makes every getter of its public API
    # throw ("Pyodide already fatally failed"), while proxies made before
    # (flet_js.send) may fail silently: ask for one first.
    return text.replace(
        _SEND,
        "        try {\n"
        "            self.pyodide.globals;  // throws once Python has died\n"
        "            flet_js.send(event.data);\n"
        "        } catch (error) {  // Python here died: the page says so\n"
        "            console.error(error);\n"
        f'            self.postMessage("{STOPPED}");\n'
        "        }\n",
    )


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
      // Flet's Python worker says when Python in it died: offer a reload.
      const NativeWorker = globalThis.Worker;
      globalThis.Worker = class extends NativeWorker {
        constructor(...args) {
          super(...args);
          this.addEventListener("message", (event) => {
            if (event.data === __STOPPED__) {
              showBar("flip7-stopped", say.stopped, say.reload,
                () => window.location.reload());
            }
          });
        }
      };
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
