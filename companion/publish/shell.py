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
    animation). Pointed at this folder instead, where it is not: a local
    404, and nothing leaves the phone."""
    start = text.find(RIVE_CDN)
    if start < 0:
        return text
    end = text.index('"', start)
    return text[:start] + base + "rive/" + text[end:]


def service_worker(files: Sequence[str], lazy: Sequence[str], version: str) -> str:
    """Our worker for this build: ``files`` precached, ``lazy`` kept once
    fetched, both under a cache named by ``version``."""
    template = SW_TEMPLATE.read_text(encoding="utf-8")
    return (
        template.replace("__VERSION__", version)
        .replace("__FILES__", json.dumps(list(files), indent=0))
        .replace("__LAZY__", json.dumps(list(lazy)))
    )


# The update bar is drawn by the page, before and beside Python: its words
# are put in it at build time, in every language, and picked by the phone's.
UPDATE_READY = N_("A new version of the app is ready.")
RESTART = N_("Restart")


def _update_words() -> dict[str, dict[str, str]]:
    words = {}
    for language in LANGUAGES:
        say = translator(language).gettext
        words[language] = {"text": say(UPDATE_READY), "button": say(RESTART)}
    return words


def index_extras(base: str) -> str:
    """Registers the service worker; shows a bar with Restart when a new
    build is ready (in the phone's language), which then takes over; and
    calls ``persist()`` when the app's Python asks (companion/browser/keep.py:
    a worker cannot)."""
    register = _REGISTER.replace("__BASE__", json.dumps(base)).replace(
        "__WORDS__", json.dumps(_update_words(), ensure_ascii=False)
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
      if (!("serviceWorker" in navigator)) return;
      const base = __BASE__;
      const words = __WORDS__;
      const lang = (navigator.language || "en").slice(0, 2);
      const say = words[lang] || words.en;
      function offer(worker) {
        if (document.getElementById("flip7-update")) return;
        const bar = document.createElement("div");
        bar.id = "flip7-update";
        bar.setAttribute("role", "alert");
        bar.style.cssText = "position:fixed;left:8px;right:8px;bottom:8px;" +
          "z-index:2147483647;display:flex;gap:12px;align-items:center;" +
          "justify-content:space-between;padding:12px 16px;border-radius:12px;" +
          "background:#1F7A8C;color:#fff;font:16px sans-serif;" +
          "box-shadow:0 2px 8px rgba(0,0,0,.4)";
        const text = document.createElement("span");
        text.textContent = say.text;
        const button = document.createElement("button");
        button.textContent = say.button;
        button.style.cssText = "font:bold 16px sans-serif;padding:8px 16px;" +
          "border:0;border-radius:8px;background:#fff;color:#1F7A8C";
        button.onclick = () => worker.postMessage("flip7-update");
        bar.append(text, button);
        document.body.append(bar);
      }
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
      }
    })();
  </script>"""
