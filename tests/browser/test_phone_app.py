"""The app on a phone with no computer (issue 23): the folder that
``companion publish`` builds, served by a plain static server, played as a
person would, then with the network off; two tabs on one phone; a new
build replacing the installed one. Nothing may leave 127.0.0.1.
"""

from __future__ import annotations

import functools
import json
import re
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from companion.publish import folder as publishing
from companion.publish import publish

from .harness import PHONE, copy_build, screenshot
from .table import choose_player, click, see, start_game, tap_cards, type_into

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("phone_app")]
BOOT = 240_000  # ms: Python starts in the page (tens of seconds on CI)


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


class Host:
    """A static host on 127.0.0.1 serving one folder, like any web host."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        handler = functools.partial(Quiet, directory=str(folder))
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture()
def host(tmp_path: Path, phone_build: Path) -> Iterator[Host]:
    """The published app on a host of its own: a copy of the test process's
    build (tests/browser/conftest.py), which the test may publish again."""
    served = Host(copy_build(phone_build, tmp_path / "dist"))
    yield served
    served.close()


def phone(browser: Any) -> tuple[Any, list[str]]:
    """A phone's browser (its own storage) and every address it asked for."""
    context = browser.new_context(viewport=PHONE)
    asked: list[str] = []
    context.on("request", lambda r: asked.append(r.url))

    def failed(response: Any) -> None:  # listed as a stranger: nothing may 404
        if response.status >= 400:
            asked.append(f"{response.status} {response.url}")

    context.on("response", failed)
    return context, asked


def booted(page: Any, first: Any = None) -> None:
    """Wait for the app as a person sees it: Flutter's first frame, then
    the semantics tree on, then Python's first screen (a button of it, or
    ``first``: in CI, Python started tens of seconds after Flutter's frame)."""
    page.wait_for_selector("#loading", state="detached", timeout=BOOT)
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=BOOT)
    placeholder.dispatch_event("click")
    page.wait_for_selector("flt-semantics", state="attached", timeout=BOOT)
    (first or page.get_by_role("button").first).wait_for(timeout=BOOT)


def controlled(page: Any) -> None:
    """Wait until our service worker serves this page (the app installed)."""
    page.wait_for_function(
        "() => navigator.serviceWorker && navigator.serviceWorker.controller",
        timeout=BOOT,
    )


def marks(page: Any) -> dict[str, Any]:
    """How this page's app started (shell.py's flip7Marks): ``restored``
    when Python came from the snapshot, ``restore-failed`` when that threw
    and a fresh worker started the ordinary way."""
    return dict(page.evaluate("({...globalThis.flip7Marks})"))


def snapshot_kept(page: Any) -> None:
    """Wait until Python's snapshot for this build is made and kept (a
    second worker, after Home, when this start did not restore one)."""
    page.wait_for_function(
        "() => typeof (globalThis.flip7Marks || {}).snapshot === 'number'",
        timeout=BOOT,
        polling=1000,
    )


# Python's snapshot replaced by one that cannot be restored but passes the
# worker's checksum (what a snapshot of another Pyodide build would do):
# Pyodide throws while restoring it.
DAMAGE = """async () => {
  const cache = await caches.open("flip7-snapshot");
  const keys = await cache.keys();
  const bytes = new Uint8Array(1 << 20).fill(7);
  const sum = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)),
    (b) => b.toString(16).padStart(2, "0")).join("");
  for (const key of keys) {
    await cache.put(key, new Response(bytes, { headers: { "X-Flip7-Sha256": sum } }));
  }
  return keys.length;
}"""


# The service worker's caches, one a build (beside Python's snapshot's).
BUILDS = "caches.keys().then((k) => k.filter((c) => c.startsWith('flip7-companion-')))"


def save_round(page: Any, n: int, lines: dict[str, str], next_dealer: str) -> None:
    click(page, f"Enter round {n}")
    for name, cards in lines.items():
        choose_player(page, name)
        tap_cards(page, cards)
    click(page, f"Save round {n}")
    see(page, f"Round {n + 1} · {next_dealer} deals", timeout=60_000)


