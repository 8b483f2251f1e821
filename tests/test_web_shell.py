"""The web shell in assets/ (index.html, manifest.json, FontManifest.json,
icons) is what tools/make_web_shell.py makes from Flet's files and our icon
and fonts: after a Flet upgrade or a font change this fails until the script
is run again."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]


def tool() -> ModuleType:
    path = ROOT / "tools" / "make_web_shell.py"
    spec = importlib.util.spec_from_file_location("make_web_shell", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_shell_files_are_up_to_date() -> None:
    for path, text in tool().texts().items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.relative_to(ROOT)} is stale: run tools/make_web_shell.py"
        )


def test_icons_exist_at_their_sizes_without_transparency_where_needed() -> None:
    for path, made in tool().images().items():
        on_disk = Image.open(path)
        assert on_disk.size == made.size, path
        assert on_disk.mode == made.mode, path
    # Maskable and iOS icons are cut by the launcher: no see-through corners.
    for name in ("icon-maskable-192", "icon-maskable-512", "apple-touch-icon-192"):
        assert Image.open(ROOT / "assets" / "icons" / f"{name}.png").mode == "RGB"


def test_every_bundled_font_is_in_the_font_manifest_and_exists() -> None:
    from companion.ui.theme import FALLBACKS, FONT_FILES

    manifest = json.loads(
        (ROOT / "assets" / "assets" / "FontManifest.json").read_text(encoding="utf-8")
    )
    listed = {f["family"]: f["fonts"][0]["asset"] for f in manifest}
    for family, file in FONT_FILES.items():
        assert listed[family] == f"../{file}"
        assert (ROOT / "assets" / file).stat().st_size > 10_000, file
    assert set(FALLBACKS) <= set(FONT_FILES)
