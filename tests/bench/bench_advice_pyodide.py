"""Advice per decision in the phone app's Python (issue 38): Pyodide (the
build flet ships) in Chromium, one plain page with ``companion.rules`` in
its files (no app boot, no publish: the rules package is pure Python,
what the phone app runs), at positions of tests/bench/bench_advice.py.

    uv run python tests/bench/bench_advice_pyodide.py [--positions 40] [--count 400]

Times each decision twice: as the app asks (``advise(rnd,
stop=time_budget())``: companion.app.thinking, which stops the play-outs at
0.35 s in a browser) and on a count of play-outs (``advise(rnd,
budget=COUNT)``, what ``hard:COUNT`` plays), and prints p50, p95 and max
per decision kind, the play-outs a second (p5 and median: what count a
phone can afford in 0.35 s), and the load average before and after.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import statistics
import threading
from pathlib import Path
from typing import Any

import flet_web

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = Path(flet_web.__file__).parent / "web" / "pyodide"
PAGE = """<!doctype html><meta charset="utf-8"><title>advice</title>
<script src="pyodide/pyodide.js"></script>
<script>
window.boot = async (files) => {
  const py = await loadPyodide({ indexURL: "pyodide/" });
  for (const [path, text] of Object.entries(files)) {
    py.FS.mkdirTree(path.split("/").slice(0, -1).join("/"));
    py.FS.writeFile(path, text);
  }
  window.py = py;
  return true;
};
window.runpy = (code) => window.py.runPythonAsync(code);
</script>"""
IN_PYODIDE = """
import json, sys, time
if "." not in sys.path:
    sys.path.insert(0, ".")
import bench_advice
from companion.app.thinking import time_budget
from companion.rules import advise
times, rates, slow = {}, [], []
for rnd in bench_advice.positions(POSITIONS, 21):
    kind = str(rnd.pending.kind)
    start = time.perf_counter()
    made = advise(rnd, stop=time_budget())
    ms = (time.perf_counter() - start) * 1000
    played = getattr(made, "spent", 0) or 2 * made.samples
    slow.append((ms, kind, len(rnd.legal()), played))
    times.setdefault(kind, []).append(ms)
    times.setdefault("all", []).append(ms)
    start = time.perf_counter()
    made = advise(rnd, budget=COUNT)
    s = time.perf_counter() - start
    times.setdefault(f"count {kind}", []).append(s * 1000)
    times.setdefault("count all", []).append(s * 1000)
    played = getattr(made, "spent", 0) or 2 * made.samples
    if played:
        rates.append(played / s)
slow = sorted(slow, reverse=True)[:3]
json.dumps({"times": times, "rates": rates, "slow": slow, "platform": sys.platform})
"""


def files() -> dict[str, str]:
    """The rules package, the app's time budget and the position sampler,
    as the Pyodide file system gets them (the package ``__init__``s empty:
    the app's would import Flet-free but heavy modules the bench needs not)."""
    out = {"companion/__init__.py": "", "companion/app/__init__.py": ""}
    for folder in ("rules", "machine"):
        for path in sorted((ROOT / "companion" / folder).glob("*.py")):
            out[f"companion/{folder}/{path.name}"] = path.read_text()
    # No compiled engine in a browser: what native.active() says there,
    # without platformdirs (which the published app packs, this page not).
    out["companion/machine/native.py"] = "def active() -> bool:\n    return False\n"
    out["companion/app/thinking.py"] = (ROOT / "companion/app/thinking.py").read_text()
    import mypy_extensions  # the engine's one dependency (a single module)

    out["mypy_extensions.py"] = Path(mypy_extensions.__file__).read_text()
    out["bench_advice.py"] = (ROOT / "tests/bench/bench_advice.py").read_text()
    return out


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve(folder: Path) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(Quiet, directory=str(folder))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


def p95(ts: list[float]) -> float:
    ts = sorted(ts)
    return ts[min(len(ts) - 1, round(0.95 * (len(ts) - 1)))]


def main() -> None:
    import tempfile

    from playwright.sync_api import sync_playwright

    from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--count", type=int, default=400, help="play-outs (hard:N)")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    folder = Path(tempfile.mkdtemp(prefix="advice-pyodide-"))
    (folder / "pyodide").symlink_to(PYODIDE)
    (folder / "index.html").write_text(PAGE)
    httpd = serve(folder)
    code = IN_PYODIDE.replace("POSITIONS", str(args.positions)).replace(
        "COUNT", str(args.count)
    )
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM,
            args=CHROMIUM_ARGS,
            env={**os.environ, "TMPDIR": "/tmp"},  # its socket's path has a limit
        )
        page = browser.new_page()
        page.set_default_timeout(0)
        page.goto(f"http://127.0.0.1:{httpd.server_address[1]}/index.html")
        assert page.evaluate("files => window.boot(files)", files())
        out = json.loads(page.evaluate("code => window.runpy(code)", code))
        browser.close()
    httpd.shutdown()
    assert out["platform"] == "emscripten", out["platform"]
    print("Pyodide in Chromium; the app's time budget (0.35 s) / a count:")
    for kind, ts in sorted(out["times"].items()):
        label = kind.replace("count", f"count {args.count}")
        print(
            f"  {label:<22} n={len(ts):<4} p50 {statistics.median(ts):7.1f} ms"
            f"  p95 {p95(ts):7.1f} ms  max {max(ts):7.1f} ms"
        )
    for ms, kind, options, played in out["slow"]:
        print(
            f"  slowest in time: {kind}, {options} options, "
            f"{played} play-outs, {ms:.0f} ms"
        )
    rates = sorted(out["rates"])
    print(
        f"play-outs a second: p5 {rates[len(rates) // 20]:.0f}, median "
        f"{statistics.median(rates):.0f} (in 0.35 s: "
        f"{0.35 * rates[len(rates) // 20]:.0f} / {0.35 * statistics.median(rates):.0f})"
    )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