def test_a_phone_plays_offline_in_one_tab_and_takes_a_new_build(
    browser: Any, host: Host, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One phone's walk, each of Python's starts in the page (tens of
    seconds on CI) showing something new: the first visit installs the
    app; offline, a reload plays on from the games kept on the phone; a
    second tab waits for the first (it would write its older copy over the
    games), saying so in the language chosen on the first, and, once the
    first is closed, opens by itself with the round saved offline;
    back online, a new build on the host is offered and taken, the game
    kept. Every way Python starts in the page on the way: the first visit
    (the ordinary start, then Python's snapshot made), an offline reload
    (restored from it), a damaged snapshot (the restore throws: a fresh
    start), a reload online (restored), a new build (never an old build's
    snapshot)."""
    context, asked = phone(browser)
    page = context.new_page()
    page.goto(host.url)
    booted(page)
    assert "restored" not in marks(page)
    start_game(page, ("Ann", "Bob"))
    save_round(page, 1, {"Ann": "5 9", "Bob": "12 3"}, "Bob")
    see(page, "14")  # Ann 5 + 9; Bob 12 + 3 = 15
    see(page, "15")
    controlled(page)
    cdp = context.new_cdp_session(page)  # what Chromium's "Install app" checks
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # A test's browser context is an incognito one, where nothing installs;
    # a phone's profile is not (with one on disk the list is empty).
    assert [e["errorId"] for e in errors] in ([], ["in-incognito"])

    # The CJK fallback font is not precached, but kept in the background
    # once the app is open: offline, a CJK name is still drawn.
    page.wait_for_function(
        "() => caches.match('fonts/DroidSansFallbackFull.ttf').then((r) => !!r)",
        timeout=60_000,
        polling=1000,
    )
    snapshot_kept(page)
    context.set_offline(True)
    page.reload()  # the game was kept on the phone, and the app with it
    booted(page)
    assert marks(page).get("restored") is True
    see(page, "Round 2 · Bob deals", timeout=60_000)
    save_round(page, 2, {"Ann": "10 2", "Bob": "7"}, "Ann")
    see(page, "26")  # Ann 14 + 12; Bob 15 + 7 = 22
    see(page, "22")
    screenshot(page, "phone-app-offline")
    click(page, "Invite phones")
    see(page, re.compile("Phones can't join yet: this app runs on this phone"))
    click(page, "Back")
    click(page, "Back")  # Home
    click(page, "Magyar")  # kept on this phone: the second tab speaks it too
    see(page, "Új játszma")

    assert page.evaluate(DAMAGE) == 1
    second = context.new_page()  # still offline
    second.goto(host.url)
    # It was English whatever the phone's language (issue 37, bug 3).
    booted(second, second.get_by_text("Egy másik lapon nyitva", exact=True))
    assert "restore-failed" in marks(second) and "restored" not in marks(second)
    page.close()  # and the second tab opens by itself, the round kept offline
    see(second, "A 3. kör folytatása", timeout=60_000)
    click(second, "English")
    see(second, re.compile(r"^Continue round 3"))

    # A new build on the host while the phone is offline (its pages see
    # the installed one), made while Python's snapshot is made again after
    # the fresh start: the build's 10 s are not added to that wait.
    monkeypatch.setattr(publishing, "_MAIN", publishing._MAIN + "# build B\n")
    build_b = publish(host.folder).version
    snapshot_kept(second)  # made again after the fresh start
    context.set_offline(False)
    old = second.evaluate(BUILDS)
    assert build_b not in "".join(old)
    second.reload()
    booted(second)
    assert marks(second).get("restored") is True  # still the old build
    see(second, "A new version of the app is ready.", timeout=120_000)
    second.get_by_role("button", name="Restart").click()
    booted(second)
    see(second, re.compile(r"^Continue round 3"), timeout=60_000)
    assert "restored" not in marks(second)  # the old build's is not this one's
    now = second.evaluate(BUILDS)
    assert len(now) == 1 and now != old

    strangers = [u for u in asked if not u.startswith("http://127.0.0.1:")]
    assert strangers == []  # nothing left the phone, no 404 (Rive's runtime)
    context.close()


# Counts the page's persist() calls (the app's Python asks the page: a web
# worker has none), then lets the browser answer as it would.
PERSIST_SPY = """(() => {
  const storage = navigator.storage;
  const persist = storage.persist.bind(storage);
  window.flip7PersistAsked = 0;
  storage.persist = () => { window.flip7PersistAsked += 1; return persist(); };
})();"""


def test_a_phone_backs_up_is_wiped_and_restores_every_game(
    browser: Any, host: Host
) -> None:
    """A person's walk: two games (one with round 2 half tapped in), the
    browser asked to keep them and its answer shown, Back up; the site's
    data cleared (as a browser short of space, or Safari after 7 days,
    would): Home is empty; Restore from a backup: both games, every round
    and the round in progress are back."""
    context, _asked = phone(browser)
    context.add_init_script(PERSIST_SPY)
    page = context.new_page()
    page.goto(host.url)
    booted(page)
    start_game(page, ("Ann", "Bob"))
    save_round(page, 1, {"Ann": "5 9", "Bob": "12 3"}, "Bob")
    click(page, "Enter round 2")
    choose_player(page, "Ann")
    tap_cards(page, "10 2")
    see(page, "Ann 12")
    click(page, "Back to sheet")
    click(page, "Back")
    start_game(page, ("Cy", "Dee"))
    save_round(page, 1, {"Cy": "7", "Dee": "8 4"}, "Dee")
    click(page, "Back")
    see(page, "Past games")
    page.wait_for_function("window.flip7PersistAsked > 0", timeout=60_000)
    kept = page.evaluate("navigator.storage.persisted()")
    if not kept:  # the browser said no: Home offers a backup, calmly, once
        see(page, "Back up now")
        click(page, "Not now")
        not_now = page.get_by_role("button", name="Not now")
        not_now.wait_for(state="detached", timeout=20_000)
    click(page, "Your games on this phone")
    see(page, "Kept safe by the browser")
    see(page, "yes" if kept else "not yet")
    see(page, re.compile(r" of \d"))  # the space used of the quota
    screenshot(page, "your-games-phone")
    with page.expect_download(timeout=60_000) as saved:
        click(page, "Back up")
    backup = Path(saved.value.path()).read_bytes()
    assert saved.value.suggested_filename.startswith("flip7-games-")
    assert len(json.loads(backup)["games"]) == 2
    see(page, re.compile(r"It holds 2 games\.$"))
    click(page, "Back")  # Home's address: deep links need the installed app
    see(page, "Past games")

    cdp = context.new_cdp_session(page)
    origin = host.url.rstrip("/")
    cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
    # And Python in the page dies (Pyodide's fatal "memory access out of
    # bounds", seen after tap bursts): the next tap says so and offers a
    # reload (the page stayed with a dead UI, issue 37).
    python = next(  # the app's, not the one making Python's snapshot
        w
        for w in page.workers
        if "python-worker" in w.url and w.evaluate("self.name") != "flip7-snapshot"
    )
    python.evaluate(
        "() => { try { self.pyodide.runPython("
        "'import ctypes; ctypes.string_at(2**32 - 64, 4096)'); } catch (e) {} }"
    )
    click(page, "History")
    see(
        page,
        "The app stopped working in this tab. Reload it: your saved games are kept.",
    )
    page.get_by_role("button", name="Reload").click()
    booted(page)
    see(page, "No games yet", timeout=60_000)
    click(page, "Your games on this phone")
    with page.expect_file_chooser() as chooser:
        click(page, "Restore from a backup")
    chooser.value.set_files(
        files=[
            {
                "name": saved.value.suggested_filename,
                "mimeType": "application/json",
                "buffer": backup,
            }
        ]
    )
    see(page, "2 games added.", timeout=60_000)
    click(page, "Back")
    click(page, re.compile(r"^Continue round 2"))  # the latest: Cy and Dee's
    see(page, "Round 2 · Dee deals", timeout=60_000)
    see(page, re.compile(r"^12$"))  # Dee 8 + 4
    click(page, "Back")
    click(page, "History")
    type_into(page, "Search by player name", "Ann")
    see(page, "Games (1 of 2)")
    click(page, "Open")
    click(page, "Open on the score sheet")
    see(page, "Round 2 · Bob deals", timeout=60_000)
    see(page, re.compile(r"^14$"))  # Ann 5 + 9
    see(page, re.compile(r"^15$"))  # Bob 12 + 3
    click(page, "Round 2 half entered: continue")
    see(page, "Ann 12")  # the round in progress, as it was left
    context.close()
