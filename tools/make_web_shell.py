"""Write the web shell the server hands a browser: ours, not Flet's defaults.

Flet's server takes ``index.html``, ``manifest.json`` and
``assets/FontManifest.json`` from the app's assets folder when they exist
there (flet_web.fastapi.FletStaticFiles), and serves any other file of the
assets folder before its own web files (favicon, icons). This script derives
all of them:

- ``assets/index.html``: Flet's page with our title, home-screen name,
  description and theme colour (Flet fills in its runtime settings at start);
- ``assets/manifest.json``: name, short name, colours, icons; opens standalone;
- ``assets/assets/FontManifest.json``: Flet's fonts plus ours, so the browser
  loads ours before the first frame (see companion/ui/theme.py FONT_FILES);
- ``assets/favicon.png`` and ``assets/icons/*.png`` from ``assets/icon.png``.

Run ``uv run python tools/make_web_shell.py`` after changing the icon, the
fonts or the Flet version; tests/test_web_shell.py fails until you do.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.ui.theme import FONT_FILES  # noqa: E402
from companion.ui.theme import TEAL as ACCENT  # noqa: E402  (the hex, not the slot)

ASSETS = ROOT / "assets"
NAME = "Flip 7 Companion"
SHORT_NAME = "Flip 7"
DESCRIPTION = "Score sheet, card dealer and game sharing for Flip 7: With a Vengeance."
BACKGROUND = "#FFFFFF"  # the loading screen behind the icon (index.html)
# Files of Flet's page replaced, and by what (each must be found once).
INDEX_CHANGES = [
    (
        '<meta name="description" content="Flet application.">',
        f'<meta name="description" content="{DESCRIPTION}">\n'
        f'  <meta name="theme-color" content="{ACCENT}">',
    ),
    (
        '<meta name="apple-mobile-web-app-title" content="Flet">',
        f'<meta name="apple-mobile-web-app-title" content="{SHORT_NAME}">',
    ),
    ("<title>Flet</title>", f"<title>{NAME}</title>"),
]
ICON_SIZES = {"icon": (192, 512), "icon-maskable": (192, 512)}


def flet_web_dir() -> Path:
    import flet_web

    return Path(flet_web.get_package_web_dir())


def index_html() -> str:
    """Flet's index.html with our names: its scripts stay exactly Flet's."""
    text = (flet_web_dir() / "index.html").read_text(encoding="utf-8")
    for old, new in INDEX_CHANGES:
        if text.count(old) != 1:
            raise SystemExit(f"Flet's index.html changed: {old!r} not found once")
        text = text.replace(old, new)
    return text


def manifest() -> str:
    icons = [
        {
            "src": f"icons/icon-{size}.png",
            "sizes": f"{size}x{size}",
            "type": "image/png",
        }
        for size in ICON_SIZES["icon"]
    ] + [
        {
            "src": f"icons/icon-maskable-{size}.png",
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": "maskable",
        }
        for size in ICON_SIZES["icon-maskable"]
    ]
    data = {
        "name": NAME,
        "short_name": SHORT_NAME,
        "description": DESCRIPTION,
        "start_url": ".",
        "scope": ".",
        "display": "standalone",
        "background_color": BACKGROUND,
        "theme_color": ACCENT,
        "orientation": "natural",
        "prefer_related_applications": False,
        "icons": icons,
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def font_manifest() -> str:
    """Flet's FontManifest plus our fonts. Asset URLs are ``assets/<key>``;
    ours live beside index.html, hence ``../``."""
    path = flet_web_dir() / "assets" / "FontManifest.json"
    fonts = json.loads(path.read_text(encoding="utf-8"))
    fonts += [
        {"family": family, "fonts": [{"asset": f"../{file}"}]}
        for family, file in FONT_FILES.items()
    ]
    return json.dumps(fonts, indent=1, ensure_ascii=False) + "\n"


def texts() -> dict[Path, str]:
    return {
        ASSETS / "index.html": index_html(),
        ASSETS / "manifest.json": manifest(),
        ASSETS / "assets" / "FontManifest.json": font_manifest(),
    }


def _full_bleed(icon: Image.Image, size: int, scale: float) -> Image.Image:
    """The icon on a square of its own teal, no transparency: for maskable
    icons (the launcher keeps a circle of 80% of the width: the card
    fits at 0.9) and iOS."""
    canvas = Image.new("RGB", (size, size), ACCENT)
    inner = round(size * scale)
    small = icon.resize((inner, inner), Image.Resampling.LANCZOS)
    offset = (size - inner) // 2
    canvas.paste(small, (offset, offset), small)
    return canvas


def images() -> dict[Path, Image.Image]:
    icon = Image.open(ASSETS / "icon.png").convert("RGBA")

    def plain(size: int) -> Image.Image:
        return icon.resize((size, size), Image.Resampling.LANCZOS)

    out = {
        ASSETS / "favicon.png": plain(64),
        ASSETS / "icons" / "loading-animation.png": plain(512),
        ASSETS / "icons" / "apple-touch-icon-192.png": _full_bleed(icon, 192, 1.0),
    }
    for size in ICON_SIZES["icon"]:
        out[ASSETS / "icons" / f"icon-{size}.png"] = plain(size)
    for size in ICON_SIZES["icon-maskable"]:
        out[ASSETS / "icons" / f"icon-maskable-{size}.png"] = _full_bleed(
            icon, size, 0.9
        )
    return out


def main() -> None:
    for path, text in texts().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    for path, image in images().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        image.save(path, optimize=True)
        print(f"wrote {path.relative_to(ROOT)} {image.size[0]}x{image.size[1]}")


if __name__ == "__main__":
    main()
