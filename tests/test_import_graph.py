"""The package's import graph, read from the source (``if TYPE_CHECKING:``
imports included): no cycle anywhere in companion/, ``app`` never imports
``server`` (dependencies point one way: the addresses phones use come into
the app layer as values), and no screen or part holds the session
(``AppState``): screens get their view and their intents (issue 36).

Why from the source and not ``sys.modules``: a type-only import runs under
mypy, not at run time, yet it still ties two modules together for whoever
reads or moves them; a cycle found here names the modules on it."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "companion"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imported(
    path: Path, known: dict[str, Path], src: str | None = None
) -> Iterator[tuple[str, int]]:
    """Every companion module ``path`` (or ``src`` read as that file)
    imports, with its line: ``from a import b`` names ``a.b`` when that is
    a module, else ``a``."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8") if src is None else src)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[: len(up) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in known:
                    yield full, node.lineno
                elif base in known:
                    yield base, node.lineno


def graph() -> dict[str, set[str]]:
    known = modules()
    return {
        name: {m for m, _ in imported(path, known) if m != name}
        for name, path in known.items()
    }


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each strongly connected group (Tarjan's)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_the_cycle_finder_finds_a_type_only_cycle() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(edges) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_type_only_and_relative_imports_are_read() -> None:
    src = (
        "from typing import TYPE_CHECKING\n"
        "from ..library import Library\n"
        "from . import games\n"
        "if TYPE_CHECKING:\n    from companion.app.session import AppState\n"
    )
    path = PACKAGE / "app" / "views" / "history.py"
    found = set(imported(path, modules(), src))
    assert found == {
        ("companion.app.library", 2),
        ("companion.app.views.games", 3),
        ("companion.app.session", 5),
    }


def test_no_import_cycle_in_companion() -> None:
    assert cycles(graph()) == []


def test_app_does_not_import_server() -> None:
    known = modules()
    bad = [
        f"{name}:{line} imports {target}"
        for name, path in known.items()
        if name == "companion.app" or name.startswith("companion.app.")
        for target, line in imported(path, known)
        if target.startswith("companion.server")
    ]
    assert bad == []


def test_no_screen_or_part_holds_the_session() -> None:
    """A screen or a part gets its view and its intents: importing the
    session (``AppState``, ``companion.app.session``) fails this test."""
    bad = []
    for folder in ("screens", "parts"):
        for path in sorted((PACKAGE / "ui" / folder).glob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom):
                    names = [a.name for a in node.names]
                    if node.module == "companion.app.session" or "AppState" in names:
                        bad.append(f"{folder}/{path.name}:{node.lineno}")
                elif isinstance(node, ast.Import) and any(
                    a.name == "companion.app.session" for a in node.names
                ):
                    bad.append(f"{folder}/{path.name}:{node.lineno}")
    assert bad == []
