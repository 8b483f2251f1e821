"""companion.rules stays pure: it imports no Flet and nothing of the app's
other layers, so it runs anywhere (tests, simulations, a future server)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[1] / "companion" / "rules"
FORBIDDEN = ("flet", "companion.ui", "companion.store", "companion.share", "tinydb")
IO_MODULES = ("os", "time", "datetime", "pathlib", "io", "socket", "subprocess")


def assert_imports_none(module: str, banned: tuple[str, ...]) -> None:
    """Import ``module`` in a fresh interpreter: no module named in
    ``banned`` (or under it) may come along, however indirectly."""
    code = (
        f"import sys, {module}; banned = {banned!r}; "
        "bad = [m for m in sys.modules "
        "if any(m == b or m.startswith(b + '.') for b in banned)]; "
        "print(bad); raise SystemExit(1 if bad else 0)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_importing_rules_does_not_import_flet() -> None:
    assert_imports_none("companion.rules", ("flet", "tinydb"))


def test_rules_modules_import_only_rules_and_stdlib() -> None:
    offenders = []
    for path in RULES.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif isinstance(node, ast.ImportFrom) and node.level > 1:
                names = ["companion." + (node.module or "")]
            for name in names:
                if name.startswith(FORBIDDEN) or name.split(".")[0] in IO_MODULES:
                    offenders.append(f"{path.name}: {name}")
            # randomness is injected: random.Random(seed) only, no global RNG
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
                and node.attr != "Random"
            ):
                offenders.append(f"{path.name}: random.{node.attr}")
            if isinstance(node, ast.ImportFrom) and node.module == "random":
                offenders += [
                    f"{path.name}: from random import {a.name}"
                    for a in node.names
                    if a.name != "Random"
                ]
    assert offenders == []


def test_the_app_layer_imports_no_flet() -> None:
    """companion.app (with store, share and rules under it) runs without Flet:
    the flows are tested without a page, and another front end could use it."""
    assert_imports_none("companion.app", ("flet", "companion.ui"))


def test_the_network_helpers_import_no_flet() -> None:
    """companion.server.net (the Invite's addresses and links) is used by the app
    layer and its tests without a page."""
    assert_imports_none("companion.server.net", ("flet", "companion.ui"))
