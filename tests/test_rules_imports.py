"""The rules modules import each other one way where a cycle once was:
round -> saving (the saved format knows nothing of Round)."""

from __future__ import annotations

import ast
from pathlib import Path

RULES = Path(__file__).resolve().parents[1] / "companion" / "rules"


def _rules_imports() -> dict[str, set[str]]:
    """Each rules module's imports of sibling modules, lazy ones included."""
    graph: dict[str, set[str]] = {}
    for path in RULES.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[path.stem] = {
            node.module
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module
        }
    return graph


def test_saving_a_round_and_the_round_do_not_import_each_other() -> None:
    """The saved format (saving.py) knows nothing of Round: round imports
    saving, never the other way, not even inside a function."""
    graph = _rules_imports()
    assert "saving" in graph["round"]
    reach: set[str] = set()
    todo = ["saving"]
    while todo:
        for dep in graph[todo.pop()] - reach:
            reach.add(dep)
            todo.append(dep)
    assert "round" not in reach
