"""Flet passes the event to any handler that declares a parameter, so a
handler written ``lambda i=i: choose(i)`` gets the event as ``i`` (the player
stats chips froze that way). Handlers given straight to a Flet control must
take the event first; our button helpers call theirs with no argument."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[1] / "companion" / "ui"


def test_no_handler_lambda_whose_first_parameter_has_a_default() -> None:
    bad = []
    for path in sorted(UI.glob("**/*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.keyword) or not (node.arg or "").startswith(
                "on_"
            ):
                continue
            fn = node.value
            if isinstance(fn, ast.Lambda) and fn.args.args and fn.args.defaults:
                first_has_default = len(fn.args.defaults) == len(fn.args.args)
                if first_has_default:
                    bad.append(f"{path.name}:{fn.lineno}")
    assert bad == []
