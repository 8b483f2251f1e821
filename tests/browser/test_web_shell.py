"""What the server hands a browser before the app starts is ours, not Flet's:
page title, home-screen name, description, manifest, favicon and icons (so
the app added to a phone's home screen is called "Flip 7" and opens
standalone), and every font the page is told to load is there.

No Chromium needed: plain HTTP against the real server."""

from __future__ import annotations

import io
import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from .harness import ROOT, Server

pytestmark = pytest.mark.browser
ASSETS = ROOT / "assets"
ACCENT = "#1F7A8C"


def flet_web_file(path: str) -> bytes:
    import flet_web

    return (Path(flet_web.get_package_web_dir()) / path).read_bytes()


def get(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.status, response.headers["content-type"], response.read()


def meta(html: str, name: str) -> str:
    found = re.search(rf'<meta name="{name}" content="([^"]*)">', html)
    assert found, f"no <meta name={name!r}> in the page"
    return found.group(1)


def image_file(url: str, size: int, ours: Path, flets: str) -> None:
    status, kind, body = get(url)
    assert status == 200 and kind == "image/png", (url, status, kind)
    assert body == ours.read_bytes(), f"{url} is not {ours.relative_to(ROOT)}"
    assert body != flet_web_file(flets), f"{url} is Flet's"
    assert Image.open(io.BytesIO(body)).size == (size, size), url


def test_page_manifest_and_icons_are_ours(reader: Server) -> None:
    server = reader
    status, _, body = get(server.url + "/")
    html = body.decode()
    assert status == 200
    assert "<title>Flip 7 Companion</title>" in html
    assert meta(html, "apple-mobile-web-app-title") == "Flip 7"
    assert meta(html, "theme-color") == ACCENT
    assert "Flip 7" in meta(html, "description")
    assert "Flet" not in meta(html, "description")
    assert not re.search(r"<title>Flet|content=\"Flet", html)

    status, _, body = get(server.url + "/manifest.json")
    manifest: dict[str, Any] = json.loads(body)
    assert manifest["name"] == "Flip 7 Companion"
    assert manifest["short_name"] == "Flip 7"
    assert manifest["theme_color"] == ACCENT
    assert manifest["display"] == "standalone"
    assert "Flet" not in json.dumps(manifest)
    purposes = set()
    for icon in manifest["icons"]:
        size = int(icon["sizes"].split("x")[0])
        image_file(
            f"{server.url}/{icon['src']}", size, ASSETS / icon["src"], icon["src"]
        )
        purposes.add((size, icon.get("purpose", "any")))
    assert {(192, "any"), (512, "any"), (192, "maskable"), (512, "maskable")} <= (
        purposes
    )

    image_file(server.url + "/favicon.png", 64, ASSETS / "favicon.png", "favicon.png")
    touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', html)
    assert touch is not None
    image_file(
        f"{server.url}/{touch.group(1)}",
        192,
        ASSETS / touch.group(1),
        touch.group(1),
    )
    loading = "icons/loading-animation.png"
    image_file(f"{server.url}/{loading}", 512, ASSETS / loading, loading)


def test_every_font_the_page_loads_is_served(reader: Server) -> None:
    """FontManifest.json lists Flet's fonts and ours (loaded before the first
    frame); each file it names answers 200, ours byte for byte."""
    server = reader
    _, _, body = get(server.url + "/assets/FontManifest.json")
    families = {f["family"]: f["fonts"] for f in json.loads(body)}
    for family in ("DejaVu Sans", "Droid Sans Fallback", "Noto Color Emoji 7"):
        assert family in families, f"{family} is not loaded at start"
    assert "MaterialIcons" in families  # Flet's own are kept
    for fonts in families.values():
        for font in fonts:
            url = urllib.request.urljoin(
                server.url + "/assets/", font["asset"].replace(" ", "%20")
            )
            status, _, data = get(url)
            assert status == 200 and data, url
            if font["asset"].startswith("../"):
                assert data == (ASSETS / font["asset"][3:]).read_bytes(), url
