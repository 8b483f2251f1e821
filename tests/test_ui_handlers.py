"""Flet passes the event to any handler that declares a parameter, so a
handler written ``lambda i=i: choose(i)`` gets the event as ``i`` (the player
stats chips froze that way). Handlers given straight to a Flet control must
take the event first; our button helpers call theirs with no argument."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[1] / "companion" / "ui"


def flet_calls(tree: ast.AST) -> list[ast.Call]:
    return [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == "ft"
    ]


def test_no_flet_handler_lambda_whose_first_parameter_has_a_default() -> None:
    bad = []
    for path in sorted(UI.glob("**/*.py")):
        for call in flet_calls(ast.parse(path.read_text(encoding="utf-8"))):
            for kw in call.keywords:
                fn = kw.value
                if not (kw.arg or "").startswith("on_") or not isinstance(
                    fn, ast.Lambda
                ):
                    continue
                if fn.args.args and len(fn.args.defaults) == len(fn.args.args):
                    bad.append(f"{path.name}:{fn.lineno}")
    assert bad == []
