"""companion.share depends on the rules core only (DESIGN.md: ui → store,
share → rules): no Flet, no store, no UI, so it runs anywhere. The one
other module it may use is companion.i18n (Flet-free, Babel only): the QR
summary is written in the sharer's language (issue 12); and
companion.machine.runtime (stdlib only), which says whether Pillow is there (the
phone app has none, issue 23)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import companion.share

ALLOWED_THIRD_PARTY = {"qrcode", "PIL"}
SHARE_MAY_USE = ("companion.rules", "companion.i18n", "companion.machine.runtime")
FORBIDDEN = ("flet", "companion.ui", "companion.store", "companion.share.__main__")


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_share_imports_only_rules_stdlib_and_qrcode() -> None:
    folder = Path(companion.share.__file__).parent
    for path in sorted(folder.glob("*.py")):
        for name in _imports(path):
            assert not name.startswith(FORBIDDEN), f"{path.name} imports {name}"
            top = name.split(".")[0]
            if top == "companion":
                assert name.startswith(SHARE_MAY_USE), f"{path.name}: {name}"
            elif top not in ALLOWED_THIRD_PARTY:
                assert top in sys.stdlib_module_names, name
