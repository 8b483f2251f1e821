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


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every module that reaches itself, with one path back to it."""
    found = []
    for start in sorted(graph):
        path: dict[str, str] = {}
        todo = [start]
        while todo:
            mod = todo.pop()
            for dep in sorted(graph.get(mod, set())):
                if dep == start:
                    back, hop = [start], mod
                    while hop != start:
                        back.append(hop)
                        hop = path[hop]
                    found.append([start, *reversed(back[1:]), start])
                    todo = []
                    break
                if dep not in path and dep in graph:
                    path[dep] = mod
                    todo.append(dep)
    return found


def test_the_rules_modules_import_each_other_without_a_cycle() -> None:
    """Lazy imports included: a cycle hidden inside a function is a cycle
    (issue 24); shared pieces live in a lower module instead."""
    graph = _rules_imports()
    graph.pop("__init__")  # the package's own list of what it exports
    assert _cycles(graph) == []


def test_the_rules_modules_import_only_at_the_top() -> None:
    """No import inside a function or class (that is how cycles hid)."""
    late = []
    for path in sorted(RULES.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top = set(map(id, tree.body))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in top:
                late.append(f"{path.name}:{node.lineno}")
    assert late == []
