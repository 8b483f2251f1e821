"""Benchmark: `companion` started to Home's first frame in Chromium.

Run: ``uv run python tests/bench/bench_start.py [--runs 7] [--uv]
[--no-bytecode-cache] [--tree PATH ...]``. Not collected by pytest;
tests/bench/test_bench_smoke.py runs one short pass in CI (``--runs 1``),
checks that it prints its figures and judges none. Target (issue 10): under
3 s on a quiet machine.

Each run is a cold start of the app: a new process (``python -m companion``
with this venv, or ``uv run companion`` with ``--uv``) on a free port and an
empty temp data folder, and a new browser context (empty cache, like a first
visit). Chromium itself is launched once before the runs, as a person's
browser is already open. Times from the moment the process is spawned:

- ``ready``: the port accepts connections (polled every 10 ms), which is
  when a person who reads the printed address can open it;
- ``loading gone``: the page, opened at ``ready``, has removed ``#loading``
  (Flet's client has connected and Flutter drew its first frame);
- ``home``: the Home screen's "New game" is in the semantics tree (turned on
  as the browser tests do, with their helpers), i.e. the app's first real
  frame.

Python's bytecode cache: by default the servers write and use one (in a
temp ``PYTHONPYCACHEPREFIX``, filled by an uncounted warm-up start), as on a
person's machine from the second start on. ``--no-bytecode-cache`` starts
them with ``PYTHONDONTWRITEBYTECODE=1`` and no cache, so every module is
compiled again (the first start after an install, or a container that sets
it).

``--tree`` (repeatable) starts the server from other checkouts (the same
venv, the checkout's ``companion`` package); runs alternate between the
trees so that a change in the machine's load hits each the same.

Prints each run and the medians, with the load average before and after.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from companion.i18n import _  # noqa: E402
from tests.browser.harness import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE,
    ROOT,
    browser_missing_reason,
    drawn,
    free_port,
    semantics_on,
)


def _wait_for_port(port: int, proc: subprocess.Popen[bytes], limit: float) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("the server exited")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.01)
    raise RuntimeError(f"the server did not listen within {limit} s")


def one_start(
    browser: object, use_uv: bool, tree: Path, env: dict[str, str]
) -> dict[str, float]:
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        args = ["--port", str(port), "--data-dir", str(Path(tmp) / "data")]
        command = (
            ["uv", "run", "companion", *args]
            if use_uv
            else [sys.executable, "-m", "companion", *args]
        )
        context = browser.new_context(viewport=PHONE)  # type: ignore[attr-defined]
        page = context.new_page()
        start = time.monotonic()
        proc = subprocess.Popen(
            command,
            cwd=tree,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            _wait_for_port(port, proc, 60)
            ready = time.monotonic() - start
            page.goto(f"http://127.0.0.1:{port}", wait_until="commit")
            drawn(page)
            loaded = time.monotonic() - start
            semantics_on(page)
            page.get_by_role("button", name=_("New game")).wait_for(timeout=60_000)
            home = time.monotonic() - start
        finally:
            context.close()
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    return {"ready": ready, "loading gone": loaded, "home": home}


def _env(no_cache: bool, cache_dir: str) -> dict[str, str]:
    env = dict(os.environ)
    if no_cache:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = cache_dir
    return env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--uv", action="store_true", help="start `uv run companion`")
    parser.add_argument("--no-bytecode-cache", action="store_true")
    parser.add_argument("--tree", type=Path, action="append", default=[])
    args = parser.parse_args()
    missing = browser_missing_reason()
    if missing is not None:
        raise SystemExit(missing)
    from playwright.sync_api import sync_playwright

    trees = [t.resolve() for t in args.tree] or [ROOT]
    runs: dict[Path, list[dict[str, float]]] = {t: [] for t in trees}
    print(f"load average before: {os.getloadavg()}")
    with (
        tempfile.TemporaryDirectory() as cache_dir,
        sync_playwright() as pw,
    ):
        env = _env(args.no_bytecode_cache, cache_dir)
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for tree in trees:  # fills the bytecode cache and the OS file cache
            one_start(browser, args.uv, tree, env)
        for i in range(args.runs):
            for tree in trees:
                run = one_start(browser, args.uv, tree, env)
                runs[tree].append(run)
                times = ", ".join(f"{k} {v:.2f} s" for k, v in run.items())
                print(f"run {i + 1} {tree.name}: {times}", flush=True)
        browser.close()
    print(f"load average after: {os.getloadavg()}")
    for tree, done in runs.items():
        medians = ", ".join(
            f"{key} {statistics.median(r[key] for r in done):.2f} s" for key in done[0]
        )
        print(f"median of {args.runs} ({tree}): {medians}")


if __name__ == "__main__":
    main()
