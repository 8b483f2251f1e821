"""`flet build` packs companion/ as the app's root and runs companion/main.py
as a script: check that it finds its own package there and that the assets
(fonts, icon, rules text) come along through the companion/assets link."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_main_py_loads_the_package_from_the_app_folder(tmp_path: Path) -> None:
    app = tmp_path / "app"
    shutil.copytree(
        ROOT / "companion", app, ignore=shutil.ignore_patterns("__pycache__")
    )
    assert (app / "assets" / "fonts" / "DejaVuSans.ttf").is_file()
    assert "Scoring a line" in (app / "assets" / "rules.md").read_text(encoding="utf-8")
    code = f"""
import runpy, sys
sys.path = [p for p in sys.path if p and Path(p).resolve() != Path({str(ROOT)!r})]
ns = runpy.run_path({str(app / "main.py")!r}, run_name="built")
ns["_ensure_package"]()
import companion, companion.ui.app, companion.app_entry
assert Path(companion.__file__).parent == Path({str(app)!r}), companion.__file__
print("ok")
"""
    result = subprocess.run(
        [sys.executable, "-c", "from pathlib import Path\n" + code],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
