"""The phone app's sealer (companion/tablelink/webcrypto.py) run where it
runs: Pyodide in Chromium (the Pyodide flet ships, one plain page, no app
boot), against the ``cryptography`` one. Same bytes both ways: what one
seals the other opens, and both ends of a channel derive the same key."""

from __future__ import annotations

import asyncio
import functools
import http.server
import json
import threading
from pathlib import Path
from typing import Any

import flet_web
import pytest

from companion.tablelink.sealing import PySealer, b64, new_key, unb64

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
PYODIDE = Path(flet_web.__file__).parent / "web" / "pyodide"
PAGE = """<!doctype html><meta charset="utf-8"><title>sealer</title>
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
import json
from companion.tablelink.sealing import Unsealable, b64, unb64
from companion.tablelink.webcrypto import WebCryptoSealer
s = WebCryptoSealer()
key = unb64(KEY)
out = {"sealed": b64(await s.seal(key, b"from the phone", b"f7t1|r|in|me"))}
out["opened"] = (await s.open(key, unb64(FROM_PY), b"f7t1|r|rev|host")).decode()
try:
    await s.open(key, unb64(FROM_PY), b"f7t1|r|rev|another")
    out["moved"] = "opened"
except Unsealable:
    out["moved"] = "refused"
private, public = await s.new_pair()
out["public"] = b64(public)
out["channel"] = b64(await s.agree(private, unb64(HOST), b"r"))
try:
    await s.agree(private, b"\\x04" + b"\\x01" * 64, b"r")
    out["bad_point"] = "agreed"
except Unsealable:
    out["bad_point"] = "refused"
json.dumps(out)
"""


def serve(folder: Path) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(
        http.server.SimpleHTTPRequestHandler, directory=str(folder)
    )
    handler.log_message = lambda *a: None  # type: ignore[method-assign]
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


def test_the_phone_apps_sealer_matches_the_python_one(
    browser: Any, tmp_path: Path
) -> None:
    (tmp_path / "pyodide").symlink_to(PYODIDE)
    (tmp_path / "index.html").write_text(PAGE)
    sealer, key = PySealer(), new_key()
    result: dict[str, Any] = {}

    def python_side() -> None:  # Playwright's sync API holds this thread's loop
        async def go() -> None:
            result["host"] = await sealer.new_pair()
            sealed = await sealer.seal(key, b"from the host", b"f7t1|r|rev|host")
            result["from_py"] = b64(sealed)

        asyncio.run(go())

    thread = threading.Thread(target=python_side)
    thread.start()
    thread.join(10)
    package = ROOT / "companion" / "tablelink"
    files = {"companion/__init__.py": ""} | {
        f"companion/tablelink/{name}": (package / name).read_text()
        for name in ("__init__.py", "sealing.py", "webcrypto.py")
    }
    httpd = serve(tmp_path)
    try:
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{httpd.server_address[1]}/index.html")
        assert page.evaluate("files => window.boot(files)", files)
        code = (
            f"KEY, FROM_PY, HOST = {b64(key)!r}, {result['from_py']!r}, "
            f"{b64(result['host'][1])!r}\n" + IN_PYODIDE
        )
        out = json.loads(page.evaluate("code => window.runpy(code)", code))
        page.close()
    finally:
        httpd.shutdown()
    assert out["opened"] == "from the host"
    assert out["moved"] == "refused" and out["bad_point"] == "refused"

    def check() -> None:
        async def go() -> None:
            opened = await sealer.open(key, unb64(out["sealed"]), b"f7t1|r|in|me")
            result["opened"] = opened
            channel = await sealer.agree(result["host"][0], unb64(out["public"]), b"r")
            result["channel"] = b64(channel)

        asyncio.run(go())

    thread = threading.Thread(target=check)
    thread.start()
    thread.join(10)
    assert result["opened"] == b"from the phone"
    assert result["channel"] == out["channel"]
